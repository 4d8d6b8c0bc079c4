/**
 * How long the metrics take at the scale the acceptance criterion names: 10,000 family
 * bootstrap resamples over 100 families × 10 programs. Run with
 * `npx tsx bench/metrics.bench.ts`; `runMetricsBench()` returns the same text for a
 * later `bench/index.ts`.
 */
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Bench } from 'tinybench';
import type { CaseResult } from '../src/contract/case.js';
import type { EvaluationRecord } from '../src/contract/record.js';
import { balancedAccuracyReport } from '../src/metrics/balanced-accuracy.js';
import { familyBootstrap } from '../src/metrics/bootstrap.js';
import { pairedContrasts } from '../src/metrics/contrast.js';
import { collectResults } from '../src/metrics/panels.js';
import { type Prng, seededPrng } from '../src/metrics/prng.js';
import { summarize } from '../src/metrics/summary.js';
import { CONDITIONS } from '../src/schema/task.js';

const FAMILIES = 100;
const PROGRAMS_PER_TASK = 10;
const RESAMPLES = 10_000;

function verdictRecord(rng: Prng, rightVerdict: 'pass' | 'fail'): EvaluationRecord {
  const base = { durationMs: 1, operations: 4, checks: [] };
  const roll = rng.nextBelow(100);
  if (roll < 3) return { ...base, verdict: 'error', kind: 'timeout', message: 'timed out' };
  if (roll < 6) return { ...base, verdict: 'unknown' };
  if (roll < 20) return { ...base, verdict: rightVerdict === 'pass' ? 'fail' : 'pass' };
  return { ...base, verdict: rightVerdict };
}

/** One task per family, 10 replicates in each of two sets, 3 conditions × 4 outcomes, plus witnesses. */
function syntheticResults(seed: number): CaseResult[] {
  const rng = seededPrng(seed);
  const results: CaseResult[] = [];
  for (let f = 0; f < FAMILIES; f++) {
    const task = `task_${f}`;
    const family = `family_${f}`;
    for (const set of ['reuse', 'rebuild']) {
      for (let r = 1; r <= PROGRAMS_PER_TASK; r++) {
        const program = { id: `${task}.r${r}`, set };
        for (const condition of CONDITIONS) {
          const outcomes = [
            { role: 'complete', label: 'valid' },
            { role: 'alternative', label: 'valid' },
            { role: 'fault', label: 'invalid', fault: 'identity' },
            { role: 'fault', label: 'invalid', fault: 'preservation' },
          ] as const;
          outcomes.forEach((o, i) => {
            const result: CaseResult = {
              kind: 'panel',
              task,
              family,
              condition,
              outcome: `${condition}-${i}`,
              role: o.role,
              label: o.label,
              description: o.role,
              program,
              record: verdictRecord(rng, o.label === 'valid' ? 'pass' : 'fail'),
            };
            if ('fault' in o) result.fault = o.fault;
            results.push(result);
          });
        }
        const witnessCase = (kind: 'witness-source' | 'witness-replay'): CaseResult => ({
          kind,
          task,
          family,
          condition: kind === 'witness-source' ? 'source' : 'related',
          outcome: 'decision',
          role: 'complete',
          label: kind === 'witness-source' ? 'valid' : 'invalid',
          description: 'witness',
          program,
          record: verdictRecord(rng, kind === 'witness-source' ? 'pass' : 'fail'),
        });
        results.push(witnessCase('witness-source'), witnessCase('witness-replay'));
      }
    }
  }
  return results;
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export async function runMetricsBench(): Promise<string> {
  const results = syntheticResults(1);
  const { panels } = collectResults(results);
  const reuse = panels.filter((p) => p.set === 'reuse');
  const taskBa = balancedAccuracyReport(reuse).tasks.map((t) => ({
    family: t.family,
    numerator: t.ba,
    denominator: 1,
  }));
  const contrast = [
    {
      name: 'reuse-rebuild',
      a: { set: 'reuse' },
      b: { set: 'rebuild' },
      condition: 'related' as const,
    },
  ];

  const bench = new Bench({ name: 'metrics', time: 1500, warmupTime: 200 });
  bench
    .add('family bootstrap of task BA (10,000 resamples, 100 families)', () => {
      familyBootstrap(taskBa, { resamples: RESAMPLES });
    })
    .add('paired contrast reuse − rebuild (BA per task + 10,000 resamples + p)', () => {
      pairedContrasts(panels, contrast, { resamples: RESAMPLES });
    })
    .add(
      `summarize ${results.length} case results (2 sets, 10,000 resamples each interval)`,
      () => {
        summarize(results, { resamples: RESAMPLES, contrasts: contrast });
      },
    );
  await bench.run();

  // Wall-clock times: the load average says how much other work shared the CPUs.
  const [load1] = loadavg();
  const lines = [
    `metrics bench — ${FAMILIES} families × ${PROGRAMS_PER_TASK} programs per set, ${RESAMPLES} resamples, Node ${process.version}`,
    `  machine: ${availableParallelism()} CPUs, 1-minute load average ${(load1 ?? 0).toFixed(1)} at the end of the run`,
  ];
  for (const task of bench.tasks) {
    const r = task.result;
    if (r.state === 'completed') {
      lines.push(
        `  ${task.name}: median ${ms(r.latency.p50)}, mean ${ms(r.latency.mean)}, max ${ms(r.latency.max)} over ${r.latency.samplesCount} runs`,
      );
    } else {
      lines.push(
        `  ${task.name}: ${r.state}${r.state === 'errored' ? ` (${r.error.message})` : ''}`,
      );
    }
  }
  return lines.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await runMetricsBench());
}
