import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finalStateFingerprint, replayRun } from '../../../src/import/agent-diff/replay.js';
import type { RecordedRun } from '../../../src/import/agent-diff/runs.js';
import { readRunFile } from '../../../src/import/agent-diff/runs.js';
import { loadAgentDiffSeed } from '../../../src/import/agent-diff/seed-files.js';
import { State } from '../../../src/state/state.js';
import { MINI_DIR } from './support/mini.js';

const busy = State.fromSeed((await loadAgentDiffSeed(MINI_DIR, 'linear', 'quill_busy')).seed);
const journal = await readRunFile(path.join(MINI_DIR, 'runs/journal.json'));
const run = (id: string): RecordedRun => journal.find((candidate) => candidate.runId === id)!;

describe('replayRun', () => {
  it('applies inserts, then updates in order: the last update of a row wins', () => {
    const { after, problems, patch } = replayRun(run('jr-4'), busy);
    expect(problems).toEqual([]);
    expect(patch.map((op) => op.op)).toEqual(['update', 'update']);
    expect(after.get('issues', { id: 'i-2' })).toMatchObject({
      assigneeId: 'u-cyr',
      stateId: 'ws-prog',
      priority: 1,
    });
  });

  it('writes only the columns an update changed, so recording formats do not leak into the state', () => {
    const { patch } = replayRun(run('jr-4'), busy);
    expect(patch[0]).toEqual({
      op: 'update',
      table: 'issues',
      key: { id: 'i-2' },
      set: { assigneeId: 'u-bex', updatedAt: '2025-04-02 11:00:00' },
    });
    // createdAt was printed with a space in the journal but is untouched in the state.
    const { after } = replayRun(run('jr-4'), busy);
    expect(after.get('issues', { id: 'i-2' })!.createdAt).toBe('2025-03-02T11:00:00');
  });

  it('decodes JSON columns stored as text where the seed holds lists or objects', () => {
    const { after } = replayRun(run('jr-1'), busy);
    expect(after.get('issues', { id: 'i-3' })).toMatchObject({
      title: 'Reprint errata sheet',
      labelIds: ['l-print'],
    });
    expect(after.get('teams', { id: 't-prod' })).toMatchObject({
      issueCount: 8,
      currentProgress: {},
    });
  });

  it('applies deletes last', () => {
    const { after, patch } = replayRun(run('jr-3'), busy);
    expect(patch.at(-1)).toEqual({
      op: 'delete',
      table: 'issue_label_issue_association',
      key: { issue_id: 'i-1', issue_label_id: 'l-typo' },
    });
    expect(after.rows('issue_label_issue_association')).toEqual([]);
    expect(after.get('issues', { id: 'i-1' })!.labelIds).toEqual([]);
  });

  it('replaces a before-state row that a run deleted and inserted again', () => {
    const replaced: RecordedRun = {
      ...run('jr-3'),
      inserts: [{ table: 'comments', row: { id: 'c-1', issueId: 'i-1', body: 'rewritten' } }],
      updates: [],
      deletes: [
        {
          table: 'comments',
          row: { id: 'c-1', issueId: 'i-1', body: "Waiting on the printer's proofs." },
        },
      ],
    };
    const { after, problems } = replayRun(replaced, busy);
    expect(problems).toEqual([]);
    expect(after.get('comments', { id: 'c-1' })!.body).toBe('rewritten');
  });

  it('reports a recording without a diff instead of replaying it as a no-op', () => {
    const { problems, patch } = replayRun({ ...run('jr-4'), hasDiff: false, updates: [] }, busy);
    expect(patch).toEqual([]);
    expect(problems[0]!.message).toMatch(/has no diff/);
  });

  it('reports writes it cannot apply instead of throwing', () => {
    const broken: RecordedRun = {
      ...run('jr-4'),
      updates: [{ table: 'issues', before: { id: 'i-404' }, after: { id: 'i-404', title: 'x' } }],
    };
    const { problems } = replayRun(broken, busy);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/names key "i-404", which no row has/);
    const unknown: RecordedRun = {
      ...run('jr-4'),
      updates: [],
      inserts: [{ table: 'cycles', row: { id: 'c-1' } }],
    };
    expect(replayRun(unknown, busy).problems[0]!.message).toBe(
      'table "cycles" is not in seed "quill_busy"',
    );
  });
});

describe('finalStateFingerprint', () => {
  it('is equal for runs that end identically by different paths and differs otherwise', () => {
    const typoFixed = replayRun(run('jr-1'), busy).after;
    const direct = replayRun(run('jr-2'), busy).after;
    expect(finalStateFingerprint(busy, typoFixed)).toBe(finalStateFingerprint(busy, direct));
    expect(finalStateFingerprint(busy, typoFixed)).not.toBe(
      finalStateFingerprint(busy, replayRun(run('jr-4'), busy).after),
    );
    expect(finalStateFingerprint(busy, busy)).toBe('[]');
  });
});
