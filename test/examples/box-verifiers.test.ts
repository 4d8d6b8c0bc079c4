import { describe, expect, it } from 'vitest';
import { conditionsOf, outcomesOf } from '../../src/pack/pack.js';
import { DEFAULT_OPERATION_LIMIT } from '../../src/services/budget.js';
import {
  exampleVerifiers,
  expectedVerdict,
  loadBuiltinPack,
  namedCasesOf,
  runInProcess,
  wrongCases,
} from '../support/verifier-harness.js';

const pack = await loadBuiltinPack();
const boxTasks = pack.tasks.filter((task) => task.service === 'box');

/**
 * Each stale variant and the cases it must get wrong (none on source: it was built there).
 * box_1 remembers a file id that is in the trash under `related` (valid outcomes fail);
 * box_2 remembers the three source exports (treats the fourth as one that must stay); box_3 and box_4 compare
 * with the literal source description (reject the right text, accept the replayed one).
 */
const STALE_WRONG: Record<string, string[]> = {
  box_1: ['related/complete', 'related/any-assignee-due-friday'],
  box_2: [
    'related/complete',
    'related/moved-with-filing-notes',
    'related/missed-newest',
    'witness/replay',
  ],
  box_3: ['related/complete', 'related/name-only', 'witness/replay'],
  box_4: ['related/complete', 'related/ai-disabled', 'witness/replay'],
  box_5: ['related/complete', 'related/any-assignee-due-friday', 'witness/replay'],
  box_6: [
    'related/complete',
    'related/moved-with-filing-notes',
    'related/missed-newest',
    'witness/replay',
  ],
  box_7: ['related/complete', 'related/name-only', 'witness/replay'],
  box_8: ['related/complete', 'related/ai-disabled', 'witness/replay'],
  box_9: ['related/complete', 'related/comment-with-mention'],
  box_10: ['related/complete', 'related/due-next-friday', 'witness/replay'],
  box_11: ['related/complete', 'related/whole-object-put', 'witness/replay'],
  box_12: ['related/complete', 'related/any-assignee', 'witness/replay'],
  box_13: ['related/complete', 'witness/replay'],
  box_14: ['related/complete', 'related/tag-first', 'witness/replay'],
  box_15: ['related/complete', 'related/parent-only', 'witness/replay'],
  box_16: ['related/complete', 'related/version-and-comment', 'witness/replay'],
};

describe('built-in Box tasks', () => {
  it('are box_1..box_4, each with a related condition and a witness, covering at least three kinds of change', () => {
    expect(boxTasks.map((task) => task.id).sort()).toEqual(Object.keys(STALE_WRONG).sort());
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
  const verifiers = await exampleVerifiers(task.id);

  describe(`${task.id}: correct verifier`, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      async (_name, testCase) => {
        const { result, operations } = await runInProcess(verifiers.correct, task, testCase);
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
    it(`gets the whole source panel right and exactly ${STALE_WRONG[task.id]!.join(', ')} wrong`, async () => {
      const wrong = await wrongCases(
        verifiers.stale,
        task,
        cases.filter((testCase) => !testCase.name.startsWith('background/')),
      );
      expect(
        wrong.filter((name) => name.startsWith('source/') || name === 'witness/source'),
      ).toEqual([]);
      expect(wrong).toEqual(STALE_WRONG[task.id]);
    });
  });
}
