import { describe, expect, it } from 'vitest';
import { verify as correct1 } from '../../examples/verifiers/box_1.js';
import { verify as correct2 } from '../../examples/verifiers/box_2.js';
import { verify as correct3 } from '../../examples/verifiers/box_3.js';
import { verify as correct4 } from '../../examples/verifiers/box_4.js';
import { verify as stale1 } from '../../examples/verifiers/stale/box_1.js';
import { verify as stale2 } from '../../examples/verifiers/stale/box_2.js';
import { verify as stale3 } from '../../examples/verifiers/stale/box_3.js';
import { verify as stale4 } from '../../examples/verifiers/stale/box_4.js';
import type { VerifyFunction } from '../../src/evaluation/verifier.js';
import { conditionsOf, outcomesOf } from '../../src/pack/pack.js';
import { DEFAULT_OPERATION_LIMIT } from '../../src/services/budget.js';
import {
  expectedVerdict,
  loadBuiltinPack,
  namedCasesOf,
  runInProcess,
  wrongCases,
} from '../support/verifier-harness.js';

const pack = await loadBuiltinPack();
const boxTasks = pack.tasks.filter((task) => task.service === 'box');

const CORRECT: Record<string, VerifyFunction> = {
  box_1: correct1,
  box_2: correct2,
  box_3: correct3,
  box_4: correct4,
};

/**
 * Each stale variant and the cases it must get wrong (none on source: it was built there).
 * box_1 remembers a file id that is in the trash under `related` (valid outcomes fail);
 * box_2 remembers the three source exports (treats the fourth as one that must stay); box_3 and box_4 compare
 * with the literal source description (reject the right text, accept the replayed one).
 */
const STALE: Record<string, { verify: VerifyFunction; wrong: string[] }> = {
  box_1: { verify: stale1, wrong: ['related/complete', 'related/any-assignee-due-friday'] },
  box_2: {
    verify: stale2,
    wrong: [
      'related/complete',
      'related/moved-with-filing-notes',
      'related/missed-newest',
      'witness/replay',
    ],
  },
  box_3: { verify: stale3, wrong: ['related/complete', 'related/name-only', 'witness/replay'] },
  box_4: { verify: stale4, wrong: ['related/complete', 'related/ai-disabled', 'witness/replay'] },
};

describe('built-in Box tasks', () => {
  it('are box_1..box_4, each with a related condition and a witness, covering at least three kinds of change', () => {
    expect(boxTasks.map((task) => task.id).sort()).toEqual(Object.keys(CORRECT).sort());
    for (const task of boxTasks) expect(task.witness?.decision).toBe('complete');
    expect(
      new Set(boxTasks.map((task) => task.conditions.related?.change)).size,
    ).toBeGreaterThanOrEqual(3);
    const faults = new Set(
      boxTasks.flatMap((task) =>
        conditionsOf(task).flatMap((condition) =>
          outcomesOf(task, condition).map((outcome) => outcome.fault),
        ),
      ),
    );
    faults.delete(undefined);
    expect(faults.size).toBeGreaterThanOrEqual(4);
  });
});

for (const task of boxTasks) {
  const cases = namedCasesOf(pack, task);

  describe(`${task.id}: correct verifier`, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      async (_name, testCase) => {
        const { result, operations } = await runInProcess(CORRECT[task.id]!, task, testCase);
        expect({ case: testCase.name, verdict: result.verdict }).toEqual({
          case: testCase.name,
          verdict: expectedVerdict(testCase.label),
        });
        expect(result.explanation).toEqual(expect.any(String));
        const failed = (result.checks ?? []).filter((check) => !check.ok);
        // A fail names the check that decided it; a pass has none failing.
        expect(failed.length > 0).toBe(testCase.label === 'invalid');
        expect(operations).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      },
    );
  });

  describe(`${task.id}: stale verifier`, () => {
    it(`gets the whole source panel right and exactly ${STALE[task.id]!.wrong.join(', ')} wrong`, async () => {
      const stale = STALE[task.id]!;
      const wrong = await wrongCases(
        stale.verify,
        task,
        cases.filter((testCase) => !testCase.name.startsWith('background/')),
      );
      expect(
        wrong.filter((name) => name.startsWith('source/') || name === 'witness/source'),
      ).toEqual([]);
      expect(wrong).toEqual(stale.wrong);
    });
  });
}
