import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pack } from '../../src/pack/pack.js';
import { createRuntime, type Runtime } from '../../src/sandbox/runtime.js';
import { DEFAULT_OPERATION_LIMIT } from '../../src/services/budget.js';
import {
  exampleVerifiers,
  expectedVerdict,
  judgeWitnessIn,
  loadBuiltinPack,
  namedCasesOf,
  runInProcess,
  wrongCases,
} from '../support/verifier-harness.js';

/** The cases each stale variant must get wrong: related outcomes whose requirement moved, and the witness replay. */
const STALE_WRONG: Record<string, string[]> = {
  linear_1: [
    'related/complete',
    'related/handover-comment',
    'related/former-priya',
    'witness/replay',
  ],
  linear_2: ['related/complete', 'related/some-released', 'witness/replay'],
  linear_3: ['related/complete', 'related/two-edits', 'related/previous-date', 'witness/replay'],
  linear_4: [
    'related/complete',
    'related/closed-canceled',
    'related/assignee-reset',
    'witness/replay',
  ],
  linear_5: [
    'related/complete',
    'related/handover-comment',
    'related/former-sam',
    'witness/replay',
  ],
  linear_6: ['related/complete', 'related/two-edits', 'related/previous-date', 'witness/replay'],
  linear_7: [
    'related/complete',
    'related/closed-canceled',
    'related/assignee-reset',
    'witness/replay',
  ],
  linear_8: ['related/complete', 'related/split', 'witness/replay'],
  linear_9: ['related/complete', 'related/split', 'witness/replay'],
  linear_10: ['related/complete', 'related/renamed-label', 'witness/replay'],
  linear_11: ['related/complete', 'related/pilot-project', 'witness/replay'],
  linear_12: ['related/complete', 'related/assignee-reset', 'witness/replay'],
  linear_13: [
    'related/complete',
    'related/full-name',
    'related/previous-assignee',
    'witness/replay',
  ],
  linear_14: ['related/complete', 'witness/replay'],
  linear_15: ['related/complete', 'related/previous-priority', 'witness/replay'],
  linear_16: ['related/complete', 'related/description-reset', 'witness/replay'],
};

let pack: Pack;
beforeAll(async () => {
  pack = await loadBuiltinPack();
});

describe.each(Object.keys(STALE_WRONG))('%s', (taskId) => {
  it('the correct verifier classifies every panel outcome and the witness pair, within the budget', async () => {
    const task = pack.task(taskId);
    const { correct } = await exampleVerifiers(taskId);
    const cases = namedCasesOf(pack, task);
    expect(
      cases.filter((testCase) => testCase.kind !== 'panel').map((testCase) => testCase.kind),
    ).toEqual(['witness-source', 'witness-replay']);
    const results: string[] = [];
    for (const testCase of cases) {
      const run = await runInProcess(correct, task, testCase);
      expect(run.exhausted, testCase.name).toBe(false);
      expect(run.operations, testCase.name).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      results.push(`${testCase.name}: ${run.result.verdict}`);
    }
    expect(results).toEqual(
      cases.map((testCase) => `${testCase.name}: ${expectedVerdict(testCase.label)}`),
    );
  });

  it('the stale variant passes the whole source panel but misjudges the related panel and the witness replay', async () => {
    const task = pack.task(taskId);
    const { stale } = await exampleVerifiers(taskId);
    const wrong = await wrongCases(stale, task, namedCasesOf(pack, task));
    expect(wrong.filter((name) => name.startsWith('source/') || name === 'witness/source')).toEqual(
      [],
    );
    expect(
      wrong.filter((name) => name.startsWith('related/') || name === 'witness/replay'),
    ).toEqual(STALE_WRONG[taskId]);
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

  it.each(Object.keys(STALE_WRONG))(
    '%s: the correct verifier accepts the source witness and rejects the related replay',
    async (taskId) => {
      const task = pack.task(taskId);
      const verdicts = [];
      for (const { kind, record } of await judgeWitnessIn(runtime, pack, task)) {
        verdicts.push(`${kind}: ${record.verdict}`);
        expect(record.operations).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      }
      expect(verdicts).toEqual(['witness-source: pass', 'witness-replay: fail']);
    },
  );
});
