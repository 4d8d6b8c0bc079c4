import { parseArgs } from 'node:util';
import type { CompareArgs } from './commands/compare.js';
import type { ConstructArgs } from './commands/construct.js';
import type { ImportArgs } from './commands/import.js';
import type { LatencyArgs } from './commands/latency.js';
import type { RunArgs } from './commands/run-flags.js';
import type { SchemaArgs } from './commands/schema.js';
import type { ValidateArgs } from './commands/validate.js';
import { closestName } from './did-you-mean.js';
import { type ParseOptions, parseOptionsOf } from './flags.js';
import { type CliIO, processIO } from './io.js';
import { UsageError } from './usage-error.js';

type Values = Record<string, string | boolean | string[] | undefined>;

/** What a subcommand's module gives: its options (from its flag table), help and what it runs. */
interface LoadedCommand {
  options: ParseOptions;
  help: string;
  run(values: Values, positionals: string[], io: CliIO): Promise<number>;
}

/**
 * One subcommand: its line in the usage and its module, imported only when that command
 * runs, so that `run` does not load the model client of `construct` or the importer
 * (docs/sandbox.md, "Cost"). Each module declares its flags in one table (flags.ts): the
 * parser's options, the help's flag lines and the argument type come from it.
 */
interface Command {
  summary: string;
  load(): Promise<LoadedCommand>;
}

// Option values are typed by the command's flag table; the casts only name that.
const commands: Record<string, Command> = {
  validate: {
    summary: 'validate [pack]   validate and qualify a task pack',
    load: async () => {
      const command = await import('./commands/validate.js');
      return {
        options: parseOptionsOf(command.VALIDATE_FLAGS),
        help: command.validateHelp,
        run: (values, [pack], io) =>
          command.validateCommand({ ...(values as ValidateArgs), pack }, io),
      };
    },
  },
  schema: {
    summary: 'schema            print the JSON Schema of pack files',
    load: async () => {
      const command = await import('./commands/schema.js');
      return {
        options: parseOptionsOf(command.SCHEMA_FLAGS),
        help: command.schemaHelp,
        run: (values, _, io) => command.schemaCommand(values as SchemaArgs, io),
      };
    },
  },
  latency: {
    summary: "latency           time a verifier on the pack's timing panel",
    load: async () => {
      const command = await import('./commands/latency.js');
      return {
        options: parseOptionsOf(command.LATENCY_FLAGS),
        help: command.latencyHelp,
        run: (values, _, io) => command.latencyCommand(values as LatencyArgs, io),
      };
    },
  },
  import: {
    summary: 'import agent-diff import Agent-Diff suites and recorded runs as a pack',
    load: async () => {
      const command = await import('./commands/import.js');
      return {
        options: parseOptionsOf(command.IMPORT_FLAGS),
        help: command.importHelp,
        run: (values, [source], io) =>
          command.importCommand({ ...(values as ImportArgs), source }, io),
      };
    },
  },
  run: {
    summary:
      'run               run the agentproofbench Vitest project on a verifier (report + gates)',
    load: async () => {
      const command = await import('./commands/run.js');
      return {
        options: command.RUN_PARSE_OPTIONS,
        help: command.runHelp,
        run: (values, _, io) => command.runCommand(values as RunArgs, io),
      };
    },
  },
  construct: {
    summary: 'construct         build frozen verifier programs with a generator (reuse contract)',
    load: async () => {
      const command = await import('./commands/construct.js');
      return {
        options: parseOptionsOf(command.CONSTRUCT_FLAGS),
        help: command.constructHelp,
        run: (values, _, io) => command.constructCommand(values as ConstructArgs, io),
      };
    },
  },
  compare: {
    summary: 'compare a b       paired contrast between two saved reports',
    load: async () => {
      const command = await import('./commands/compare.js');
      return {
        options: parseOptionsOf(command.COMPARE_FLAGS),
        help: command.compareHelp,
        run: (values, [a, b], io) =>
          command.compareCommand({ ...(values as CompareArgs), a, b }, io),
      };
    },
  },
};

const usage = `agentproofbench <command> [options]

Commands:
${Object.values(commands)
  .map((command) => `  ${command.summary}`)
  .join('\n')}

Run \`agentproofbench <command> --help\` for a command's options.`;

/** Run one CLI invocation; returns the exit code (never calls process.exit itself). */
export async function runCli(argv: string[], io: CliIO = processIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(usage);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    const near = closestName(name, Object.keys(commands));
    io.error(
      `agentproofbench: unknown command "${name}"${near ? `; did you mean "${near}"?` : ''}\n\n${usage}`,
    );
    return 2;
  }
  const loaded = await command.load();
  const options = loaded.options;
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { ...options, help: { type: 'boolean' } },
    });
  } catch (error) {
    // parseArgs rejects unknown options with a TypeError naming the option.
    return usageFailure(name, withSuggestion(error as Error, options), loaded, io);
  }
  if (parsed.values.help) {
    io.out(loaded.help);
    return 0;
  }
  try {
    return await loaded.run(parsed.values, parsed.positionals, io);
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(name, error.message, loaded, io);
    // Library errors carry a stable code and a fix in their message; print it, not a stack.
    io.error(`agentproofbench ${name}: ${(error as Error).message}`);
    return 1;
  }
}

/** parseArgs' message for an unknown option, with the option the user most likely meant. */
function withSuggestion(error: Error & { code?: string }, options: ParseOptions): string {
  const typed = /^Unknown option '(--?[^']+)'/.exec(error.message)?.[1];
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !typed) return error.message;
  const near = closestName(typed.replace(/^--?/, ''), Object.keys(options));
  return near
    ? `unknown option ${typed}; did you mean --${near}?`
    : `unknown option ${typed} (see the options below)`;
}

/** Every usage error reads the same: the command, what is wrong, the command's help; exit 2. */
function usageFailure(name: string, message: string, command: LoadedCommand, io: CliIO): number {
  io.error(`agentproofbench ${name}: ${message}\n\n${command.help}`);
  return 2;
}
