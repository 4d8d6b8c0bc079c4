import { describe, expect, it } from 'vitest';
import { verify as correct1 } from '../../examples/verifiers/calendar_1.js';
import { verify as correct2 } from '../../examples/verifiers/calendar_2.js';
import { verify as correct3 } from '../../examples/verifiers/calendar_3.js';
import { verify as correct4 } from '../../examples/verifiers/calendar_4.js';
import { verify as stale1 } from '../../examples/verifiers/stale/calendar_1.js';
import { verify as stale2 } from '../../examples/verifiers/stale/calendar_2.js';
import { verify as stale3 } from '../../examples/verifiers/stale/calendar_3.js';
import { verify as stale4 } from '../../examples/verifiers/stale/calendar_4.js';
import { evaluateCase } from '../../src/evaluation/evaluate-case.js';
import type { VerifyFunction } from '../../src/evaluation/verifier.js';
import { conditionsOf, outcomesOf } from '../../src/pack/pack.js';
import { createRuntime } from '../../src/sandbox/runtime.js';
import { CATEGORIES } from '../../src/schema/reference.js';
import { DEFAULT_OPERATION_LIMIT } from '../../src/services/budget.js';
import {
  exampleVerifierPath,
  expectedVerdict,
  loadBuiltinPack,
  namedCasesOf,
  runInProcess,
  wrongCases,
} from '../support/verifier-harness.js';

const pack = await loadBuiltinPack();

const CORRECT: Record<string, VerifyFunction> = {
  calendar_1: correct1,
  calendar_2: correct2,
  calendar_3: correct3,
  calendar_4: correct4,
};

/**
 * Stale variants and the cases each gets wrong: only related outcomes and the witness
 * replay, never a source or background case (they were built on source).
 */
const STALE: Record<string, { verify: VerifyFunction; wrong: string[] }> = {
  calendar_1: {
    verify: stale1,
    wrong: [
      'related/complete',
      'related/with-notification',
      'related/old-account',
      'witness/replay',
    ],
  },
  calendar_2: {
    verify: stale2,
    wrong: ['related/complete', 'related/room-pending', 'related/previous-room', 'witness/replay'],
  },
  calendar_3: {
    verify: stale3,
    wrong: [
      'related/complete',
      'related/two-batches',
      'related/last-weeks-acceptors',
      'witness/replay',
    ],
  },
  calendar_4: {
    verify: stale4,
    wrong: [
      'related/complete',
      'related/times-only',
      'related/made-private-again',
      'witness/replay',
    ],
  },
};

const calendarTasks = pack.tasks.filter((task) => task.service === 'calendar');

describe('built-in calendar tasks', () => {
  it('are the four calendar_* tasks, each with a related condition and a witness', () => {
    expect(calendarTasks.map((task) => task.id).sort()).toEqual(Object.keys(CORRECT).sort());
    for (const task of calendarTasks) {
      expect(task.conditions.related?.change).toBeDefined();
      expect(task.witness?.decision).toBeDefined();
    }
    expect(
      new Set(calendarTasks.map((task) => task.conditions.related?.change)).size,
    ).toBeGreaterThanOrEqual(3);
  });

  it('cover at least four fault categories, and one task has a prefix outcome in every condition', () => {
    const faults = new Set(
      calendarTasks.flatMap((task) =>
        conditionsOf(task).flatMap((condition) =>
          outcomesOf(task, condition).map((outcome) => outcome.fault),
        ),
      ),
    );
    expect(CATEGORIES.filter((category) => faults.has(category)).length).toBeGreaterThanOrEqual(4);
    expect(
      calendarTasks.some((task) =>
        conditionsOf(task).every((condition) =>
          outcomesOf(task, condition).some((outcome) => outcome.role === 'prefix'),
        ),
      ),
    ).toBe(true);
  });
});

for (const task of calendarTasks) {
  const cases = namedCasesOf(pack, task);

  describe(`${task.id}: correct verifier`, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      async (_name, testCase) => {
        const { result, operations, exhausted } = await runInProcess(
          CORRECT[task.id]!,
          task,
          testCase,
        );
        expect({
          case: testCase.name,
          verdict: result.verdict,
          explanation: result.explanation,
        }).toEqual({
          case: testCase.name,
          verdict: expectedVerdict(testCase.label),
          explanation: expect.any(String),
        });
        expect(result.checks?.length).toBeGreaterThan(0);
        expect(exhausted).toBe(false);
        expect(operations).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      },
    );
  });

  describe(`${task.id}: stale verifier`, () => {
    it('classifies the source and background panels right and exactly the declared related/witness cases wrong', async () => {
      const stale = STALE[task.id]!;
      const wrong = await wrongCases(stale.verify, task, cases);
      expect(
        wrong.filter((name) => name.startsWith('source/') || name === 'witness/source'),
      ).toEqual([]);
      expect(wrong).toEqual(stale.wrong);
    });
  });
}

describe('calendar verifiers in the isolate runtime', () => {
  it('bundle, run without Node APIs, and judge the witness pair as in-process', async () => {
    const runtime = await createRuntime('isolate');
    try {
      for (const task of calendarTasks) {
        const witness = namedCasesOf(pack, task).filter((entry) => entry.kind !== 'panel');
        const judged: Array<[string, string, number]> = [];
        for (const entry of witness) {
          const { record } = await evaluateCase(
            runtime,
            task,
            entry,
            { id: task.id, set: 'default' },
            exampleVerifierPath(task.id),
          );
          judged.push([entry.name, record.verdict, record.operations]);
        }
        expect(judged.map(([name, verdict]) => [task.id, name, verdict])).toEqual([
          [task.id, 'witness/source', 'pass'],
          [task.id, 'witness/replay', 'fail'],
        ]);
        for (const [, , operations] of judged)
          expect(operations).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      }
    } finally {
      await runtime.close();
    }
  }, 60_000);
});
