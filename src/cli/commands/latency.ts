import { writeFile } from 'node:fs/promises';
import { resolvePrograms } from '../../evaluation/programs.js';
import { profileLatency } from '../../latency/latency-profile.js';
import { renderLatencyProfile } from '../../latency/render-latency.js';
import { loadPackOrThrow } from '../../pack/load.js';
import { resolvePackDir } from '../../pack/resolve.js';
import { createRuntime, RUNTIME_NAMES, type RuntimeName } from '../../sandbox/runtime.js';
import type { CliIO } from '../io.js';

export const latencyHelp = `agentproofbench latency --verifier <module|pattern> [--pack p] [--runtime r]
                        [--panel timing] [--iterations n] [--json file]

Time a verifier on the pack's 24-state timing panel with tinybench: every iteration is
one independent evaluation (fresh sandbox, fresh replicas and budget), as in a real run.
Prints median, p75 and p99 latency, throughput and operations per state and overall.
  --verifier    one module for every task, or a pattern such as verifiers/{task}.ts
  --pack        pack folder or built-in name (default: builtin)
  --runtime     isolate (default) | process | inline
  --panel       timing (the manifest's timing panel; the only panel so far)
  --iterations  timed evaluations per state (default 10)
  --json        also write the profile as JSON to this file
(\`agentproofbench bench\` is the former name of this command and still works.)`;

export interface LatencyArgs {
  verifier?: string;
  pack?: string;
  runtime?: string;
  panel?: string;
  iterations?: string;
  json?: string;
}

export async function latencyCommand(args: LatencyArgs, io: CliIO): Promise<number> {
  if (!args.verifier) {
    io.error(`--verifier is required\n\n${latencyHelp}`);
    return 2;
  }
  const runtimeName = (args.runtime ?? 'isolate') as RuntimeName;
  if (!RUNTIME_NAMES.includes(runtimeName)) {
    io.error(`unknown --runtime "${args.runtime}"; expected one of ${RUNTIME_NAMES.join(', ')}`);
    return 2;
  }
  if (args.panel !== undefined && args.panel !== 'timing') {
    io.error(`unknown --panel "${args.panel}"; the pack declares the "timing" panel`);
    return 2;
  }
  const iterations = args.iterations === undefined ? 10 : Number(args.iterations);
  if (!Number.isInteger(iterations) || iterations < 1) {
    io.error(`--iterations must be a positive whole number, got "${args.iterations}"`);
    return 2;
  }
  const pack = await loadPackOrThrow(resolvePackDir(args.pack));
  if (pack.manifest.timingPanel.length === 0) {
    io.error(`pack ${pack.manifest.name} declares no timing panel (pack.json "timingPanel")`);
    return 1;
  }
  const taskIds = [...new Set(pack.manifest.timingPanel.map((ref) => ref.task))];
  const programs = resolvePrograms(args.verifier, taskIds);
  const runtime = await createRuntime(runtimeName, { process: { hiddenPaths: [pack.dir] } });
  try {
    const profile = await profileLatency({ pack, programs, runtime, iterations });
    io.out(renderLatencyProfile(profile));
    if (args.json) await writeFile(args.json, `${JSON.stringify(profile, null, 2)}\n`);
    return profile.states.length > 0 ? 0 : 1;
  } finally {
    await runtime.close();
  }
}
