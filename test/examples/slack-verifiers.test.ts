import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/sandbox/runtime.js';
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

const pack = await loadBuiltinPack();

/**
 * Stale variants and the cases each one gets wrong: all on the related condition or the
 * witness replay, none on source (they were built there).
 */
const STALE_WRONG: Record<string, string[]> = {
  slack_1: [
    'related/complete',
    'related/invite-and-announce',
    'related/last-weeks-roster',
    'witness/replay',
  ],
  slack_2: ['related/complete', 'related/set-twice', 'related/yesterdays-topic', 'witness/replay'],
  slack_3: [
    'related/complete',
    'related/welcome-in-thread',
    'related/renamed-colleague',
    'witness/replay',
  ],
  slack_4: [
    'related/complete',
    'related/on-new-line',
    'related/restored-old-text',
    'witness/replay',
  ],
};

const slackTasks = pack.tasks.filter((task) => task.service === 'slack');

describe('built-in Slack tasks', () => {
  it('are the four slack_* tasks, each with a related condition and a witness', () => {
    expect(slackTasks.map((task) => task.id).sort()).toEqual(Object.keys(STALE_WRONG).sort());
    for (const task of slackTasks) {
      expect(task.conditions.related?.change).toBeDefined();
      expect(task.witness?.decision).toBeDefined();
    }
    expect(
      new Set(slackTasks.map((task) => task.conditions.related?.change)).size,
    ).toBeGreaterThanOrEqual(3);
  });
});

for (const task of slackTasks) {
  const cases = namedCasesOf(pack, task);
  const verifiers = await exampleVerifiers(task.id);

  describe(`${task.id}: correct verifier`, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      async (_name, testCase) => {
        const { result, operations } = await runInProcess(verifiers.correct, task, testCase);
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
        expect(operations).toBeLessThanOrEqual(DEFAULT_OPERATION_LIMIT);
      },
    );
  });

  describe(`${task.id}: stale verifier`, () => {
    it('classifies the whole source panel right and exactly the declared related/witness cases wrong', async () => {
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

describe('Slack verifiers in the isolate sandbox', () => {
  it('bundle without Node APIs and give the same verdicts on the witness pair', async () => {
    const runtime = await createRuntime('isolate');
    try {
      for (const task of slackTasks) {
        for (const { name, label, record } of await judgeWitnessIn(runtime, pack, task)) {
          expect(`${task.id} ${name}: ${record.verdict}`).toBe(
            `${task.id} ${name}: ${expectedVerdict(label)}`,
          );
        }
      }
    } finally {
      await runtime.close();
    }
  });
});
