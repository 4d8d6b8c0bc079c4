import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../../src/schema/task.js';
import { actorOf, builtinState, dana, query, replicaFor, rowsOf } from '../builtin-seed.js';

// Filtered collections are kept per view (one actor, one state), collection and filter:
// these tests fail if the memo kept a selection by its filter alone, past the actor or the
// state it was made for.

const issueIds = (actor: Actor, state = builtinState, filter = '{ priority: { eq: 1 } }') =>
  query<{ issues: { nodes: Array<{ id: string }> } }>(
    replicaFor(actor, state),
    `{ issues(first: 250, filter: ${filter}) { nodes { id } } }`,
  ).issues.nodes.map((node) => node.id);

describe('filtered collections kept per view', () => {
  it('answers the same filter again with the same rows', () => {
    const first = issueIds(dana);
    expect(first.length).toBeGreaterThan(0);
    expect(issueIds(dana)).toEqual(first);
  });

  it('tells each actor which user is theirs', () => {
    const other = actorOf(rowsOf('users').find((row) => row.id !== dana.id)!);
    const me = (actor: Actor) =>
      query<{ users: { nodes: Array<{ id: string }> } }>(
        replicaFor(actor),
        '{ users(first: 250, filter: { isMe: { eq: true } }) { nodes { id } } }',
      ).users.nodes.map((node) => node.id);
    expect(me(dana)).toEqual([dana.id]);
    expect(me(other)).toEqual([other.id]);
  });

  it("selects a derived state's changed row, and the first state's answer stays", () => {
    const before = issueIds(dana);
    const issue = rowsOf('issues').find(
      (row) => row.priority !== 1 && issueIds(dana, builtinState, '{}').includes(String(row.id)),
    )!;
    const { state: raised, errors } = builtinState.apply([
      { op: 'update', table: 'issues', key: { id: issue.id! }, set: { priority: 1 } },
    ]);
    expect(errors).toEqual([]);
    expect(issueIds(dana, raised)).toContain(issue.id);
    expect(issueIds(dana)).toEqual(before);
    expect(before).not.toContain(issue.id);
  });
});
