// Speed, side by side in one run: the built-in `run` with the new defaults (pooled isolates,
// cases concurrent inside a worker) against the old behaviour (a fresh isolate per case, one
// case at a time) measured here too; the timing panel per runtime and isolation mode; the
// paper-scale matrix through `agentproofbench run`; and a Python evaluation.
// Run alone: npx tsx bench/speed.bench.ts [builtin] [panel] [matrix] [python] (all by default)
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { RUN_TIMING_ENV, type RunTiming } from '../src/cli/run-timing.js';
import type { LatencyProfile } from '../src/latency/latency-profile.js';
import { percentile } from '../src/latency/percentile.js';
import { resolveOptions } from '../src/run/options.js';
import { planCacheDir } from '../src/run/plan-cache.js';
import { plannedCaseNames } from '../src/run/planned-cases.js';
import { planRun } from '../src/run/run-plan.js';
import { parseDurations } from './vitest-run.bench.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(root, 'dist/src/cli/bin.js');
/** The run before issue 18, from source (bench/baseline-project.ts). */
const BASELINE_RUN = [
  '--no-node-snapshot',
  '--import',
  'tsx',
  path.join(root, 'bench/baseline-run.ts'),
];
/** The paper's matrix: 6,696 predictions. */
const PAPER_PREDICTIONS = 6_696;
const PAPER_TIMING_MEDIAN_MS = 580;

interface RunMeasure {
  wallS: number;
  /** The JSON report without what is meant to differ between runs (durations, the isolation mode's name). */
  comparable: string;
  phases: Record<string, number>;
  cases: number;
  summedEvaluationS: number;
  exitCode: number | undefined;
  /** What `run` itself says about where its time went (src/cli/run-timing.ts). */
  timing: RunTiming | undefined;
  verdicts: Map<string, string>;
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

function comparable(report: unknown): string {
  return JSON.stringify(report, (key, value) => (key === 'durationMs' ? undefined : value)).replace(
    /"fresh-v8-(?:isolate|context-in-warm-isolate)"/g,
    '"isolation-mode"',
  );
}

async function timeRun(
  dir: string,
  name: string,
  args: string[],
  env: Record<string, string> = {},
  /** What node runs: the CLI's script, or the baseline's (with node's flags first). */
  command: string[] = [CLI],
): Promise<RunMeasure> {
  const json = path.join(dir, `${name}.json`);
  const timingFile = path.join(dir, `${name}.timing.json`);
  const start = performance.now();
  const pack = args.includes('--pack') ? [] : ['--pack', 'builtin'];
  const result = await execa('node', [...command, 'run', ...pack, '--json', json, ...args], {
    cwd: root,
    reject: false,
    env: { FORCE_COLOR: '0', GITHUB_STEP_SUMMARY: '', [RUN_TIMING_ENV]: timingFile, ...env },
  });
  const wallS = (performance.now() - start) / 1000;
  if (result.exitCode !== 0)
    throw new Error(`run ${name} exited ${result.exitCode}:\n${result.stdout.slice(-1500)}`);
  const report = JSON.parse(readFileSync(json, 'utf8')) as unknown;
  const summed = summedDurations(report);
  return {
    wallS,
    comparable: comparable(report),
    verdicts: verdictsOf(report),
    phases: parseDurations(`${result.stdout}\n${result.stderr}`),
    cases: summed.cases,
    summedEvaluationS: summed.ms / 1000,
    exitCode: result.exitCode,
    // The pre-issue code does not write it.
    timing: existsSync(timingFile)
      ? (JSON.parse(readFileSync(timingFile, 'utf8')) as RunTiming)
      : undefined,
  };
}

async function timingPanel(
  dir: string,
  name: string,
  args: string[],
  iterations = 20,
): Promise<LatencyProfile> {
  const json = path.join(dir, `panel-${name}.json`);
  const result = await execa(
    'node',
    // tsx so that the inline runtime can import the TS verifiers; the same for every variant.
    [
      '--import',
      'tsx',
      CLI,
      'latency',
      '--iterations',
      String(iterations),
      '--json',
      json,
      ...args,
    ],
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

/** Interleaved rounds of the inline and pooled timing panels (section 2). */
const PANEL_ROUNDS = 5;

/** The median of unsorted values (the percentile rule the latency profiles use). */
const medianOf = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** A task's figure in a profile: the median of its states' medians, the slower one of two. */
function stateMedian(profile: LatencyProfile, task: string): number {
  const states = profile.states.filter((state) => state.task === task);
  const medians = states.map((state) => state.medianMs).sort((a, b) => a - b);
  return medians[Math.floor(medians.length / 2)] ?? Number.NaN;
}

/** The last commit before issue 18's plan handoff (b3e64b0): the run as it was. */
const PRE_ISSUE_COMMIT = '8371f51e7ef75c1139a4abf147002b9f2e2c9cf4';

/**
 * The pre-issue code itself, built from git into `dir`, to time the run as the issue measured it:
 * its CLI, or why it cannot run (no git history, a build error).
 */
async function preIssueCli(dir: string): Promise<{ cli: string } | { missing: string }> {
  const tree = path.join(dir, 'pre-issue');
  try {
    mkdirSync(tree);
    const archive = await execa('git', ['archive', PRE_ISSUE_COMMIT], {
      cwd: root,
      encoding: 'buffer',
    });
    await execa('tar', ['-x', '-C', tree], { input: archive.stdout });
    symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
    await execa(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      {
        cwd: tree,
      },
    );
    return { cli: path.join(tree, 'dist/src/cli/bin.js') };
  } catch (error) {
    return { missing: ((error as Error).message.split('\n')[0] ?? '').slice(0, 200) };
  }
}

/** Every verdict of a report, by task, set, condition and outcome (witness sides too): what two codes must agree on. */
function verdictsOf(report: unknown): Map<string, string> {
  const verdicts = new Map<string, string>();
  const tasks = (report as { tasks?: unknown[] }).tasks ?? [];
  for (const task of tasks as Array<Record<string, unknown>>) {
    const at = `${task.id}/${task.set}`;
    const conditions = (task.conditions ?? {}) as Record<string, { outcomes?: unknown[] }>;
    for (const [condition, entry] of Object.entries(conditions))
      for (const outcome of (entry.outcomes ?? []) as Array<Record<string, unknown>>)
        verdicts.set(`${at}/${condition}/${outcome.id}`, String(outcome.verdict));
    const witness = (task.witness ?? {}) as Record<string, { verdict?: unknown } | undefined>;
    for (const side of ['source', 'replay'])
      if (witness[side]) verdicts.set(`${at}/witness/${side}`, String(witness[side]?.verdict));
  }
  return verdicts;
}

/** An RE2 inline flag group such as `(?i)`: pattern syntax the pre-issue code did not have (it ran patterns on JS RegExp). */
const INLINE_FLAGS = /\(\?[imsU-]+\)/;

/**
 * Today's built-in pack as the pre-issue code reads it, for both codes to run side by side
 * on the same cases: without the tasks' `traps` notes (names of the traps a task sets, added
 * since; no case depends on them), without the recorded executions (that code had no
 * execution study), and without the few tasks whose patterns use RE2's inline flags.
 */
function packForPreIssue(dir: string): { pack: string; leftOut: string[] } {
  const pack = path.join(dir, 'pack-for-pre-issue');
  cpSync(path.join(root, 'fixtures/packs/builtin'), pack, { recursive: true });
  rmSync(path.join(pack, 'executions'), { recursive: true, force: true });
  const leftOut: string[] = [];
  for (const name of readdirSync(path.join(pack, 'tasks'))) {
    const file = path.join(pack, 'tasks', name);
    const text = readFileSync(file, 'utf8');
    if (INLINE_FLAGS.test(text)) {
      rmSync(file);
      leftOut.push(path.basename(name, '.json'));
      continue;
    }
    const { traps: _traps, ...task } = JSON.parse(text) as Record<string, unknown>;
    writeFileSync(file, `${JSON.stringify(task, null, 2)}\n`);
  }
  return { pack, leftOut: leftOut.sort() };
}

/**
 * The example Python verifier's timing-panel states in the process runtime, forked from a
 * warm parent (pooled, the default) and a new process each (fresh), one after the other.
 */
async function pythonSpeed(dir: string): Promise<string[]> {
  const pythonArgs = ['--verifier', 'examples/verifiers/python/linear_1.py'];
  // The CPU the whole machine spends per warm evaluation: the busy time of a run with five
  // iterations subtracted from one with twenty (the start, the pack's states, is the same).
  const fewBusy = busyMs();
  const few = await timingPanel(dir, 'python-warm-few', pythonArgs, 5);
  const fewCpu = busyMs() - fewBusy;
  const warmBusy = busyMs();
  const warm = await timingPanel(dir, 'python-warm', pythonArgs);
  const warmCpu = busyMs() - warmBusy;
  const cold = await timingPanel(dir, 'python-cold', [...pythonArgs, '--isolation', 'fresh']);
  const warmMs = warm.overall.medianMs;
  const coldMs = cold.overall.medianMs;
  const cores = os.cpus().length;
  const cpuPerEvaluation =
    (warmCpu - fewCpu) / (warm.states.length * (warm.iterations - few.iterations));
  return [
    `  python (examples/verifiers/python/linear_1.py, process runtime, ${warm.states.length} states x ${warm.iterations}), median per evaluation:`,
    `    warm parent, a forked child each (pooled) ${warmMs.toFixed(1)} ms (target <= 20 ms), a new process each (fresh) ${coldMs.toFixed(1)} ms: ${(coldMs / warmMs).toFixed(1)}x; load ${os.loadavg()[0]?.toFixed(1)}`,
    // Back to back, evaluations cannot follow faster than the machine's cores do their CPU.
    `    CPU of the whole machine per warm evaluation ${cpuPerEvaluation.toFixed(1)} ms (every process and the kernel; ${few.iterations} against ${warm.iterations} iterations): back to back on ${cores} cores at least ${(cpuPerEvaluation / cores).toFixed(1)} ms each`,
  ];
}

/** CPU ms the machine spent busy since boot (user, nice, system, irq, softirq of /proc/stat). */
function busyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const jiffies = [1, 2, 3, 6, 7].reduce((sum, at) => sum + Number(fields[at] ?? 0), 0);
  // USER_HZ is 100 on Linux.
  return jiffies * 10;
}

/**
 * Where a run's time outside its evaluations went, from what `run` wrote about itself: CPU
 * of the workers beyond their evaluations (their start and collection, each case's setup
 * and recording, Vitest's per-test work, GC), CPU of the main process (planning, Vitest,
 * the case explanations, the report), what neither used (idle cores, or other processes on
 * a loaded machine), and the wall time before the first test and after the last.
 */
function outsideEvaluations(run: RunMeasure, coreSeconds: number): string[] {
  const timing = run.timing;
  if (!timing || timing.workersCpuMs === null) return [];
  const workersS = timing.workersCpuMs / 1000;
  const mainS = timing.mainCpuMs / 1000;
  const workersOutsideS = Math.max(0, workersS - run.summedEvaluationS);
  const unusedS = coreSeconds - workersS - mainS;
  const seconds = (ms: number | null, from: number | null) =>
    ms === null || from === null ? 'n/a' : `${((ms - from) / 1000).toFixed(1)} s`;
  return [
    `    CPU: workers ${workersS.toFixed(1)} s (${workersOutsideS.toFixed(1)} s beyond the summed evaluations: start, collection, case setup, Vitest per test, GC), main process ${mainS.toFixed(1)} s (plan, Vitest, case explanations, report); ${unusedS.toFixed(1)} core-s used by neither (${pct(Math.max(0, unusedS), coreSeconds)}: idle, or other processes)`,
    `    wall: before the first test ${seconds(timing.runStartAtMs, 0)}, tests ${seconds(timing.runEndAtMs, timing.runStartAtMs)}, report ${seconds(timing.reportedAtMs, timing.runEndAtMs)}, closing ${seconds(timing.closedAtMs, timing.reportedAtMs)}`,
  ];
}

/** The pre-issue code against today's on the same cases, or why it could not run. */
function preIssueLines(
  preIssue: { old: RunMeasure; today: RunMeasure; leftOut: string[] } | string,
): string[] {
  if (typeof preIssue === 'string')
    return [`  pre-issue code (${PRE_ISSUE_COMMIT.slice(0, 7)}) could not run here: ${preIssue}`];
  const { old, today, leftOut } = preIssue;
  // The pre-issue replicas lack what some tasks read since (e.g. Linear projects): the
  // example verifier errors there. Every other verdict must be the same.
  const differing = [...old.verdicts].filter(
    ([key, verdict]) => today.verdicts.get(key) !== verdict,
  );
  const erroredBefore = differing.filter(([, verdict]) => verdict === 'error');
  const tasksErrored = [...new Set(erroredBefore.map(([key]) => key.split('/')[0]))].join(', ');
  const sameVerdicts =
    old.verdicts.size !== today.verdicts.size
      ? `NO: ${old.verdicts.size} verdicts before, ${today.verdicts.size} today`
      : differing.length === erroredBefore.length
        ? `yes, but for the ${erroredBefore.length} of ${old.verdicts.size} where the pre-issue code errors (${tasksErrored || 'none'})`
        : `NO: ${differing.length - erroredBefore.length} of ${old.verdicts.size} differ where the pre-issue code answered`;
  return [
    `  the run as the issue measured it, side by side on the same ${today.cases} cases (today's pack without what the pre-issue code cannot read: its executions, traps notes and the tasks ${leftOut.join(', ')} with RE2 inline flags):`,
    `    pre-issue code itself (${PRE_ISSUE_COMMIT.slice(0, 7)}) ${old.wallS.toFixed(1)} s (${phasesOf(old)})`,
    `    today's defaults, plan cache warm ${today.wallS.toFixed(1)} s (${phasesOf(today)}): ${pct(today.wallS, old.wallS)} of the pre-issue run (target <= 35%); the same verdicts: ${sameVerdicts}`,
  ];
}

const PARTS = ['builtin', 'panel', 'matrix', 'python'] as const;
type Part = (typeof PARTS)[number];

/** `parts` picks sections (`npx tsx bench/speed.bench.ts builtin matrix`); all by default. */
export async function runSpeedBench(parts: readonly Part[] = PARTS): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-speed-bench-'));
  const lines: string[] = [
    `Speed on ${os.availableParallelism()} cores, load ${os.loadavg()[0]?.toFixed(1)}:`,
  ];
  try {
    if (parts.includes('builtin')) {
      // 1. The built-in run. The baseline is the run's architecture as it was before issue 18,
      // measured here with today's evaluation code (so it isolates what the architecture
      // changed): eight chunk files, each loading the pack through Vite's transform and
      // qualifying its tasks again, the reporter planning once more, nothing cached
      // (bench/baseline-project.ts, run by baseline-run.ts), a fresh isolate per case, one case at a
      // time. Then today's defaults with the plan cache cold (first run over this pack and
      // library) and warm (every later run), and today's path with the old sandbox settings.
      // Last, the issue's own measure: the pre-issue code itself beside today's, on the same cases.
      rmSync(planCacheDir(root), { recursive: true, force: true });
      const baseline = await timeRun(
        dir,
        'baseline',
        ['--verifier', EXAMPLES, '--isolation', 'fresh', '--concurrency', '1'],
        {},
        BASELINE_RUN,
      );
      const cold = await timeRun(dir, 'cold', ['--verifier', EXAMPLES]);
      const defaults = await timeRun(dir, 'defaults', ['--verifier', EXAMPLES]);
      const oldSandbox = await timeRun(dir, 'old-sandbox', [
        '--verifier',
        EXAMPLES,
        '--isolation',
        'fresh',
        '--concurrency',
        '1',
      ]);
      // The pre-issue code itself, side by side with today's on the same cases: today's pack
      // as that code reads it (packForPreIssue), the run the issue measured.
      const pre = await preIssueCli(dir);
      let preIssue: { old: RunMeasure; today: RunMeasure; leftOut: string[] } | string;
      if ('cli' in pre) {
        const { pack: samePack, leftOut } = packForPreIssue(dir);
        const same = ['--pack', samePack, '--verifier', path.join(root, EXAMPLES)];
        try {
          const old = await timeRun(dir, 'pre-issue', same, {}, [pre.cli]);
          // The first run over this copy fills its plan cache; the second is every later run.
          await timeRun(dir, 'today-same-pack-cold', same);
          preIssue = { old, today: await timeRun(dir, 'today-same-pack', same), leftOut };
        } catch (error) {
          preIssue = ((error as Error).message.split('\n')[0] ?? 'failed').slice(0, 200);
        }
      } else preIssue = pre.missing;
      const same = [cold, defaults, oldSandbox].every(
        (run) => run.comparable === baseline.comparable,
      );
      lines.push(
        `  builtin run (${defaults.cases} cases), wall from process start to exit:`,
        `    before issue 18 (baseline: 8 chunk files re-planning, fresh isolate, 1 case at a time) ${baseline.wallS.toFixed(1)} s (${phasesOf(baseline)})`,
        `    defaults, plan cache cold (first run)          ${cold.wallS.toFixed(1)} s (${phasesOf(cold)})  ${pct(cold.wallS, baseline.wallS)} of baseline`,
        `    defaults, plan cache warm (every later run)    ${defaults.wallS.toFixed(1)} s (${phasesOf(defaults)})  ${pct(defaults.wallS, baseline.wallS)} of baseline`,
        `    today's plan, fresh isolate, 1 case at a time  ${oldSandbox.wallS.toFixed(1)} s (${phasesOf(oldSandbox)})  ${pct(oldSandbox.wallS, baseline.wallS)} of baseline`,
        `    same report in all four (durations aside): ${same ? 'yes' : 'NO'}; summed evaluation time: baseline ${baseline.summedEvaluationS.toFixed(2)} s, defaults ${defaults.summedEvaluationS.toFixed(2)} s`,
        '    defaults, plan cache warm:',
        ...outsideEvaluations(defaults, defaults.wallS * os.availableParallelism()),
        ...preIssueLines(preIssue),
      );
    }
    if (parts.includes('panel')) {
      // 2. The timing panel: the same 24 states in every runtime and isolation mode. One
      // panel process varies by 20-30% from the next (JIT and GC timing on 2 cores), so the
      // inline and pooled panels run in interleaved rounds, each round in the other order,
      // and the figures are medians over the rounds.
      const argsOf = {
        inline: ['--verifier', EXAMPLES, '--runtime', 'inline'],
        pooled: ['--verifier', EXAMPLES],
      };
      const rounds: Array<Record<'inline' | 'pooled', LatencyProfile>> = [];
      for (let round = 0; round < PANEL_ROUNDS; round += 1) {
        const order =
          round % 2 === 0 ? (['inline', 'pooled'] as const) : (['pooled', 'inline'] as const);
        const profiles: Partial<Record<'inline' | 'pooled', LatencyProfile>> = {};
        for (const mode of order) profiles[mode] = await timingPanel(dir, mode, argsOf[mode]);
        rounds.push(profiles as Record<'inline' | 'pooled', LatencyProfile>);
      }
      const fresh = await timingPanel(dir, 'fresh', [
        '--verifier',
        EXAMPLES,
        '--isolation',
        'fresh',
      ]);
      const overall = (mode: 'inline' | 'pooled') =>
        medianOf(rounds.map((round) => round[mode].overall.medianMs));
      const box = (mode: 'inline' | 'pooled') =>
        medianOf(rounds.map((round) => stateMedian(round[mode], 'box_1')));
      const perRound = rounds.map(
        (round) => stateMedian(round.pooled, 'box_1') / stateMedian(round.inline, 'box_1'),
      );
      const pooledOverall = overall('pooled');
      const shape = rounds[0]!.pooled;
      lines.push(
        `  timing panel (${shape.states.length} states x ${shape.iterations} iterations; inline and pooled in ${PANEL_ROUNDS} interleaved rounds, medians over the rounds), overall median per evaluation:`,
        `    inline ${overall('inline').toFixed(2)} ms, isolate fresh ${fresh.overall.medianMs.toFixed(2)} ms (1 round), isolate pooled ${pooledOverall.toFixed(2)} ms (target <= 3 ms; ${(PAPER_TIMING_MEDIAN_MS / pooledOverall).toFixed(0)}x faster than the paper's 0.58 s)`,
        `    box_1 (the slower of its two states): pooled ${box('pooled').toFixed(2)} ms vs inline ${box('inline').toFixed(2)} ms = ${(box('pooled') / box('inline')).toFixed(2)}x (target <= 1.5x); fresh ${stateMedian(fresh, 'box_1').toFixed(2)} ms`,
        `      per round: ${perRound.map((ratio) => `${ratio.toFixed(2)}x`).join(', ')} (${perRound.filter((ratio) => ratio <= 1.5).length} of ${PANEL_ROUNDS} within 1.5x)`,
      );
    }
    if (parts.includes('matrix')) {
      // 3. The paper-scale matrix: as many program sets over the built-in pack as make about
      // the paper's number of predictions (21 sets at 323 cases; fewer as the pack grows).
      const options = resolveOptions({ verifier: EXAMPLES }, root);
      const perSet = plannedCaseNames(await planRun(options), options).size;
      const setCount = Math.max(1, Math.round(PAPER_PREDICTIONS / perSet));
      const sets = Array.from({ length: setCount }, (_, n) => [
        '--programs',
        `s${String(n + 1).padStart(2, '0')}=${EXAMPLES}`,
      ]).flat();
      const matrix = await timeRun(dir, 'matrix', sets);
      const coreSeconds = matrix.wallS * os.availableParallelism();
      lines.push(
        `  paper-scale matrix: ${setCount} program sets x ${perSet} cases, ${matrix.cases} records (paper: ${PAPER_PREDICTIONS} predictions) through agentproofbench run: ${matrix.wallS.toFixed(1)} s wall (target < 25 s; ${phasesOf(matrix)})`,
        `    evaluations summed ${matrix.summedEvaluationS.toFixed(1)} s of ${coreSeconds.toFixed(1)} core-seconds: ${pct(coreSeconds - Math.min(coreSeconds, matrix.summedEvaluationS), coreSeconds)} of the machine's time spent outside evaluations (start, collection, replicas, reporting)`,
        ...outsideEvaluations(matrix, coreSeconds),
      );
    }
    if (parts.includes('python')) {
      // 4. Python: the example Python verifier, warm and cold.
      lines.push(...(await pythonSpeed(dir)));
    }
    return lines.join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const asked = process.argv
    .slice(2)
    .filter((part): part is Part => (PARTS as readonly string[]).includes(part));
  console.log(await runSpeedBench(asked.length > 0 ? asked : PARTS));
}
