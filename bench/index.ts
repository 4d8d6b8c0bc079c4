// npm run bench: every repository benchmark, measured side by side in one run on this machine.
// Each section prints its own ratios; run a section alone with `npx tsx bench/<name>.bench.ts`.
import os from 'node:os';
import { runExecutionBench } from './execution.bench.js';
import { runMetricsBench } from './metrics.bench.js';
import { runRealReplicaBench } from './real-replica.bench.js';
import { runRuntimesBench } from './runtimes.bench.js';
import { runScaleBench } from './scale.bench.js';
import { runSpeedBench } from './speed.bench.js';
import { runStateEngineBench } from './state-engine.bench.js';
import { runVitestRunBench } from './vitest-run.bench.js';
import { runWarmPythonBench } from './warm-python.bench.js';

const sections: Array<[string, () => Promise<string>]> = [
  ['1. Per-evaluation cost: bare call vs inline vs isolate vs process', () => runRuntimesBench()],
  [
    '1b. Per-evaluation cost on a real replica: bare call vs inline vs isolate',
    () => runRealReplicaBench(),
  ],
  [
    '1c. Warm Python path: where the time of one evaluation goes (wall and CPU per step)',
    () => runWarmPythonBench(),
  ],
  ['2. Scale: 1,000 and 10,000 evaluations', () => runScaleBench()],
  ['3. State engine: copy-on-write vs cloning', () => runStateEngineBench()],
  ['4. Vitest: collection and run time for the full pack', () => runVitestRunBench()],
  ['5. Metrics: family bootstrap', () => runMetricsBench()],
  ['6. Execution study: gating and replaying recorded start points', () => runExecutionBench()],
  [
    '7. Speed: builtin run, timing panel, paper-scale matrix, Python (new defaults vs baseline)',
    () => runSpeedBench(),
  ],
];

const only = process.argv.slice(2);
console.log(
  `AgentProofBench benchmarks — node ${process.version}, ${os.cpus().length} cpus, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
);
for (const [title, run] of sections) {
  if (only.length > 0 && !only.some((prefix) => title.startsWith(prefix))) continue;
  console.log(`\n== ${title}`);
  const start = performance.now();
  console.log(await run());
  console.log(`   (section took ${((performance.now() - start) / 1000).toFixed(1)} s)`);
}
