import { describe, expect, it } from 'vitest';
import { conditionsOf, outcomesOf } from '../../src/pack/pack.js';
import type { Trap } from '../../src/schema/task.js';
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
 * Remembered file ids (box_1, box_5, box_9), owner id (box_10) and sets (box_2, box_6,
 * box_13, box_14) and literal initial values (box_3, box_4, box_7, box_8, box_11, box_12,
 * box_15, box_16) reject the valid related outcomes and accept the literal replay of the
 * source decision.
 */
const STALE_WRONG: Record<string, string[]> = {
  box_1: ['related/complete', 'related/any-assignee-due-friday', 'witness/replay'],
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
  box_9: ['related/complete', 'witness/replay'],
  box_10: ['related/complete', 'related/due-next-friday', 'witness/replay'],
  box_11: ['related/complete', 'related/whole-object-put', 'witness/replay'],
  box_12: ['related/complete', 'related/any-assignee', 'witness/replay'],
  box_13: ['related/complete', 'witness/replay'],
  box_14: ['related/complete', 'related/tag-first', 'witness/replay'],
  box_15: ['related/complete', 'related/parent-only', 'witness/replay'],
  box_16: ['related/complete', 'related/version-and-comment', 'witness/replay'],
};

describe('built-in Box tasks', () => {
  it('are box_1..box_16, each with a related condition, a witness and traps', () => {
    expect(boxTasks.map((task) => task.id).sort()).toEqual(Object.keys(STALE_WRONG).sort());
    for (const task of boxTasks) {
      expect(task.witness?.decision, task.id).toBe('complete');
      expect(task.conditions.related?.change, task.id).toBeDefined();
      expect(task.traps?.length ?? 0, task.id).toBeGreaterThan(0);
    }
  });

  it('hold the Box quota: 12 families, 4 of them with two tasks, every change kind in 3 tasks', () => {
    const perFamily = new Map<string, number>();
    for (const task of boxTasks) perFamily.set(task.family, (perFamily.get(task.family) ?? 0) + 1);
    expect(perFamily.size).toBeGreaterThanOrEqual(12);
    expect([...perFamily.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(4);
    for (const change of ['binding', 'value', 'membership', 'preservation'])
      expect(
        boxTasks.filter((task) => task.conditions.related?.change === change).length,
        change,
      ).toBeGreaterThanOrEqual(3);
  });

  it('have at least 8 distinct faults of each category and each Box trap in 2 tasks (trashing in 1)', () => {
    for (const category of ['identity', 'value', 'set', 'relation', 'preservation']) {
      const distinct = new Set(
        boxTasks.flatMap((task) =>
          conditionsOf(task).flatMap((condition) =>
            outcomesOf(task, condition)
              .filter((outcome) => outcome.fault === category)
              .map((outcome) => `${task.id}/${outcome.id}`),
          ),
        ),
      );
      expect(distinct.size, category).toBeGreaterThanOrEqual(8);
    }
    const boxTraps: Trap[] = [
      'shared-name',
      'renamed-entity',
      'pagination',
      'case-whitespace',
      'copied-value',
      'preserve-across-tables',
      'legal-alternative',
    ];
    for (const trap of boxTraps)
      expect(
        boxTasks.filter((task) => task.traps?.includes(trap)).length,
        trap,
      ).toBeGreaterThanOrEqual(2);
    // Trashed items hide their tasks and comments from the API, so a trashed binding cannot
    // carry a witness the stale verifier accepts; box_13 trashes files as the task itself.
    expect(
      boxTasks.filter((task) => task.traps?.includes('archived-or-trashed')).length,
    ).toBeGreaterThanOrEqual(1);
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
