import { describe, expect, it } from 'vitest';
import { callsBetween, commentCreate, issueUpdate } from '../../src/authoring/linear.js';
import { builtinState, rowsOf } from '../services/linear/builtin-seed.js';

const issue = rowsOf('issues').find((row) => row.identifier === 'PLAT-3')!;
const changed = (patch: Parameters<typeof builtinState.apply>[0]) => {
  const { state, errors } = builtinState.apply(patch);
  expect(errors).toEqual([]);
  return state;
};

describe('callsBetween (Linear)', () => {
  it('turns an issue edit into one issueUpdate with the changed input fields, leaving server columns to the model', () => {
    const to = changed([
      {
        op: 'update',
        table: 'issues',
        key: { id: issue.id! },
        set: { priority: 1, priorityLabel: 'Urgent', updatedAt: '2026-03-09T15:00:00.000Z' },
      },
    ]);
    expect(callsBetween(builtinState, to)).toEqual([
      issueUpdate(String(issue.id), { priority: 1 }),
    ]);
  });

  it('turns a new comment into commentCreate and no change into no call', () => {
    const to = changed([
      {
        op: 'insert',
        table: 'comments',
        row: { id: 'c-new', issueId: issue.id!, userId: 'u', body: 'Done.' },
      },
    ]);
    expect(callsBetween(builtinState, to)).toEqual([commentCreate(String(issue.id), 'Done.')]);
    expect(callsBetween(builtinState, builtinState)).toEqual([]);
  });

  it('refuses a change no Linear call makes', () => {
    const to = changed([
      { op: 'update', table: 'issues', key: { id: issue.id! }, set: { number: 999 } },
    ]);
    expect(() => callsBetween(builtinState, to)).toThrow(/issues\.number/);
    const user = rowsOf('users')[0]!;
    const renamed = changed([
      { op: 'update', table: 'users', key: { id: user.id! }, set: { name: 'x' } },
    ]);
    expect(() => callsBetween(builtinState, renamed)).toThrow(/users changed/);
  });
});
