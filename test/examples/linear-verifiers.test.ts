import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify as verifyLinear1 } from '../../examples/verifiers/linear_1.js';
import { verify as verifyLinear2 } from '../../examples/verifiers/linear_2.js';
import { verify as verifyLinear3 } from '../../examples/verifiers/linear_3.js';
import { verify as verifyLinear4 } from '../../examples/verifiers/linear_4.js';
import { verify as staleLinear1 } from '../../examples/verifiers/stale/linear_1.js';
import { verify as staleLinear2 } from '../../examples/verifiers/stale/linear_2.js';
import { verify as staleLinear3 } from '../../examples/verifiers/stale/linear_3.js';
import { verify as staleLinear4 } from '../../examples/verifiers/stale/linear_4.js';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import type { VerifyFunction } from '../../src/evaluation/verifier.js';
import { casesOfTask, type PackCase } from '../../src/pack/cases.js';
import { loadPack } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import { publicTaskOf } from '../../src/pack/public-task.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import type { Task } from '../../src/schema/task.js';
import { OperationBudget } from '../../src/services/budget.js';
import { createApiClient } from '../../src/services/client.js';
import { serveRequest } from '../../src/services/gateway.js';
import { createLinearReplica } from '../../src/services/linear/index.js';
import type { State } from '../../src/state/state.js';

const PACK_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
const OPERATION_LIMIT = 80;

const correct: Record<string, VerifyFunction> = {
  linear_1: verifyLinear1,
  linear_2: verifyLinear2,
  linear_3: verifyLinear3,
  linear_4: verifyLinear4,
};

/** The cases each stale variant must get wrong: related outcomes whose requirement moved, and the witness replay. */
const stale: Record<string, { verify: VerifyFunction; wrong: string[] }> = {
  linear_1: {
    verify: staleLinear1,
    wrong: [
      'related/complete',
      'related/handover-comment',
      'related/former-priya',
      'witness-replay/complete',
    ],
  },
  linear_2: {
    verify: staleLinear2,
    wrong: ['related/complete', 'related/some-released', 'witness-replay/complete'],
  },
  linear_3: {
    verify: staleLinear3,
    wrong: [
      'related/complete',
      'related/two-edits',
      'related/previous-date',
      'witness-replay/complete',
    ],
  },
  linear_4: {
    verify: staleLinear4,
    wrong: [
      'related/complete',
      'related/closed-canceled',
      'related/assignee-reset',
      'witness-replay/complete',
    ],
  },
};

interface Evaluation {
  verdict: string;
  operations: number;
  exhausted: boolean;
}

/** One evaluation as the harness runs it: one fresh budget shared by the before- and after-client. */
async function evaluate(
  verify: VerifyFunction,
  task: Task,
  before: State,
  after: State,
): Promise<Evaluation> {
  const budget = new OperationBudget(OPERATION_LIMIT);
  const client = (state: State) => {
    const replica = createLinearReplica(state, task.actor);
    return createApiClient((request) => Promise.resolve(serveRequest(replica, budget, request)));
  };
  const result = await verify(publicTaskOf(task), client(before), client(after));
  return { verdict: result.verdict, operations: budget.used, exhausted: budget.exhausted };
}

const caseName = (testCase: PackCase) =>
  testCase.kind === 'panel'
    ? `${testCase.condition}/${testCase.outcome}`
    : `${testCase.kind}/${testCase.outcome}`;
const expectedVerdict = (testCase: PackCase) => (testCase.label === 'valid' ? 'pass' : 'fail');

let pack: Pack;
beforeAll(async () => {
  const loaded = await loadPack(PACK_DIR);
  if (!loaded.ok)
    throw new Error(
      `builtin pack does not load: ${loaded.errors.map((error) => `${error.file}: ${error.message}`).join('; ')}`,
    );
  pack = loaded.pack;
});

describe.each(Object.keys(correct))('%s', (taskId) => {
  it('the correct verifier classifies every panel outcome and the witness pair, within the budget', async () => {
    const task = pack.task(taskId);
    const cases = casesOfTask(pack, task);
    expect(
      cases.filter((testCase) => testCase.kind !== 'panel').map((testCase) => testCase.kind),
    ).toEqual(['witness-source', 'witness-replay']);
    const results: string[] = [];
    for (const testCase of cases) {
      const evaluation = await evaluate(correct[taskId]!, task, testCase.before, testCase.after);
      expect(evaluation.exhausted, caseName(testCase)).toBe(false);
      expect(evaluation.operations, caseName(testCase)).toBeLessThanOrEqual(OPERATION_LIMIT);
      results.push(`${caseName(testCase)}: ${evaluation.verdict}`);
    }
    expect(results).toEqual(
      cases.map((testCase) => `${caseName(testCase)}: ${expectedVerdict(testCase)}`),
    );
  });

  it('the stale variant passes the whole source panel but misjudges the related panel and the witness replay', async () => {
    const task = pack.task(taskId);
    const variant = stale[taskId]!;
    const wrong: string[] = [];
    for (const testCase of casesOfTask(pack, task)) {
      const evaluation = await evaluate(variant.verify, task, testCase.before, testCase.after);
      if (evaluation.verdict !== expectedVerdict(testCase)) wrong.push(caseName(testCase));
    }
    expect(
      wrong.filter((name) => name.startsWith('source/') || name.startsWith('witness-source/')),
    ).toEqual([]);
    expect(
      wrong.filter((name) => name.startsWith('related/') || name.startsWith('witness-replay/')),
    ).toEqual(variant.wrong);
  });
});

describe('inside the isolate sandbox (bundled with esbuild)', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await createRuntime('isolate');
  });
  afterAll(async () => {
    await runtime.close();
  });

  it.each(Object.keys(correct))(
    '%s: the correct verifier accepts the source witness and rejects the related replay',
    async (taskId) => {
      const task = pack.task(taskId);
      const module = path.resolve(PACK_DIR, `../../../examples/verifiers/${taskId}.ts`);
      const witness = casesOfTask(pack, task).filter((testCase) => testCase.kind !== 'panel');
      const verdicts = [];
      for (const testCase of witness) {
        const result = await evaluateCase(
          runtime,
          task,
          testCase,
          { id: taskId, set: 'default' },
          module,
        );
        verdicts.push(`${testCase.kind}: ${result.record.verdict}`);
        expect(result.record.operations).toBeLessThanOrEqual(OPERATION_LIMIT);
      }
      expect(verdicts).toEqual(['witness-source: pass', 'witness-replay: fail']);
    },
  );
});
