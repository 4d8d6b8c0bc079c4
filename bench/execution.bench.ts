// Execution study cost: gating one recorded start point (the gate's checks in the sandbox,
// cold cache) and replaying every policy from recorded traces (pure), each as a ratio to one
// ordinary evaluation of the same verifier on the same task. Run alone: npx tsx bench/execution.bench.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { evaluateCase } from '../src/evaluation/evaluate-case.js';
import { chainsOfTask } from '../src/execution/chain.js';
import type { GateTrace } from '../src/execution/gate.js';
import {
  replayActorStop,
  replayFixedContinuation,
  replayReferenceGate,
  replayVerifierGate,
} from '../src/execution/replay.js';
import { GateRecordCache, runGate } from '../src/execution/run-gate.js';
import { executionStudy } from '../src/execution/study.js';
import { panelCase } from '../src/pack/cases.js';
import { loadPackOrThrow } from '../src/pack/load.js';
import { createRuntime } from '../src/sandbox/runtime.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TASK = 'box_1';

export async function runExecutionBench(timeMs = 3000): Promise<string> {
  const pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/builtin'));
  const task = pack.task(TASK);
  const { chains } = chainsOfTask(pack, task);
  const runtime = await createRuntime('isolate');
  const modules = {
    correct: path.join(root, `examples/verifiers/${TASK}.ts`),
    stale: path.join(root, `examples/verifiers/stale/${TASK}.ts`),
  };
  const entry = panelCase(pack, { task: TASK, condition: 'related', outcome: 'complete' })!;
  const gateAll = async (kind: keyof typeof modules, cache?: GateRecordCache) => {
    const traces: GateTrace[] = [];
    for (const chain of chains)
      traces.push(
        await runGate({
          pack,
          task,
          chain,
          gate: 'program',
          program: { id: `${TASK}.${kind}`, set: kind },
          module: modules[kind],
          runtime,
          cache: cache ?? new GateRecordCache(),
        }),
      );
    return traces;
  };
  const recorded = { correct: await gateAll('correct'), stale: await gateAll('stale') };
  const checksPerStart = (traces: GateTrace[]) =>
    traces.reduce((sum, trace) => sum + trace.checks.length, 0) / traces.length;

  const bench = new Bench({ time: timeMs, warmupIterations: 10 });
  bench
    .add('one evaluation', async () => {
      await evaluateCase({
        runtime,
        task,
        case: entry,
        program: { id: TASK, set: 'default' },
        module: modules.correct,
      });
    })
    .add('gate 4 start points (correct)', async () => {
      await gateAll('correct');
    })
    .add('gate 4 start points (stale)', async () => {
      await gateAll('stale');
    })
    .add('replay 5 policies × 4 start points', () => {
      for (const [index, chain] of chains.entries()) {
        replayActorStop(chain);
        replayFixedContinuation(chain);
        replayReferenceGate(chain);
        replayVerifierGate(chain, 'program-gate', recorded.correct[index]!.checks);
        replayVerifierGate(chain, 'online-gate', recorded.stale[index]!.checks);
      }
    })
    .add('study with 10,000 resamples', () => {
      executionStudy({
        chains,
        programTraces: [...recorded.correct, ...recorded.stale],
        onlineTraces: [],
        relatedPanelCorrect: (program) => program.set === 'correct',
      });
    });
  await bench.run();
  await runtime.close();
  const median = (name: string) => {
    const result = bench.getTask(name)?.result;
    if (result?.state !== 'completed') throw new Error(`${name} did not complete`);
    return result.latency.p50;
  };
  const one = median('one evaluation');
  const perStart = (name: string, n: number) => median(name) / n;
  const rows: Array<[string, number]> = [
    ['one evaluation (isolate, related/complete)', one],
    [
      `program gate per start point, correct (${checksPerStart(recorded.correct).toFixed(2)} checks)`,
      perStart('gate 4 start points (correct)', chains.length),
    ],
    [
      `program gate per start point, stale (${checksPerStart(recorded.stale).toFixed(2)} checks)`,
      perStart('gate 4 start points (stale)', chains.length),
    ],
    [
      'pure replay of 5 policies per start point',
      perStart('replay 5 policies × 4 start points', chains.length),
    ],
    [
      `study over ${chains.length} start points × 2 programs (bootstrap)`,
      median('study with 10,000 resamples'),
    ],
  ];
  const lines = [
    `Execution study on ${TASK} (${chains.length} recorded start points, example verifiers)`,
  ];
  lines.push(
    '  what                                                      median ms   × one evaluation',
  );
  for (const [name, value] of rows)
    lines.push(
      `  ${name.padEnd(56)} ${value.toPrecision(3).padStart(9)}   ${(value / one).toPrecision(3).padStart(16)}`,
    );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runExecutionBench());
