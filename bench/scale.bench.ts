// Scale: evaluations per second and peak memory for 1,000 and 10,000 evaluations (many
// programs × many states) in the isolate runtime, each size in its own process so the
// peak RSS belongs to that size alone. Run alone: npx tsx bench/scale.bench.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { resolvePrograms } from '../src/evaluation/programs.js';
import { runPrograms } from '../src/evaluation/run-programs.js';
import { loadPackOrThrow } from '../src/pack/load.js';
import type { IsolationMode } from '../src/sandbox/isolate/isolate-runtime.js';
import { createRuntime, type RuntimeName } from '../src/sandbox/runtime.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

interface ScaleResult {
  evaluations: number;
  programs: number;
  statesPerProgram: number;
  ms: number;
  perSecond: number;
  peakRssMb: number;
  errors: number;
  medianOperations: number;
}

/** One measurement in this process: `programCopies` replicate programs per task over all cases. */
async function measure(
  target: number,
  shape: 'mixed' | 'programs' | 'states',
  runtimeName: RuntimeName,
  concurrency: number,
  isolation: IsolationMode = 'pooled',
): Promise<ScaleResult> {
  const pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/builtin'));
  const base = resolvePrograms(
    path.join(root, 'examples/verifiers/{task}.ts'),
    pack.tasks.map((task) => task.id),
  );
  const runtime = await createRuntime(runtimeName, { isolate: { isolation } });
  // Warm the bundle cache and JIT once, outside the timed region.
  await runPrograms(pack, base.slice(0, 1), runtime);
  const casesPerRound = (await runPrograms(pack, base, runtime, { filter: { witness: true } }))
    .length;
  // 'programs' uses only the source panels (few states, many programs); 'states' all
  // conditions with few programs; 'mixed' both.
  const filter = shape === 'programs' ? { conditions: ['source'] as const, witness: false } : {};
  const perRound =
    shape === 'programs' ? Math.max(1, Math.round(casesPerRound / 3)) : casesPerRound;
  const rounds = Math.max(1, Math.round(target / perRound));
  const programs = Array.from({ length: rounds }, (_, round) =>
    base.map((entry) => ({
      ...entry,
      program: { ...entry.program, id: `${entry.program.id}.r${round}` },
    })),
  ).flat();
  const start = performance.now();
  const results = await runPrograms(pack, programs, runtime, { filter, concurrency });
  const ms = performance.now() - start;
  await runtime.close();
  const operations = results.map((result) => result.record.operations).sort((a, b) => a - b);
  return {
    evaluations: results.length,
    programs: programs.length,
    statesPerProgram: results.length / programs.length,
    ms,
    perSecond: (results.length / ms) * 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    errors: results.filter((result) => result.record.verdict === 'error').length,
    medianOperations: operations[Math.floor(operations.length / 2)] ?? 0,
  };
}

async function inChild(
  target: number,
  shape: string,
  runtime: string,
  concurrency: number,
  isolation: IsolationMode = 'pooled',
): Promise<ScaleResult> {
  const { stdout } = await execa(
    'node',
    [
      '--import',
      'tsx',
      self,
      '--child',
      String(target),
      shape,
      runtime,
      String(concurrency),
      isolation,
    ],
    { cwd: root },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as ScaleResult;
}

export async function runScaleBench(
  sizes: readonly number[] = [1000, 10000],
  concurrency = 4,
): Promise<string> {
  const lines = [
    `Scale (isolate runtime, pooled unless said, built-in pack, example verifiers, ${concurrency} evaluations in flight):`,
  ];
  lines.push(
    '  evaluations  programs  states/prog   seconds   evals/s  peak RSS MB  errors  median ops',
  );
  const rows: ScaleResult[] = [];
  const row = (label: string, r: ScaleResult) =>
    `  ${String(r.evaluations).padStart(11)}  ${String(r.programs).padStart(8)}  ${r.statesPerProgram.toFixed(1).padStart(11)}  ${(r.ms / 1000).toFixed(2).padStart(8)}  ${r.perSecond.toFixed(0).padStart(8)}  ${r.peakRssMb.toFixed(0).padStart(11)}  ${String(r.errors).padStart(6)}  ${String(r.medianOperations).padStart(10)}  ${label}`;
  for (const size of sizes) {
    const result = await inChild(size, 'mixed', 'isolate', concurrency);
    rows.push(result);
    lines.push(row('programs × all panels', result));
  }
  if (rows.length >= 2) {
    const [small, large] = [rows[0]!, rows.at(-1)!];
    const perEvalSmall = small.ms / small.evaluations;
    const perEvalLarge = large.ms / large.evaluations;
    lines.push(
      `  linearity: time per evaluation ${perEvalSmall.toFixed(2)} ms at ${small.evaluations} vs ${perEvalLarge.toFixed(2)} ms at ${large.evaluations} (ratio ${(perEvalLarge / perEvalSmall).toFixed(2)}; 1.00 = linear)`,
    );
  }
  const few = sizes[0] ?? 1000;
  const manyPrograms = await inChild(few, 'programs', 'isolate', concurrency);
  lines.push(row('many programs × source panels only', manyPrograms));
  const serial = await inChild(few, 'mixed', 'isolate', 1);
  lines.push(row('same, one evaluation in flight', serial));
  const fresh = await inChild(few, 'mixed', 'isolate', concurrency, 'fresh');
  lines.push(row('same, a fresh isolate per evaluation', fresh));
  lines.push(
    `  concurrency ${concurrency} vs 1: ${(rows[0]!.perSecond / serial.perSecond).toFixed(2)}× evaluations per second`,
  );
  return lines.join('\n');
}

if (process.argv[2] === '--child') {
  const [target, shape, runtime, concurrency, isolation] = process.argv.slice(3);
  const result = await measure(
    Number(target),
    shape as 'mixed',
    runtime as RuntimeName,
    Number(concurrency),
    isolation as IsolationMode,
  );
  console.log(JSON.stringify(result));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runScaleBench());
}
