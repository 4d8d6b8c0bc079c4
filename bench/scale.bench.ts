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
  /** CPU time of the whole child over the timed evaluations. */
  cpuMs: number;
  perSecond: number;
  /** RSS after loading the pack and creating the runtime, before any evaluation. */
  baselineRssMb: number;
  peakRssMb: number;
  /** Heap that survives a full collection at the end, every result still held. */
  liveHeapMb: number;
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
      // Only for liveHeapMb, read after the peak (gc() is never called before).
      '--expose-gc',
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
    '  evaluations  programs  states/prog   seconds  cpu ms/eval   evals/s  baseline RSS MB  peak RSS MB  live heap MB  errors  median ops',
  );
  const rows: ScaleResult[] = [];
  const row = (label: string, r: ScaleResult) =>
    `  ${String(r.evaluations).padStart(11)}  ${String(r.programs).padStart(8)}  ${r.statesPerProgram.toFixed(1).padStart(11)}  ${(r.ms / 1000).toFixed(2).padStart(8)}  ${(r.cpuMs / r.evaluations).toFixed(2).padStart(11)}  ${r.perSecond.toFixed(0).padStart(8)}  ${r.baselineRssMb.toFixed(0).padStart(15)}  ${r.peakRssMb.toFixed(0).padStart(11)}  ${r.liveHeapMb.toFixed(0).padStart(12)}  ${String(r.errors).padStart(6)}  ${String(r.medianOperations).padStart(10)}  ${label}`;
  for (const size of sizes) {
    const result = await inChild(size, 'mixed', 'isolate', concurrency);
    rows.push(result);
    lines.push(row('programs × all panels', result));
  }
  if (rows.length >= 2) {
    const [small, large] = [rows[0]!, rows.at(-1)!];
    const perEvalSmall = small.ms / small.evaluations;
    const perEvalLarge = large.ms / large.evaluations;
    const cpuSmall = small.cpuMs / small.evaluations;
    const cpuLarge = large.cpuMs / large.evaluations;
    lines.push(
      `  linearity: time per evaluation ${perEvalSmall.toFixed(2)} ms at ${small.evaluations} vs ${perEvalLarge.toFixed(2)} ms at ${large.evaluations} (ratio ${(perEvalLarge / perEvalSmall).toFixed(2)}; CPU ${cpuSmall.toFixed(2)} vs ${cpuLarge.toFixed(2)} ms, ratio ${(cpuLarge / cpuSmall).toFixed(2)}; 1.00 = linear)`,
      // Why the peak is a multiple of what is held: V8 lets a heap grow to about four
      // times what survived its last full collection before it collects again.
      `  memory at ${large.evaluations}: peak ${large.peakRssMb.toFixed(0)} MB = baseline ${large.baselineRssMb.toFixed(0)} MB (Node, library, pack) + ${(large.peakRssMb - large.baselineRssMb).toFixed(0)} MB; ${large.liveHeapMb.toFixed(0)} MB of heap survive a full collection (results included), and V8 grows a heap to about 4x that between collections`,
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
