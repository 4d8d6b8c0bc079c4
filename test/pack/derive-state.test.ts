import { afterAll, describe, expect, it } from 'vitest';
import { startPointStates } from '../../src/pack/execution-states.js';
import { loadPack } from '../../src/pack/load.js';
import type { Pack } from '../../src/pack/pack.js';
import {
  assign,
  CLOCK,
  callsPack,
  comment,
  type Json,
  refusals,
  removeAll,
  withFakeModel,
} from '../support/calls-pack.js';

const made: string[] = [];
afterAll(() => removeAll(made));

const loaded = async (dir: string): Promise<Pack> => {
  const result = await loadPack(dir, withFakeModel);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.pack;
};

/** starter_1's related/with-note (index 1) written as two calls, the comment's id drawn by the model. */
const withNoteAsCalls = (keepPatch: 'drop' | 'keep' = 'drop') =>
  callsPack(
    'starter',
    ({ manifest, task }) => {
      manifest.calls = CLOCK;
      const outcome = task('starter_1').outcomes.related[1];
      outcome.calls = [
        assign('iss-fac-1', 'usr-mateo'),
        comment('iss-fac-1', 'Handing over to Mateo while Tomás is away.'),
      ];
      if (keepPatch === 'drop') delete outcome.patch;
    },
    made,
  );

describe('outcomes written as calls', () => {
  it('derives the patch by running the calls in order on the condition before-state, as the actor', async () => {
    const pack = await loaded(await withNoteAsCalls());
    const task = pack.task('starter_1');
    const outcome = pack.outcome(task, 'related', 'with-note');
    const comment = outcome.patch[1];
    expect(outcome.patch[0]).toEqual({
      op: 'update',
      table: 'issues',
      key: { id: 'iss-fac-1' },
      set: { assigneeId: 'usr-mateo', updatedAt: '2026-03-09T14:30:00.000Z' },
    });
    // The second call runs one clock step later; the actor wrote the comment.
    expect(comment).toMatchObject({
      op: 'insert',
      table: 'comments',
      row: {
        issueId: 'iss-fac-1',
        userId: 'usr-lena',
        createdAt: '2026-03-09T14:31:00.000Z',
        updatedAt: '2026-03-09T14:31:00.000Z',
      },
    });
    expect(comment?.op === 'insert' && comment.row.id).toMatch(/^cmt-[0-9a-f]{12}$/);
    const { after } = pack.states(task, 'related', 'with-note');
    expect(after.get('issues', { id: 'iss-fac-1' })?.assigneeId).toBe('usr-mateo');
    expect(after.rows('comments')).toHaveLength(2);
  });

  it('derives byte-identical patches from the same calls, and different ids for another state', async () => {
    const first = await loaded(await withNoteAsCalls());
    const second = await loaded(await withNoteAsCalls());
    const text = (pack: Pack, condition: 'source' | 'related') =>
      JSON.stringify(pack.outcome(pack.task('starter_1'), condition, 'with-note').patch);
    expect(text(first, 'related')).toBe(text(second, 'related'));
    const other = await loaded(
      await callsPack(
        'starter',
        ({ manifest, task }) => {
          manifest.calls = CLOCK;
          for (const condition of ['source', 'related']) {
            const outcome = task('starter_1').outcomes[condition][1];
            outcome.calls = [comment('iss-fac-1', 'note')];
            delete outcome.patch;
          }
        },
        made,
      ),
    );
    // The id stream is named after the state (`<task>/<condition>/<outcome>`): same calls, other ids.
    expect(text(other, 'source')).not.toBe(text(other, 'related'));
  });

  it('accepts calls and a patch that agree, whatever the key order of the written rows', async () => {
    const derived = (await loaded(await withNoteAsCalls())).outcome(
      (await loaded(await withNoteAsCalls())).task('starter_1'),
      'related',
      'with-note',
    ).patch;
    const dir = await callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const outcome = task('starter_1').outcomes.related[1];
        outcome.calls = [
          assign('iss-fac-1', 'usr-mateo'),
          comment('iss-fac-1', 'Handing over to Mateo while Tomás is away.'),
        ];
        // The same ops with each object's members reversed.
        const reversed = (value: unknown): unknown =>
          Array.isArray(value)
            ? value.map(reversed)
            : value !== null && typeof value === 'object'
              ? Object.fromEntries(
                  Object.entries(value)
                    .reverse()
                    .map(([key, item]) => [key, reversed(item)]),
                )
              : value;
        outcome.patch = reversed(derived);
      },
      made,
    );
    const pack = await loaded(dir);
    expect(pack.outcome(pack.task('starter_1'), 'related', 'with-note').patch).toEqual(derived);
  });

  it('refuses calls and a patch that disagree, at the first differing op, saying both', async () => {
    // The written patch of with-note stamps the assignment 14:40 (the starter pack's clock);
    // the test calls write it at 14:30 (CLOCK).
    const errors = await refusals(await withNoteAsCalls('keep'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      file: 'tasks/starter_1.json',
      path: ['outcomes', 'related', 1, 'patch', 0],
      code: 'calls_disagree',
    });
    expect(errors[0]?.message).toContain('op 0 is {"key":{"id":"iss-fac-1"},"op":"update"');
    expect(errors[0]?.message).toContain('"updatedAt":"2026-03-09T14:40:00.000Z"');
    expect(errors[0]?.message).toContain(
      'but call 0 writes {"key":{"id":"iss-fac-1"},"op":"update"',
    );
    expect(errors[0]?.message).toContain('"updatedAt":"2026-03-09T14:30:00.000Z"');
  });

  it('refuses a call the service refuses, naming the file, the call and the service error', async () => {
    const dir = await callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const outcome = task('starter_1').outcomes.related[2];
        outcome.calls = [assign('iss-fac-1', 'usr-mateo'), comment('iss-fac-1', '   ')];
        delete outcome.patch;
      },
      made,
    );
    expect(await refusals(dir)).toEqual([
      {
        file: 'tasks/starter_1.json',
        path: ['outcomes', 'related', 2, 'calls', 1],
        code: 'call_refused',
        message:
          'starter_1 related/wrong-mateo, call 1 (POST /test/comment) refused: empty_body (HTTP 400)',
      },
    ]);
  });

  it('refuses a pack with calls but no calls clock in pack.json, once', async () => {
    const dir = await callsPack(
      'starter',
      ({ task }) => {
        for (const index of [1, 2]) {
          const outcome = task('starter_1').outcomes.related[index];
          outcome.calls = [assign('iss-fac-1', 'usr-mateo')];
        }
      },
      made,
    );
    const errors = await refusals(dir);
    expect(errors.map((error) => [error.file, error.path, error.code])).toEqual([
      ['tasks/starter_1.json', ['outcomes', 'related', 1, 'calls'], 'no_call_clock'],
    ]);
    expect(errors[0]?.fix).toContain('"calls"');
  });

  it('refuses calls to a service without a write model', async () => {
    const dir = await withNoteAsCalls();
    const errors = await refusals(dir, { writeModel: () => undefined });
    expect(errors).toEqual([
      {
        file: 'tasks/starter_1.json',
        path: ['outcomes', 'related', 1, 'calls'],
        code: 'no_write_model',
        message:
          'starter_1 related/with-note is written as API calls, but linear has no write model yet to derive them (write the state as a patch)',
      },
    ]);
  });

  it('refuses a reference to a later call or to nothing, at the string that holds it', async () => {
    const dir = await callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const outcomes = task('starter_1').outcomes.related;
        outcomes[1].calls = [
          assign('iss-fac-1', 'usr-mateo'),
          { method: 'POST', path: '/test/comment', body: { issue: '{{0.issue.key}}', body: 'x' } },
        ];
        delete outcomes[1].patch;
        outcomes[2].calls = [comment('{{1.comment.id}}', 'x'), assign('iss-fac-1', 'usr-mateo')];
        delete outcomes[2].patch;
      },
      made,
    );
    const errors = await refusals(dir);
    expect(errors.map((error) => [error.path, error.code, error.message])).toEqual([
      [
        ['outcomes', 'related', 1, 'calls', 1, 'body', 'issue'],
        'call_reference',
        'starter_1 related/with-note, call 1: {{0.issue.key}}: the response of call 0 has nothing at issue.key (issue has id, number, assignee)',
      ],
      [
        ['outcomes', 'related', 2, 'calls', 0, 'body', 'issue'],
        'call_reference',
        'starter_1 related/wrong-mateo, call 0: {{1.comment.id}}: the first call has no earlier call to refer to',
      ],
    ]);
  });

  it('passes an earlier response on: a whole-string reference keeps its JSON type', async () => {
    const dir = await callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const outcome = task('starter_1').outcomes.related[1];
        outcome.calls = [
          comment('iss-fac-1', 'first'),
          // The fake echoes `position` back: the number stays a number, the id is spliced as text.
          {
            method: 'POST',
            path: '/test/comment',
            body: {
              issue: 'iss-fac-1',
              body: 'after {{0.comment.id}}',
              position: '{{0.comment.position}}',
            },
          },
          {
            method: 'POST',
            path: '/test/comment',
            body: { issue: 'iss-fac-1', body: 'third', position: 7 },
          },
          {
            method: 'POST',
            path: '/test/comment',
            body: { issue: 'iss-fac-1', body: 'after {{2.comment.position}}' },
          },
        ];
        delete outcome.patch;
      },
      made,
    );
    const pack = await loaded(dir);
    const patch = pack.outcome(pack.task('starter_1'), 'related', 'with-note').patch;
    const rows = patch.map((op) => (op.op === 'insert' ? op.row : {}));
    expect(rows[1]?.body).toBe(`after ${rows[0]?.id}`);
    expect(rows[3]?.body).toBe('after 7');
  });

  it('reports a write model whose row changes do not apply as its fault, at the call', async () => {
    const dir = await callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const outcome = task('starter_1').outcomes.related[1];
        outcome.calls = [{ method: 'POST', path: '/test/broken', body: {} }];
        delete outcome.patch;
      },
      made,
    );
    const errors = await refusals(dir);
    expect(errors.map((error) => [error.path, error.code])).toEqual([
      [['outcomes', 'related', 1, 'calls', 0], 'write_model'],
    ]);
    expect(errors[0]?.message).toContain('row changes do not apply');
  });
});

describe('the witness replay of calls', () => {
  const decisionAsCalls = (edit?: (task: Json) => void) =>
    callsPack(
      'starter',
      ({ manifest, task }) => {
        manifest.calls = CLOCK;
        const starter1 = task('starter_1');
        const decision = starter1.outcomes.source[0];
        decision.calls = [
          {
            method: 'POST',
            path: '/test/assign',
            body: { issue: 'iss-fac-1', assignee: 'usr-mateo' },
          },
          comment('iss-fac-1', 'handed over'),
        ];
        delete decision.patch;
        edit?.(starter1);
      },
      made,
    );

  it("runs the decision's calls on the related before-state, with the witness's own id stream", async () => {
    const pack = await loaded(await decisionAsCalls());
    const task = pack.task('starter_1');
    const witness = pack.witness(task)!;
    const replayed = witness.replay.after
      .rows('comments')
      .find((row) => row.body === 'handed over');
    const sourced = witness.source.after.rows('comments').find((row) => row.body === 'handed over');
    expect(replayed?.id).toMatch(/^cmt-/);
    expect(replayed?.id).not.toBe(sourced?.id);
    // The related before-state had the issue In Review; the replay keeps it there.
    expect(witness.replay.after.get('issues', { id: 'iss-fac-1' })).toMatchObject({
      assigneeId: 'usr-mateo',
      stateId: 'st-FAC-inreview',
    });
  });

  it('refuses a replay call the service refuses on the related before-state, at the decision call', async () => {
    const dir = await decisionAsCalls((task) => {
      // Related now starts with the issue done: the fake refuses assigning a completed issue.
      task.conditions.related.patch[0].set.stateId = 'st-FAC-done';
      // The related outcomes are written as patches; only the replay runs calls there.
    });
    const errors = await refusals(dir);
    expect(errors).toEqual([
      {
        file: 'tasks/starter_1.json',
        path: ['outcomes', 'source', 0, 'calls', 0],
        code: 'call_refused',
        message:
          'starter_1 witness: replaying source/complete on the related before-state, call 0 (POST /test/assign) refused: issue_completed (HTTP 409)',
      },
    ]);
  });

  it("runs the witness's own calls instead when it has them", async () => {
    const dir = await decisionAsCalls((task) => {
      task.witness.calls = [assign('iss-missing', 'usr-mateo')];
    });
    expect((await refusals(dir)).map((error) => [error.path, error.code])).toEqual([
      [['witness', 'calls', 0], 'call_refused'],
    ]);
  });
});

describe('recorded execution states written as calls', () => {
  it('derives a stage on the state before it, and refuses a refused stage call at its path', async () => {
    const dir = await callsPack(
      'starter-executions',
      ({ manifest, executions }) => {
        manifest.calls = CLOCK;
        const natural = executions('starter_1').runs[0].starts.natural;
        natural.branches.neutral[0].calls = [assign('iss-fac-1', 'usr-mateo')];
        delete natural.branches.neutral[0].patch;
      },
      made,
    );
    const pack = await loaded(dir);
    const task = pack.task('starter_1');
    const run = pack.executions.get('starter_1')!.runs[0]!;
    expect(run.starts.natural.branches.neutral[0]?.patch).toEqual([
      {
        op: 'update',
        table: 'issues',
        key: { id: 'iss-fac-1' },
        set: { assigneeId: 'usr-mateo', updatedAt: '2026-03-09T14:30:00.000Z' },
      },
    ]);
    const states = startPointStates(pack, task, run, 'natural');
    expect(states.states['neutral.1'].get('issues', { id: 'iss-fac-1' })?.assigneeId).toBe(
      'usr-mateo',
    );

    const refused = await callsPack(
      'starter-executions',
      ({ manifest, executions }) => {
        manifest.calls = CLOCK;
        const natural = executions('starter_1').runs[0].starts.natural;
        natural.branches.rejected[1].calls = [assign('iss-fac-1', 'usr-nobody')];
      },
      made,
    );
    expect(await refusals(refused)).toEqual([
      {
        file: 'executions/starter_1.json',
        path: ['runs', 0, 'starts', 'natural', 'branches', 'rejected', 1, 'calls', 0],
        code: 'call_refused',
        message:
          'starter_1 run run-a natural rejected stage 2, call 0 (POST /test/assign) refused: invalid_assignee (HTTP 400)',
      },
    ]);
  });
});
