import { describe, expect, it } from 'vitest';
import { evaluateReference } from '../../../src/reference/evaluate.js';
import { agentDiffBoundKind } from '../../../src/reference/legacy-diff/bound-kind.js';
import type { Reference } from '../../../src/schema/task.js';
import { stateOf } from '../../import/agent-diff/support/mini.js';

// Two teams; the instruction says "move ISS-1 to the team named Garden".
const before = stateOf({
  teams: [
    { id: 't-1', name: 'Garden' },
    { id: 't-2', name: 'Orchard' },
  ],
  issues: [
    { id: 'i-1', title: 'Plot A7', teamId: 't-0', priority: 2 },
    { id: 'i-2', title: 'Plot B3', teamId: 't-0', priority: 2 },
  ],
});
const reference = (bindings: unknown[]): Reference & { spec: object } => ({
  kind: 'agent-diff-bound',
  version: 1,
  spec: {
    assertions: [
      {
        diff_type: 'changed',
        entity: 'issues',
        where: { id: 'i-1' },
        expected_changes: { teamId: { to: { eq: 't-1' } } },
      },
      {
        diff_type: 'added',
        entity: 'comments',
        where: { issueId: 'i-1', body: { contains: 'moved' } },
      },
    ],
    bindings,
  },
});
const garden = { value: 't-1', table: 'teams', keyColumn: 'id', where: { name: 'Garden' } };
const applyOps = (state: typeof before, ops: Parameters<typeof state.apply>[0]) => {
  const applied = state.apply(ops);
  expect(applied.errors).toEqual([]);
  return applied.state;
};
const move = (team: string, id = 'i-1') =>
  ({ op: 'update', table: 'issues', key: { id }, set: { teamId: team } }) as const;
const comment = (issueId: string, body: string) =>
  ({
    op: 'insert',
    table: 'comments',
    row: { id: `c-${issueId}-${body.length}`, issueId, body },
  }) as const;

describe('agent-diff-bound reference', () => {
  const withComments = stateOf({
    teams: [...before.rows('teams')],
    issues: [...before.rows('issues')],
    comments: [],
  });

  it('resolves a bound id from the before-state: the name now naming another row moves the requirement', () => {
    const ref = reference([garden]);
    const done = applyOps(withComments, [move('t-1'), comment('i-1', 'moved it')]);
    expect(evaluateReference(ref, withComments, done).label).toBe('valid');
    // Related: the names are swapped, so "Garden" is t-2 now.
    const related = applyOps(withComments, [
      { op: 'update', table: 'teams', key: { id: 't-1' }, set: { name: 'Orchard' } },
      { op: 'update', table: 'teams', key: { id: 't-2' }, set: { name: 'Garden' } },
    ]);
    const replay = applyOps(related, [move('t-1'), comment('i-1', 'moved it')]);
    const correct = applyOps(related, [move('t-2'), comment('i-1', 'moved it')]);
    expect(evaluateReference(ref, related, replay).label).toBe('invalid');
    expect(evaluateReference(ref, related, correct).label).toBe('valid');
    // The same assertions without the binding keep the literal id and accept the stale replay.
    expect(evaluateReference(reference([]), related, replay).label).toBe('valid');
  });

  it('is a qualification error when a binding does not resolve to exactly one row', () => {
    const twice = applyOps(withComments, [
      { op: 'update', table: 'teams', key: { id: 't-2' }, set: { name: 'Garden' } },
    ]);
    const result = evaluateReference(reference([garden]), twice, twice);
    expect(result.qualificationErrors).toEqual([
      'binding t-1: 2 teams row(s) where name = "Garden" in the before-state (needs exactly one)',
    ]);
  });

  it('types each failing assertion: identity, relation, value, preservation', () => {
    const ref = reference([garden]);
    const failing = (ops: Parameters<typeof before.apply>[0]) =>
      evaluateReference(ref, withComments, applyOps(withComments, ops))
        .checks.filter((check) => !check.ok)
        .map((check) => `${check.name}:${check.category}`);
    // The move applied to the sibling issue.
    expect(failing([move('t-1', 'i-2'), comment('i-1', 'moved')])).toEqual([
      'assertion#1 changed issues:relation',
      'assertion#1 issues identity:identity',
    ]);
    // One more column changed on the named issue (strict mode).
    expect(
      failing([
        { op: 'update', table: 'issues', key: { id: 'i-1' }, set: { teamId: 't-1', priority: 1 } },
        comment('i-1', 'moved'),
      ]),
    ).toEqual([
      'assertion#1 changed issues:relation',
      'assertion#1 issues preservation:preservation',
    ]);
    // The comment on another issue; then with the wrong text.
    expect(failing([move('t-1'), comment('i-2', 'moved')])).toEqual([
      'assertion#2 added comments:set',
      'assertion#2 comments relation:relation',
    ]);
    expect(failing([move('t-1'), comment('i-1', 'done')])).toEqual([
      'assertion#2 added comments:set',
      'assertion#2 comments value:value',
    ]);
  });

  it('validates the bindings with the spec', () => {
    expect(agentDiffBoundKind.validate({ ...reference([{ value: 't-1' }]).spec })).not.toEqual([]);
    expect(agentDiffBoundKind.validate(reference([garden]).spec)).toEqual([]);
  });
});
