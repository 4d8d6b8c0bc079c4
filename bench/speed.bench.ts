// Speed, side by side in one run: the built-in `run` with the new defaults (pooled isolates,
// cases concurrent inside a worker) against the old behaviour (a fresh isolate per case, one
// case at a time) measured here too; the timing panel per runtime and isolation mode; the
// paper-scale matrix through `agentproofbench run`; and a Python evaluation.
// Run alone: npx tsx bench/speed.bench.ts (add `python` for the Python section only)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { LatencyProfile } from '../src/latency/latency-profile.js';
import { parseDurations } from './vitest-run.bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(root, 'dist/src/cli/bin.js');
/** The paper's matrix: 6,696 predictions; 21 program sets over the 323 built-in cases give 6,783. */
const PAPER_PREDICTIONS = 6_696;
const PAPER_TIMING_MEDIAN_MS = 580;

interface RunMeasure {
  wallS: number;
  phases: Record<string, number>;
  cases: number;
  summedEvaluationS: number;
  exitCode: number | undefined;
}

function summedDurations(report: unknown): { cases: number; ms: number } {
  let cases = 0;
  let ms = 0;
  JSON.stringify(report, (key, value) => {
    if (key === 'durationMs' && typeof value === 'number') {
      cases += 1;
      ms += value;
    }
    return value;
  });
  return { cases, ms };
}

async function timeRun(dir: string, name: string, args: string[]): Promise<RunMeasure> {
  const json = path.join(dir, `${name}.json`);
  const start = performance.now();
  const result = await execa('node', [CLI, 'run', '--pack', 'builtin', '--json', json, ...args], {
    cwd: root,
    reject: false,
    env: { FORCE_COLOR: '0', GITHUB_STEP_SUMMARY: '' },
  });
  const wallS = (performance.now() - start) / 1000;
  if (result.exitCode !== 0)
    throw new Error(`run ${name} exited ${result.exitCode}:\n${result.stdout.slice(-1500)}`);
  const summed = summedDurations(JSON.parse(readFileSync(json, 'utf8')));
  return {
    wallS,
    phases: parseDurations(`${result.stdout}\n${result.stderr}`),
    cases: summed.cases,
    summedEvaluationS: summed.ms / 1000,
    exitCode: result.exitCode,
  };
}

async function timingPanel(dir: string, name: string, args: string[]): Promise<LatencyProfile> {
  const json = path.join(dir, `panel-${name}.json`);
  const result = await execa(
    'node',
    // tsx so that the inline runtime can import the TS verifiers; the same for every variant.
    ['--import', 'tsx', CLI, 'latency', '--iterations', '20', '--json', json, ...args],
    {
      cwd: root,
      reject: false,
      env: { FORCE_COLOR: '0' },
    },
  );
  if (result.exitCode !== 0)
    throw new Error(`latency ${name} exited ${result.exitCode}:\n${result.stderr.slice(-1500)}`);
  return JSON.parse(readFileSync(json, 'utf8')) as LatencyProfile;
}

const EXAMPLES = 'examples/verifiers/{task}.ts';
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
const phasesOf = (run: RunMeasure) =>
  `import/collect ${run.phases.import?.toFixed(1)} s, tests ${run.phases.tests?.toFixed(1)} s`;

function stateMedian(profile: LatencyProfile, task: string): number {
  const states = profile.states.filter((state) => state.task === task);
  const medians = states.map((state) => state.medianMs).sort((a, b) => a - b);
  return medians[Math.floor(medians.length / 2)] ?? Number.NaN;
}

/**
 * The example Python verifier's timing-panel states in the process runtime, forked from a
 * warm parent (pooled, the default) and a new process each (fresh), one after the other.
 */
async function pythonSpeed(dir: string): Promise<string[]> {
  const pythonArgs = ['--verifier', 'examples/verifiers/python/linear_1.py'];
  const warm = await timingPanel(dir, 'python-warm', pythonArgs);
  const cold = await timingPanel(dir, 'python-cold', [...pythonArgs, '--isolation', 'fresh']);
  const warmMs = warm.overall.medianMs;
  const coldMs = cold.overall.medianMs;
  return [
    `  python (examples/verifiers/python/linear_1.py, process runtime, ${warm.states.length} states x ${warm.iterations}), median per evaluation:`,
    `    warm parent, a forked child each (pooled) ${warmMs.toFixed(1)} ms (target <= 20 ms), a new process each (fresh) ${coldMs.toFixed(1)} ms: ${(coldMs / warmMs).toFixed(1)}x; load ${os.loadavg()[0]?.toFixed(1)}`,
  ];
}

export async function runSpeedBench(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-speed-bench-'));
  const lines: string[] = [
    `Speed on ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}:`,
  ];
  try {
    // 1. The built-in run: old behaviour first, then the defaults, then each step alone.
    const baseline = await timeRun(dir, 'baseline', [
      '--verifier',
      EXAMPLES,
      '--isolation',
      'fresh',
      '--concurrency',
      '1',
    ]);
    const pooledOnly = await timeRun(dir, 'pooled', ['--verifier', EXAMPLES, '--concurrency', '1']);
    const defaults = await timeRun(dir, 'defaults', ['--verifier', EXAMPLES]);
    lines.push(
      `  builtin run (${defaults.cases} cases), wall from process start to exit:`,
      `    fresh isolate, 1 case at a time (baseline) ${baseline.wallS.toFixed(1)} s (${phasesOf(baseline)})`,
      `    pooled isolates, 1 case at a time          ${pooledOnly.wallS.toFixed(1)} s (${phasesOf(pooledOnly)})  ${pct(pooledOnly.wallS, baseline.wallS)} of baseline`,
      `    pooled, concurrent cases (defaults)        ${defaults.wallS.toFixed(1)} s (${phasesOf(defaults)})  ${pct(defaults.wallS, baseline.wallS)} of baseline (target <= 35%)`,
      `    summed evaluation time: baseline ${baseline.summedEvaluationS.toFixed(2)} s, defaults ${defaults.summedEvaluationS.toFixed(2)} s`,
    );

    // 2. The timing panel: the same 24 states in every runtime and isolation mode.
    const inline = await timingPanel(dir, 'inline', [
      '--verifier',
      EXAMPLES,
      '--runtime',
      'inline',
    ]);
    const fresh = await timingPanel(dir, 'fresh', ['--verifier', EXAMPLES, '--isolation', 'fresh']);
    const pooled = await timingPanel(dir, 'pooled', ['--verifier', EXAMPLES]);
    const boxInline = stateMedian(inline, 'box_1');
    const boxPooled = stateMedian(pooled, 'box_1');
    lines.push(
      `  timing panel (${pooled.states.length} states x ${pooled.iterations} iterations), overall median per evaluation:`,
      `    inline ${inline.overall.medianMs.toFixed(2)} ms, isolate fresh ${fresh.overall.medianMs.toFixed(2)} ms, isolate pooled ${pooled.overall.medianMs.toFixed(2)} ms (target <= 3 ms; ${(PAPER_TIMING_MEDIAN_MS / pooled.overall.medianMs).toFixed(0)}x faster than the paper's 0.58 s)`,
      `    box_1: pooled ${boxPooled.toFixed(2)} ms vs inline ${boxInline.toFixed(2)} ms = ${(boxPooled / boxInline).toFixed(2)}x (target <= 1.5x); fresh ${stateMedian(fresh, 'box_1').toFixed(2)} ms`,
    );

    // 3. The paper-scale matrix: 21 program sets over the built-in pack.
    const sets = Array.from({ length: 21 }, (_, n) => [
      '--programs',
      `s${String(n + 1).padStart(2, '0')}=${EXAMPLES}`,
    ]).flat();
    const matrix = await timeRun(dir, 'matrix', sets);
    const coreSeconds = matrix.wallS * os.availableParallelism();
    lines.push(
      `  paper-scale matrix: ${matrix.cases} predictions (paper: ${PAPER_PREDICTIONS}) through agentproofbench run: ${matrix.wallS.toFixed(1)} s wall (target < 25 s; ${phasesOf(matrix)})`,
      `    evaluations summed ${matrix.summedEvaluationS.toFixed(1)} s of ${coreSeconds.toFixed(1)} core-seconds: ${pct(coreSeconds - Math.min(coreSeconds, matrix.summedEvaluationS), coreSeconds)} of the machine's time spent outside evaluations (start, collection, replicas, reporting)`,
    );

    // 4. Python: the example Python verifier, warm and cold.
    lines.push(...(await pythonSpeed(dir)));
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Alone: `npx tsx bench/speed.bench.ts` (everything) or `... python` (the Python section). */
async function runPythonOnly(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-speed-bench-'));
  try {
    return [
      `Speed on ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}:`,
      ...(await pythonSpeed(dir)),
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log(await (process.argv[2] === 'python' ? runPythonOnly() : runSpeedBench()));
