import { writeFile } from 'node:fs/promises';
import { AgentProofBenchError } from '../../contract/error.js';
import { describeErrors } from '../../evaluation/error-digest.js';
import { resolvePrograms } from '../../evaluation/programs.js';
import { type LatencyProfile, profileLatency } from '../../latency/latency-profile.js';
import { renderLatencyProfile } from '../../latency/render-latency.js';
import { loadPackOrThrow } from '../../pack/load.js';
import { resolvePackDir } from '../../pack/resolve.js';
import { createRuntime, defaultRuntimeFor } from '../../sandbox/runtime.js';
import { type ArgsOf, type FlagTable, flagsHelp } from '../flags.js';
import type { CliIO } from '../io.js';
import { isolationOption, runtimeOption, UsageError, VERIFIER_REQUIRED } from '../usage-error.js';

/** Every flag of `agentproofbench latency`: its parser options, help lines and types. */
export const LATENCY_FLAGS = {
  verifier: {
    value: '<p>',
    help: [
      'one module for every task, a pattern such as verifiers/{task}.ts,',
      'or judge:<config.json> (an online LLM judge)',
    ],
  },
  pack: { value: '<p>', help: ['pack folder or built-in name (default: builtin)'] },
  runtime: {
    value: '<r>',
    help: ['isolate | process | inline (default: isolate; process for .py)'],
  },
  isolation: {
    value: '<i>',
    help: [
      'pooled (default) | fresh: a new isolate per evaluation (isolate runtime),',
      "a new process per evaluation instead of a warm parent's fork (process)",
    ],
  },
  panel: { value: '<p>', help: ["timing (the manifest's timing panel; the only panel so far)"] },
  iterations: { value: '<n>', help: ['timed evaluations per state (default 10)'] },
  json: { value: '<file>', help: ['also write the profile as JSON to this file'] },
  'allow-errors': { help: ['exit 0 even when every timed evaluation errored'] },
} as const satisfies FlagTable;

export type LatencyArgs = ArgsOf<typeof LATENCY_FLAGS>;

export const latencyHelp = `agentproofbench latency --verifier <module|pattern> [--pack p] [--runtime r]
                        [--panel timing] [--iterations n] [--json file] [--allow-errors]

Time a verifier on the pack's 24-state timing panel with tinybench: every iteration is
one independent evaluation (fresh sandbox, fresh replicas and budget), as in a real run.
Prints median, p75 and p99 latency, throughput and operations per state and overall.
${flagsHelp(LATENCY_FLAGS, 19)}
Errors are listed by kind with the first message. Exit code 1 when every state's
evaluation errored (a broken verifier times nothing), unless --allow-errors.`;

/** The digest of the states whose (last) evaluation errored. */
function profileErrors(profile: LatencyProfile): string[] {
  return describeErrors(
    profile.states.flatMap((state) =>
      state.errorKind
        ? [
            {
              where: `${state.task} ${state.condition}/${state.outcome}`,
              kind: state.errorKind,
              message: state.errorMessage ?? '',
            },
          ]
        : [],
    ),
    profile.states.length,
  );
}

export async function latencyCommand(args: LatencyArgs, io: CliIO): Promise<number> {
  if (!args.verifier) throw new UsageError(VERIFIER_REQUIRED);
  const runtimeName = runtimeOption(args.runtime) ?? defaultRuntimeFor([args.verifier]);
  const isolation = isolationOption(args.isolation);
  if (args.panel !== undefined && args.panel !== 'timing')
    throw new UsageError(`--panel must be timing (the pack's timing panel), got "${args.panel}"`);
  const iterations = args.iterations === undefined ? 10 : Number(args.iterations);
  if (!Number.isInteger(iterations) || iterations < 1)
    throw new UsageError(`--iterations must be a positive whole number, got "${args.iterations}"`);
  const pack = await loadPackOrThrow(resolvePackDir(args.pack));
  if (pack.manifest.timingPanel.length === 0) {
    io.error(
      `agentproofbench latency: pack ${pack.manifest.name} declares no timing panel (pack.json "timingPanel")`,
    );
    return 1;
  }
  const taskIds = [...new Set(pack.manifest.timingPanel.map((ref) => ref.task))];
  const programs = resolvePrograms(args.verifier, taskIds);
  const missing = taskIds.filter((task) => !programs.some((program) => program.task === task));
  if (missing.length === taskIds.length) {
    const example = args.verifier
      .replace('{task}', taskIds[0] ?? 'task')
      .replace('{replica}', 'r1');
    throw new AgentProofBenchError(
      'APB_NO_PROGRAMS',
      `no verifier program matches a task of pack ${pack.manifest.name}'s timing panel (${args.verifier}; the panel's ${pack.manifest.timingPanel.length} states are of ${taskIds.join(', ')})`,
      { fix: `create one, e.g. ${example}, or point --verifier at files that exist` },
    );
  }
  if (missing.length > 0)
    io.error(
      `agentproofbench latency: timing ${pack.manifest.timingPanel.length - pack.manifest.timingPanel.filter((ref) => missing.includes(ref.task)).length} of the panel's ${pack.manifest.timingPanel.length} states; no verifier for ${[...missing].sort().join(', ')}`,
    );
  const runtime = await createRuntime(runtimeName, {
    ...(isolation ? { isolate: { isolation } } : {}),
    process: { hiddenPaths: [pack.dir], ...(isolation ? { isolation } : {}) },
  });
  try {
    const profile = await profileLatency({ pack, programs, runtime, iterations });
    io.out(renderLatencyProfile(profile));
    if (args.json) await writeFile(args.json, `${JSON.stringify(profile, null, 2)}\n`);
    const errors = profileErrors(profile);
    if (errors.length > 0) io.error(`agentproofbench latency: ${errors.join('\n')}`);
    if (profile.states.length === 0) return 1;
    const everyStateErrored = profile.states.every((state) => state.errorKind !== undefined);
    if (everyStateErrored && !args['allow-errors']) {
      io.error(
        'agentproofbench latency: every evaluation errored, so nothing was timed (pass --allow-errors to exit 0 anyway)',
      );
      return 1;
    }
    return 0;
  } finally {
    await runtime.close();
  }
}
