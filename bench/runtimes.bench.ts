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
import type { VerifyFunction } from '../src/evaluation/verifier.js';
import { createRuntime, type Runtime, type RuntimeName } from '../src/sandbox/runtime.js';
import { createApiClient } from '../src/services/client.js';

const TS_VERIFIER = fileURLToPath(
  new URL('../fixtures/verifiers/ok/channel-audit.ts', import.meta.url),
);
const PY_VERIFIER = fileURLToPath(
  new URL('../fixtures/verifiers/ok/channel_audit.py', import.meta.url),
);
const EXPECTED_OPERATIONS = 10;

export interface RuntimesBenchOptions {
  /** Time budget per runtime, ms (tinybench `time`); the process runtime gets at least 15 samples. */
  timeMs?: number;
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
  const timeMs = options.timeMs ?? 2_000;
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

  const runtimes = new Map<RuntimeName, Runtime>();
  for (const name of ['inline', 'isolate', 'process'] as const)
    runtimes.set(name, await createRuntime(name));
  const evaluateIn = (name: RuntimeName) => async () => {
    const runtime = runtimes.get(name);
    if (!runtime) throw new Error(`runtime ${name} missing`);
    const record = await runtime.evaluate({
      ...input(),
      verifier: name === 'process' ? PY_VERIFIER : TS_VERIFIER,
    });
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
      ...[...runtimes].map(([name, runtime]): [string, string, () => Promise<void>] => [
        name === 'process' ? 'process (Python twin)' : name,
        runtime.isolation.level,
        evaluateIn(name),
      ]),
    ];
    for (const [name, isolation, fn] of variants) {
      // One bench per variant: the slow process runtime gets its own iteration floor.
      const bench = new Bench({
        time: timeMs,
        iterations: 15,
        warmupTime: Math.min(500, timeMs / 4),
        throws: true,
      });
      bench.add(name, fn);
      await bench.run();
      const result = bench.tasks[0]?.result;
      if (!result || !('latency' in result))
        throw new Error(`${name}: no timing (state ${result?.state})`);
      rows.push({
        name,
        isolation,
        medianMs: result.latency.p50,
        p75Ms: result.latency.p75,
        samples: result.latency.samplesCount,
      });
    }
  } finally {
    for (const runtime of runtimes.values()) await runtime.close();
  }
  return render(rows);
}

function render(rows: Row[]): string {
  const bareMs = rows[0]?.medianMs ?? Number.NaN;
  const inlineMs = rows.find((row) => row.name === 'inline')?.medianMs ?? Number.NaN;
  const lines = [
    `Runtime overhead: one evaluation of the same verifier (${EXPECTED_OPERATIONS} API calls) on the same states`,
    '  variant                  isolation   median ms     p75 ms  samples   × bare  overhead vs bare ms',
  ];
  for (const row of rows) {
    lines.push(
      `  ${row.name.padEnd(24)} ${row.isolation.padEnd(9)} ${row.medianMs.toFixed(3).padStart(11)} ${row.p75Ms.toFixed(3).padStart(10)} ${String(row.samples).padStart(8)} ${(row.medianMs / bareMs).toFixed(1).padStart(8)} ${(row.medianMs - bareMs).toFixed(3).padStart(20)}`,
    );
  }
  const isolate = rows.find((row) => row.name === 'isolate');
  if (isolate)
    lines.push(
      `  isolate vs inline: ${(isolate.medianMs / inlineMs).toFixed(1)}× (${(isolate.medianMs - inlineMs).toFixed(3)} ms more per evaluation)`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runRuntimesBench());
}
