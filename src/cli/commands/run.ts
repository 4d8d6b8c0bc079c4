import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Report } from '../../report/report-schema.js';
import {
  type CiThresholds as Gates,
  parseCiThreshold as parseGate,
} from '../../run/ci-thresholds.js';
import { type AgentProofBenchOptions, resolveOptions } from '../../run/options.js';
import { CHUNK_COUNT, planRun } from '../../run/run-plan.js';
import { CONDITIONS, type ConditionName } from '../../schema/task.js';
import { runProject } from '../../vitest/plugin.js';
import type { CliIO } from '../io.js';
import { writeRunTiming } from '../run-timing.js';
import { stoppingChildrenOnSignal } from '../stop-on-signal.js';
import { isolationOption, runtimeOption, UsageError, VERIFIER_REQUIRED } from '../usage-error.js';
import { type RunArgs, runFlagsHelp } from './run-flags.js';

export const runHelp = `agentproofbench run --verifier <module|pattern> [options]

Run the agentproofbench Vitest project without writing a config: every case of every
task that has a program, then the metrics table, the JSON report and the gates.
${runFlagsHelp()}
Exit code 0 when the run passed (no failed case in tdd mode, every gate passed), 1 otherwise.`;

function condition(value: string, argument: string): ConditionName {
  if (!(CONDITIONS as readonly string[]).includes(value))
    throw new UsageError(
      `${argument} must name a condition (${CONDITIONS.join(', ')}), got "${value}"`,
    );
  return value as ConditionName;
}

function costArgument(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0)
    throw new UsageError(`--${name} must be a number ≥ 0, got "${value}"`);
  return n;
}

/**
 * `--built-on [set=]condition` beside `--verifier` or `--programs`: a bare condition for the
 * single verifier, `set=condition` per program set.
 */
function builtOnOptions(
  args: RunArgs,
  sets: Record<string, string> | undefined,
): Pick<AgentProofBenchOptions, 'verifier' | 'programs' | 'builtOn'> {
  const perSet = new Map<string, ConditionName>();
  let single: ConditionName | undefined;
  for (const entry of args['built-on'] ?? []) {
    const at = entry.indexOf('=');
    if (at < 0) single = condition(entry, '--built-on');
    else
      perSet.set(
        entry.slice(0, at),
        condition(entry.slice(at + 1), `--built-on ${entry.slice(0, at)}`),
      );
  }
  if (!sets) {
    if (perSet.size > 0)
      throw new UsageError(
        '--built-on <set>=<condition> needs --programs sets; with --verifier give --built-on <condition>',
      );
    return { verifier: args.verifier, ...(single ? { builtOn: single } : {}) };
  }
  if (single) throw new UsageError('with --programs sets, give --built-on <set>=<condition>');
  const unknown = [...perSet.keys()].filter((set) => !Object.hasOwn(sets, set));
  if (unknown.length > 0)
    throw new UsageError(`--built-on names no --programs set: ${unknown.join(', ')}`);
  return {
    programs: Object.fromEntries(
      Object.entries(sets).map(([set, verifier]) => {
        const on = perSet.get(set);
        return [set, on ? { verifier, builtOn: on } : verifier];
      }),
    ),
  };
}

/** `--programs set=pattern` (repeatable) as program sets, in the order given; undefined when none. */
function programSets(values: readonly string[]): Record<string, string> | undefined {
  if (values.length === 0) return undefined;
  const sets: Record<string, string> = {};
  for (const value of values) {
    const match = /^([\w-]+)=(.+)$/.exec(value);
    if (!match) throw new UsageError(`--programs expects <set>=<module|pattern>, got "${value}"`);
    if (Object.hasOwn(sets, match[1]!))
      throw new UsageError(`--programs names set "${match[1]}" twice`);
    sets[match[1]!] = match[2]!;
  }
  return sets;
}

export { RUN_PARSE_OPTIONS, type RunArgs } from './run-flags.js';

/** Validate CLI arguments into project options; the message names the bad argument. */
export function runOptionsFromArgs(args: RunArgs): AgentProofBenchOptions {
  const programs = programSets(args.programs ?? []);
  if (!args.verifier && !programs) throw new UsageError(VERIFIER_REQUIRED);
  if (args.verifier && programs)
    throw new UsageError('give either --verifier or --programs, not both');
  const runtime = runtimeOption(args.runtime);
  if (args.mode !== undefined && args.mode !== 'tdd' && args.mode !== 'gate')
    throw new UsageError(`--mode must be tdd or gate, got "${args.mode}"`);
  const isolation = isolationOption(args.isolation);
  const concurrency = args.concurrency === undefined ? undefined : Number(args.concurrency);
  if (
    concurrency !== undefined &&
    !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64)
  )
    throw new UsageError(
      `--concurrency must be a whole number from 1 to 64, got "${args.concurrency}"`,
    );
  let gates: Gates = {};
  try {
    for (const expression of args.gate ?? []) gates = parseGate(expression, gates);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const alternativePerUse = costArgument(args['alternative-cost'], 'alternative-cost');
  const perSecond = costArgument(args['cost-per-second'], 'cost-per-second');
  const cost = {
    ...(alternativePerUse !== undefined ? { alternativePerUse } : {}),
    ...(perSecond !== undefined ? { perSecond } : {}),
  };
  return {
    ...builtOnOptions(args, programs),
    ...(Object.keys(cost).length > 0 ? { cost } : {}),
    ...(args.pack ? { pack: args.pack } : {}),
    ...(runtime ? { runtime } : {}),
    ...(isolation ? { isolation } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(args.json ? { outputFile: args.json } : {}),
    ...(args.task && args.task.length > 0 ? { tasks: args.task } : {}),
    ...(args['online-gate'] ? { onlineGate: args['online-gate'] } : {}),
    mode: (args.mode as 'tdd' | 'gate' | undefined) ?? 'gate',
    gates,
  };
}

/**
 * One test worker per core, not Vitest's default of one fewer: a worker evaluates on its
 * own thread all the time, while the main process only receives records and reports at the
 * end, so on two cores the default would leave one core idle for the whole run
 * (docs/architecture.md, "One plan per process"). The plugin makes one chunk file per worker.
 */
export function runWorkers(): number {
  return availableParallelism();
}

/** Run the project through Vitest's Node API and exit like Vitest would. */
export async function runCommand(
  args: RunArgs,
  io: CliIO,
  cwd: string = process.cwd(),
  // `npm run bench` runs its baseline through here with a project of its own (bench/baseline-project.ts).
  makeProject: typeof runProject = runProject,
): Promise<number> {
  const options = runOptionsFromArgs(args);
  // A set-up mistake (a pack that does not load, no verifier file for any task, an unknown
  // task) is the one line `agentproofbench run: <code>: …` the dispatcher prints, not a
  // failed Vitest test. The project runs this plan; it does not plan again.
  const resolved = resolveOptions(options, path.resolve(cwd));
  const planned = { options: resolved, plan: await planRun(resolved, CHUNK_COUNT) };
  // The reporter hands the report here as it makes it (and marks the run's timing).
  let report: Report | undefined;
  const timing = {};
  const project = makeProject(options, {
    planned,
    listener: {
      onReport: (made) => {
        report = made;
      },
      timing,
    },
  });
  const previousExitCode = process.exitCode;
  // Loaded here so that other commands do not pay for starting Vitest's node API.
  const { startVitest } = await import('vitest/node');
  let vitest: Awaited<ReturnType<typeof startVitest>>;
  try {
    vitest = await stoppingChildrenOnSignal(() =>
      startVitest(
        'test',
        [],
        { config: false, watch: false, root: path.resolve(cwd), maxWorkers: runWorkers() },
        { plugins: project.plugins, test: project.test },
      ),
    );
  } catch (error) {
    io.error(`agentproofbench run: ${(error as Error).message}`);
    return 1;
  } finally {
    // Vitest sets process.exitCode itself; this command reports through its return value.
    process.exitCode = previousExitCode;
  }
  const failedTests = vitest.state.getCountOfFailedTests();
  const unhandled = vitest.state.getUnhandledErrors().length;
  await vitest.close();
  writeRunTiming(timing);
  if (!report) {
    io.error('agentproofbench run: no report was produced (see the errors above)');
    return 1;
  }
  return failedTests === 0 && unhandled === 0 && report.passed ? 0 : 1;
}
