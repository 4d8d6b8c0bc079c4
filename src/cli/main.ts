import { parseArgs } from 'node:util';
import { benchCommand, benchHelp } from './commands/bench.js';
import { compareCommand, compareHelp } from './commands/compare.js';
import { importCommand, importHelp } from './commands/import.js';
import { runCommand, runHelp } from './commands/run.js';
import { schemaCommand, schemaHelp } from './commands/schema.js';
import { validateCommand, validateHelp } from './commands/validate.js';
import { type CliIO, processIO } from './io.js';

const usage = `agentproofbench <command> [options]

Commands:
  validate [pack]   validate and qualify a task pack
  schema            print the JSON Schema of pack files
  bench             time a verifier on the pack's timing panel
  import agent-diff import Agent-Diff suites and recorded runs as a pack
  run               run the agentproofbench Vitest project on a verifier (report + gates)
  compare a b       paired contrast between two saved reports

Run \`agentproofbench <command> --help\` for a command's options.`;

/** Run one CLI invocation; returns the exit code (never calls process.exit itself). */
export async function runCli(argv: string[], io: CliIO = processIO): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'validate': {
        const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean', default: false }, help: { type: 'boolean' } } });
        if (values.help) return io.out(validateHelp), 0;
        return await validateCommand({ pack: positionals[0], json: values.json ?? false }, io);
      }
      case 'schema': {
        const { values } = parseArgs({ args: rest, options: { kind: { type: 'string' }, help: { type: 'boolean' } } });
        if (values.help) return io.out(schemaHelp), 0;
        return await schemaCommand({ kind: values.kind }, io);
      }
      case 'bench': {
        const { values } = parseArgs({
          args: rest,
          options: {
            verifier: { type: 'string' },
            pack: { type: 'string' },
            runtime: { type: 'string' },
            panel: { type: 'string' },
            iterations: { type: 'string' },
            json: { type: 'string' },
            help: { type: 'boolean' },
          },
        });
        if (values.help) return io.out(benchHelp), 0;
        return await benchCommand(values, io);
      }
      case 'import': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            data: { type: 'string' },
            out: { type: 'string' },
            suite: { type: 'string', multiple: true },
            runs: { type: 'string', multiple: true },
            name: { type: 'string' },
            force: { type: 'boolean', default: false },
            json: { type: 'boolean', default: false },
            help: { type: 'boolean' },
          },
        });
        if (values.help) return io.out(importHelp), 0;
        return await importCommand({ ...values, source: positionals[0] }, io);
      }
      case 'run': {
        const { values } = parseArgs({
          args: rest,
          options: {
            verifier: { type: 'string' },
            pack: { type: 'string' },
            runtime: { type: 'string' },
            json: { type: 'string' },
            gate: { type: 'string', multiple: true },
            mode: { type: 'string' },
            task: { type: 'string', multiple: true },
            help: { type: 'boolean' },
          },
        });
        if (values.help) return io.out(runHelp), 0;
        return await runCommand(values, io);
      }
      case 'compare': {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            seed: { type: 'string' },
            resamples: { type: 'string' },
            json: { type: 'boolean', default: false },
            help: { type: 'boolean' },
          },
        });
        if (values.help) return io.out(compareHelp), 0;
        return await compareCommand({ a: positionals[0], b: positionals[1], seed: values.seed, resamples: values.resamples, json: values.json ?? false }, io);
      }
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.out(usage);
        return command === undefined ? 2 : 0;
      default:
        io.error(`unknown command "${command}"\n\n${usage}`);
        return 2;
    }
  } catch (error) {
    // parseArgs rejects unknown options with a TypeError naming the option.
    io.error(`agentproofbench ${command}: ${(error as Error).message}`);
    return 2;
  }
}
