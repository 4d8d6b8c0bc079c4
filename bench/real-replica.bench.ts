// The same comparison as runtimes.bench.ts, but on real work: a built-in task's example
// verifier (about ten API calls) against the real replica over pack states. The bare call
// builds replicas and clients beforehand and calls `verify` directly: the floor for the
// verifier's own work, replica answers included. Run alone: npx tsx bench/real-replica.bench.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { publicTaskOf } from '../src/contract/public-task.js';
import type { VerifyFunction } from '../src/contract/verifier.js';
import { evaluateCase } from '../src/evaluation/evaluate-case.js';
import { panelCase } from '../src/pack/cases.js';
import { loadPackOrThrow } from '../src/pack/load.js';
import { createRuntime } from '../src/sandbox/runtime.js';
import { OperationBudget } from '../src/services/budget.js';
import { createApiClient } from '../src/services/client.js';
import { serveRequest } from '../src/services/gateway.js';
import { createReplica } from '../src/services/registry.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TASK = 'box_1';
const OUTCOME = 'complete';

export async function runRealReplicaBench(timeMs = 3000): Promise<string> {
  const pack = await loadPackOrThrow(path.join(root, 'fixtures/packs/builtin'));
  const task = pack.task(TASK);
  const entry = panelCase(pack, { task: TASK, condition: 'source', outcome: OUTCOME })!;
  const module = path.join(root, `examples/verifiers/${TASK}.ts`);
  const { verify } = (await import(module)) as { verify: VerifyFunction };
  const view = publicTaskOf(task);
  const program = { id: TASK, set: 'default' };

  let operations = 0;
  const bare = async () => {
    const budget = new OperationBudget();
    const before = createReplica(task.service, entry.before, task.actor);
    const after = createReplica(task.service, entry.after, task.actor);
    const client = (replica: typeof before) =>
      createApiClient(async (request) => serveRequest(replica, budget, request));
    const result = await verify(view, client(before), client(after));
    if (result.verdict !== 'pass')
      throw new Error(`bare call: expected pass, got ${result.verdict}`);
    operations = budget.used;
  };
  const inline = await createRuntime('inline');
  const isolate = await createRuntime('isolate');
  const sandboxed = (runtime: typeof inline) => async () => {
    const { record } = await evaluateCase({ runtime, task, case: entry, program, module });
    if (record.verdict !== 'pass')
      throw new Error(`${runtime.name}: expected pass, got ${record.verdict}`);
  };
  const bench = new Bench({ time: timeMs, warmupIterations: 20 });
  bench.add('bare call', bare).add('inline', sandboxed(inline)).add('isolate', sandboxed(isolate));
  await bench.run();
  await inline.close();
  await isolate.close();
  const median = (name: string) => {
    const result = bench.getTask(name)?.result;
    if (result?.state !== 'completed') throw new Error(`${name} did not complete`);
    return result.latency.p50;
  };
  const floor = median('bare call');
  const lines = [
    `Real replica: ${TASK} source/${OUTCOME} with its example verifier (${operations} API calls, ${task.service} replica)`,
  ];
  lines.push('  variant     median ms   × bare   overhead vs bare ms');
  for (const name of ['bare call', 'inline', 'isolate']) {
    const value = median(name);
    lines.push(
      `  ${name.padEnd(10)} ${value.toFixed(3).padStart(9)}  ${(value / floor).toFixed(2).padStart(7)}  ${(value - floor).toFixed(3).padStart(20)}`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await runRealReplicaBench());
