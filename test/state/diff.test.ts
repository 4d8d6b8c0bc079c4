import { describe, expect, it } from 'vitest';
import type { Seed } from '../../src/schema/seed.js';
import { diffSize, diffStates } from '../../src/state/diff.js';
import { State } from '../../src/state/state.js';

const seed: Seed = {
  name: 'tiny',
  service: 'linear',
  tables: {
    issues: {
      key: ['id'],
      rows: [
        { id: 'i1', title: 'One', stateId: 's1', updatedAt: 't0' },
        { id: 'i2', title: 'Two', stateId: 's1', updatedAt: 't0' },
      ],
    },
    comments: { key: ['id'], rows: [] },
  },
};

describe('diffStates', () => {
  const before = State.fromSeed(seed);
  const after = before.apply([
    { op: 'update', table: 'issues', key: { id: 'i1' }, set: { stateId: 's2', updatedAt: 't1' } },
    { op: 'update', table: 'issues', key: { id: 'i2' }, set: { updatedAt: 't1' } },
    { op: 'insert', table: 'comments', row: { id: 'c1', body: 'hi' } },
    { op: 'delete', table: 'issues', key: { id: 'i2' } },
  ]).state;

  it('lists inserts, updates with before/after rows and fields, and deletes per table', () => {
    const diff = diffStates(before, after);
    expect(diff.comments).toEqual({
      inserts: [{ id: 'c1', body: 'hi' }],
      updates: [],
      deletes: [],
    });
    expect(diff.issues!.deletes).toEqual([
      { id: 'i2', title: 'Two', stateId: 's1', updatedAt: 't0' },
    ]);
    expect(diff.issues!.updates).toEqual([
      {
        key: { id: 'i1' },
        before: { id: 'i1', title: 'One', stateId: 's1', updatedAt: 't0' },
        after: { id: 'i1', title: 'One', stateId: 's2', updatedAt: 't1' },
        fields: ['stateId', 'updatedAt'],
      },
    ]);
    expect(diffSize(diff)).toBe(3);
  });

  it('drops updates that only touch ignored fields', () => {
    const touched = before.apply([
      { op: 'update', table: 'issues', key: { id: 'i2' }, set: { updatedAt: 't9' } },
    ]).state;
    expect(diffStates(before, touched)).toHaveProperty('issues');
    expect(diffStates(before, touched, { ignoreFields: ['updatedAt'] })).toEqual({});
    expect(diffStates(before, touched, { ignoreFields: ['issues.updatedAt'] })).toEqual({});
    expect(diffStates(before, touched, { ignoreFields: ['comments.updatedAt'] })).toHaveProperty(
      'issues',
    );
  });

  it('limits the diff to the tables asked for, each as in the whole diff', () => {
    const whole = diffStates(before, after);
    expect(diffStates(before, after, { tables: ['comments'] })).toEqual({
      comments: whole.comments,
    });
    expect(diffStates(before, after, { tables: ['issues', 'absent'] })).toEqual({
      issues: whole.issues,
    });
  });

  it('diffs states built on different seed objects by full comparison', () => {
    const copy = State.fromSeed(structuredClone(seed));
    expect(diffStates(copy, after)).toEqual(diffStates(before, after));
    expect(diffStates(copy, before)).toEqual({});
  });
});
