// Runtime overhead: median time of one evaluation of the same verifier on the same states
// as a bare call (clients built beforehand, no sandbox, no budget), in the inline, isolate
// and process runtimes, side by side with the ratios. Run alone: npx tsx bench/runtimes.bench.ts
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import {
  createFakeReplica,
  launchTask,
  POSTED_WORKSPACE,
  QUIET_WORKSPACE,
} from '../fixtures/verifiers/chat-workspace.js';
import type { VerifyFunction } from '../src/contract/verifier.js';
import { createRuntime, type Runtime } from '../src/sandbox/runtime.js';
import { createApiClient } from '../src/services/client.js';

const TS_VERIFIER = fileURLToPath(
  new URL('../fixtures/verifiers/ok/channel-audit.ts', import.meta.url),
);
const PY_VERIFIER = fileURLToPath(
  new URL('../fixtures/verifiers/ok/channel_audit.py', import.meta.url),
);
const EXPECTED_OPERATIONS = 10;

export interface RuntimesBenchOptions {
  /** Time budget per variant, ms, split over the rounds (tinybench `time`). */
  timeMs?: number;
  /** Interleaved rounds; a variant's median is the median of its round medians (default 3). */
  rounds?: number;
}

interface Row {
  name: string;
  isolation: string;
  medianMs: number;
  p75Ms: number;
  samples: number;
}

/** Every variant must decide the same way, or the timings compare different work. */
function assertPass(name: string, verdict: string, operations: number): void {
  if (verdict !== 'pass' || operations !== EXPECTED_OPERATIONS) {
    throw new Error(
      `${name}: expected a pass with ${EXPECTED_OPERATIONS} operations, got ${verdict} with ${operations}`,
    );
  }
}

export async function runRuntimesBench(options: RuntimesBenchOptions = {}): Promise<string> {
  const timeMs = options.timeMs ?? 3_000;
  const rounds = options.rounds ?? 3;
  const task = launchTask();
  const input = () => ({
    task,
    before: createFakeReplica(QUIET_WORKSPACE),
    after: createFakeReplica(POSTED_WORKSPACE),
  });

  const { verify } = (await import(TS_VERIFIER)) as { verify: VerifyFunction };
  const beforeReplica = createFakeReplica(QUIET_WORKSPACE);
  const afterReplica = createFakeReplica(POSTED_WORKSPACE);
  let bareCalls = 0;
  const clientOver = (replica: typeof beforeReplica) =>
    createApiClient(async (request) => {
      bareCalls += 1;
      return replica.handle(request);
    });
  const before = clientOver(beforeReplica);
  const after = clientOver(afterReplica);
  const bare = async () => {
    bareCalls = 0;
    const result = await verify(task, before, after);
    assertPass('bare', result.verdict, bareCalls);
  };

  // The variants in table order.
  const runtimes: [string, Runtime, string][] = [
    ['inline', await createRuntime('inline'), TS_VERIFIER],
    ['isolate', await createRuntime('isolate'), TS_VERIFIER],
    ['process (Python twin)', await createRuntime('process'), PY_VERIFIER],
  ];
  const evaluateIn = (name: string, runtime: Runtime, verifier: string) => async () => {
    const record = await runtime.evaluate({ ...input(), verifier });
    assertPass(
      name,
      record.verdict === 'error' ? `error ${record.kind}: ${record.message}` : record.verdict,
      record.operations,
    );
  };

  const rows: Row[] = [];
  try {
    const variants: [string, string, () => Promise<void>][] = [
      ['bare call', 'none', bare],
      ...runtimes.map(([name, runtime, verifier]): [string, string, () => Promise<void>] => [
        name,
        runtime.isolation.level,
        evaluateIn(name, runtime, verifier),
      ]),
    ];
    // Several short rounds with the variants interleaved, so a change of machine load
    // during the run weighs on every variant alike; each round is one tinybench per variant
    // (the slow process runtime gets its own iteration floor).
    const perRound = new Map<string, { medians: number[]; p75s: number[]; samples: number }>();
    for (let round = 0; round < rounds; round += 1) {
      for (const [name, , fn] of variants) {
        const bench = new Bench({
          time: timeMs / rounds,
          iterations: 5,
          warmupTime: round === 0 ? Math.min(300, timeMs / 4) : 0,
          throws: true,
        });
        bench.add(name, fn);
        await bench.run();
        const result = bench.tasks[0]?.result;
        if (!result || !('latency' in result))
          throw new Error(`${name}: no timing (state ${result?.state})`);
        const entry = perRound.get(name) ?? { medians: [], p75s: [], samples: 0 };
        entry.medians.push(result.latency.p50);
        entry.p75s.push(result.latency.p75);
        entry.samples += result.latency.samplesCount;
        perRound.set(name, entry);
      }
    }
    for (const [name, isolation] of variants) {
      const entry = perRound.get(name);
      if (entry)
        rows.push({
          name,
          isolation,
          medianMs: median(entry.medians),
          p75Ms: median(entry.p75s),
          samples: entry.samples,
        });
    }
  } finally {
    for (const [, runtime] of runtimes) await runtime.close();
  }
  return render(rows, rounds);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function render(rows: Row[], rounds: number): string {
  const bareMs = rows[0]?.medianMs ?? Number.NaN;
  const inlineMs = rows.find((row) => row.name === 'inline')?.medianMs ?? Number.NaN;
  const lines = [
    `Runtime overhead: one evaluation of the same verifier (${EXPECTED_OPERATIONS} API calls) on the same states`,
    `  variant                  isolation   median ms     p75 ms  samples   × bare  overhead vs bare ms   (${rounds} interleaved rounds)`,
  ];
  for (const row of rows) {
    lines.push(
      `  ${row.name.padEnd(24)} ${row.isolation.padEnd(9)} ${row.medianMs.toFixed(3).padStart(11)} ${row.p75Ms.toFixed(3).padStart(10)} ${String(row.samples).padStart(8)} ${(row.medianMs / bareMs).toFixed(1).padStart(8)} ${(row.medianMs - bareMs).toFixed(3).padStart(20)}`,
    );
  }
  for (const isolate of rows.filter((row) => row.name.startsWith('isolate')))
    lines.push(
      `  ${isolate.name} vs inline: ${(isolate.medianMs / inlineMs).toFixed(1)}× (${(isolate.medianMs - inlineMs).toFixed(3)} ms more per evaluation)`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runRuntimesBench());
}
