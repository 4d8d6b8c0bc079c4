import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verify as correct1 } from '../../examples/verifiers/slack_1.js';
import { verify as correct2 } from '../../examples/verifiers/slack_2.js';
import { verify as correct3 } from '../../examples/verifiers/slack_3.js';
import { verify as correct4 } from '../../examples/verifiers/slack_4.js';
import { verify as stale1 } from '../../examples/verifiers/stale/slack_1.js';
import { verify as stale2 } from '../../examples/verifiers/stale/slack_2.js';
import { verify as stale3 } from '../../examples/verifiers/stale/slack_3.js';
import { verify as stale4 } from '../../examples/verifiers/stale/slack_4.js';
import type { PublicTask, VerifierResult, VerifyFunction } from '../../src/evaluation/verifier.js';
import { loadPackOrThrow } from '../../src/pack/load.js';
import { conditionsOf, outcomesOf, type Pack } from '../../src/pack/pack.js';
import { createRuntime } from '../../src/sandbox/runtime.js';
import type { Label, Task } from '../../src/schema/task.js';
import { DEFAULT_OPERATION_LIMIT, OperationBudget } from '../../src/services/budget.js';
import { createApiClient } from '../../src/services/client.js';
import { serveRequest } from '../../src/services/gateway.js';
import { createSlackReplica, SlackDocs } from '../../src/services/slack/index.js';
import type { State } from '../../src/state/state.js';

const EXAMPLES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../examples/verifiers',
);
const PACK_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../fixtures/packs/builtin',
);
const pack: Pack = await loadPackOrThrow(PACK_DIR);

const CORRECT: Record<string, VerifyFunction> = {
  slack_1: correct1,
  slack_2: correct2,
  slack_3: correct3,
  slack_4: correct4,
};

/**
 * Stale variants and the cases each one gets wrong: all on the related condition or the
 * witness replay, none on source (they were built there).
 */
const STALE: Record<string, { verify: VerifyFunction; wrong: string[] }> = {
  slack_1: {
    verify: stale1,
    wrong: [
      'related/complete',
      'related/invite-and-announce',
      'related/last-weeks-roster',
      'witness/replay',
    ],
  },
  slack_2: {
    verify: stale2,
    wrong: ['related/complete', 'related/set-twice', 'related/yesterdays-topic', 'witness/replay'],
  },
  slack_3: {
    verify: stale3,
    wrong: [
      'related/complete',
      'related/welcome-in-thread',
      'related/renamed-colleague',
      'witness/replay',
    ],
  },
  slack_4: {
    verify: stale4,
    wrong: [
      'related/complete',
      'related/on-new-line',
      'related/restored-old-text',
      'witness/replay',
    ],
  },
};

interface Case {
  name: string;
  before: State;
  after: State;
  label: Label;
}

/** Every case of a task: each condition's panel, then the witness pair. */
function casesOf(task: Task): Case[] {
  const cases: Case[] = [];
  for (const condition of conditionsOf(task)) {
    for (const outcome of outcomesOf(task, condition)) {
      const { before, after } = pack.states(task, condition, outcome.id);
      cases.push({ name: `${condition}/${outcome.id}`, before, after, label: outcome.label });
    }
  }
  const witness = pack.witness(task);
  if (witness) {
    cases.push({ name: 'witness/source', ...witness.source, label: 'valid' });
    cases.push({ name: 'witness/replay', ...witness.replay, label: 'invalid' });
  }
  return cases;
}

/** One evaluation as the harness runs it: one budget shared by the before- and after-client. */
async function evaluate(
  verify: VerifyFunction,
  task: Task,
  testCase: Case,
): Promise<{ result: VerifierResult; operations: number }> {
  const budget = new OperationBudget();
  const client = (state: State) =>
    createApiClient((request) =>
      Promise.resolve(serveRequest(createSlackReplica(state, task.actor), budget, request)),
    );
  const view: PublicTask = {
    id: task.id,
    service: task.service,
    instruction: task.instruction,
    actor: task.actor,
    docs: SlackDocs,
  };
  const result = await verify(view, client(testCase.before), client(testCase.after));
  return { result, operations: budget.used };
}

const expectedVerdict = (label: Label) => (label === 'valid' ? 'pass' : 'fail');
const slackTasks = pack.tasks.filter((task) => task.service === 'slack');

describe('built-in Slack tasks', () => {
  it('are the four slack_* tasks, each with a related condition and a witness', () => {
    expect(slackTasks.map((task) => task.id).sort()).toEqual(Object.keys(CORRECT).sort());
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
  const cases = casesOf(task);

  describe(`${task.id}: correct verifier`, () => {
    it.each(cases.map((testCase) => [testCase.name, testCase] as const))(
      '%s',
      async (_name, testCase) => {
        const { result, operations } = await evaluate(CORRECT[task.id]!, task, testCase);
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
      const stale = STALE[task.id]!;
      const wrong: string[] = [];
      for (const testCase of cases) {
        if (testCase.name.startsWith('background/')) continue;
        const { result } = await evaluate(stale.verify, task, testCase);
        if (result.verdict !== expectedVerdict(testCase.label)) wrong.push(testCase.name);
      }
      expect(
        wrong.filter((name) => name.startsWith('source/') || name === 'witness/source'),
      ).toEqual([]);
      expect(wrong).toEqual(stale.wrong);
    });
  });
}

describe('Slack verifiers in the isolate sandbox', () => {
  it('bundle without Node APIs and give the same verdicts on the witness pair', async () => {
    const runtime = await createRuntime('isolate');
    try {
      for (const task of slackTasks) {
        const view: PublicTask = {
          id: task.id,
          service: task.service,
          instruction: task.instruction,
          actor: task.actor,
          docs: SlackDocs,
        };
        const witness = casesOf(task).filter((testCase) => testCase.name.startsWith('witness/'));
        for (const testCase of witness) {
          const record = await runtime.evaluate({
            verifier: path.join(EXAMPLES_DIR, `${task.id}.ts`),
            task: view,
            before: createSlackReplica(testCase.before, task.actor),
            after: createSlackReplica(testCase.after, task.actor),
          });
          expect(`${task.id} ${testCase.name}: ${record.verdict}`).toBe(
            `${task.id} ${testCase.name}: ${expectedVerdict(testCase.label)}`,
          );
        }
      }
    } finally {
      await runtime.close();
    }
  });
});
