// Scale: evaluations per second and peak memory for 1,000 and 10,000 evaluations (many
// programs × many states) in the isolate runtime, each size in its own process so the
// peak RSS belongs to that size alone (bench/scale-child.mjs, on the built package).
// Run alone: npm run build && npx tsx bench/scale.bench.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { IsolationMode } from '../src/sandbox/isolate/isolate-runtime.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
      path.join(root, 'bench/scale-child.mjs'),
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

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runScaleBench());
