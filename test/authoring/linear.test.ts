import { describe, expect, it } from 'vitest';
import {
  addLabel,
  deactivateUser,
  insertComment,
  insertLabel,
  insertRelation,
  insertUser,
  joinTeam,
  priorityOf,
  replaceLabels,
  updateIssue,
} from '../../src/authoring/linear.js';
import { applyPatch } from '../../src/authoring/seed-state.js';
import { State } from '../../src/state/state.js';

const AT = '2026-03-09T14:30:00.000Z';
const base = State.fromSeed({
  name: 'tiny-linear',
  service: 'linear',
  tables: {
    users: {
      key: ['id'],
      rows: [
        {
          id: 'u1',
          name: 'Priya Raman',
          displayName: 'priya',
          email: 'p@x',
          inviteHash: 'h0',
          active: true,
          isAssignable: true,
          isMentionable: true,
          disableReason: null,
          timezone: 'UTC',
          createdAt: 'x',
          updatedAt: 'x',
          lastSeen: 'x',
          createdIssueCount: 4,
          url: 'u',
        },
      ],
    },
    teams: { key: ['id'], rows: [{ id: 't1', name: 'Mobile' }] },
    team_memberships: { key: ['id'], rows: [] },
    workflow_states: {
      key: ['id'],
      rows: [
        { id: 's-todo', teamId: 't1', type: 'unstarted' },
        { id: 's-done', teamId: 't1', type: 'completed' },
        { id: 's-dup', teamId: 't1', type: 'canceled' },
      ],
    },
    issue_labels: {
      key: ['id'],
      rows: [
        {
          id: 'l1',
          name: 'bug',
          color: '#f00',
          archivedAt: null,
          createdAt: 'x',
          updatedAt: 'x',
          lastAppliedAt: null,
        },
        {
          id: 'l2',
          name: 'ios',
          color: '#00f',
          archivedAt: null,
          createdAt: 'x',
          updatedAt: 'x',
          lastAppliedAt: null,
        },
      ],
    },
    issue_label_issue_association: {
      key: ['issue_id', 'issue_label_id'],
      rows: [{ issue_id: 'i1', issue_label_id: 'l1' }],
    },
    issues: {
      key: ['id'],
      rows: [
        {
          id: 'i1',
          identifier: 'MOB-1',
          title: 'Fix sync',
          stateId: 's-todo',
          startedAt: null,
          completedAt: null,
          canceledAt: null,
          labelIds: ['l1'],
          updatedAt: 'x',
        },
      ],
    },
    comments: { key: ['id'], rows: [] },
    issue_relations: { key: ['id'], rows: [] },
  },
});
const issue = base.get('issues', { id: 'i1' })!;

describe('Linear row builders', () => {
  it('updateIssue stamps updatedAt and the lifecycle timestamps of the new state type', () => {
    const done = updateIssue(base, issue, { stateId: 's-done' }, AT);
    expect(done).toEqual({
      op: 'update',
      table: 'issues',
      key: { id: 'i1' },
      set: { stateId: 's-done', completedAt: AT, canceledAt: null, startedAt: AT, updatedAt: AT },
    });
    const canceled = updateIssue(base, issue, { stateId: 's-dup' }, AT);
    expect(canceled.op === 'update' && canceled.set).toMatchObject({
      canceledAt: AT,
      completedAt: null,
    });
    expect(updateIssue(base, issue, priorityOf(1), AT)).toMatchObject({
      set: { priority: 1, priorityLabel: 'Urgent', updatedAt: AT },
    });
  });

  it('addLabel and replaceLabels keep labelIds and the join table in step', () => {
    const added = applyPatch(base, addLabel(issue, base.get('issue_labels', { id: 'l2' })!, AT));
    expect(added.get('issues', { id: 'i1' })?.labelIds).toEqual(['l1', 'l2']);
    expect(added.rows('issue_label_issue_association')).toHaveLength(2);
    const replaced = applyPatch(
      base,
      replaceLabels(issue, [base.get('issue_labels', { id: 'l2' })!], AT),
    );
    expect(replaced.get('issues', { id: 'i1' })?.labelIds).toEqual(['l2']);
    expect(replaced.rows('issue_label_issue_association')).toEqual([
      { issue_id: 'i1', issue_label_id: 'l2' },
    ]);
  });

  it('insert builders write rows that apply and link the rows they name', () => {
    const priya = base.get('users', { id: 'u1' })!;
    const after = applyPatch(base, [
      insertComment('c1', issue, priya, 'On it.', AT),
      insertRelation('r1', issue, issue, 'related', AT),
      insertLabel('l3', base.get('issue_labels', { id: 'l1' })!, { name: 'field-test' }, AT),
    ]);
    expect(after.get('comments', { id: 'c1' })).toMatchObject({
      issueId: 'i1',
      userId: 'u1',
      body: 'On it.',
      createdAt: AT,
    });
    expect(after.get('issue_relations', { id: 'r1' })).toMatchObject({
      issueId: 'i1',
      relatedIssueId: 'i1',
      type: 'related',
    });
    expect(after.get('issue_labels', { id: 'l3' })).toMatchObject({
      name: 'field-test',
      color: '#f00',
      createdAt: AT,
    });
  });

  it('a namesake replaces a deactivated user: same columns, a fresh account, a team membership', () => {
    const priya = base.get('users', { id: 'u1' })!;
    const newcomer = { id: 'u9', email: 'p2@x', displayName: 'priyaraman', inviteHash: 'h' };
    const after = applyPatch(base, [
      deactivateUser(priya, AT),
      insertUser(newcomer, priya, AT),
      joinTeam('m1', newcomer, base.get('teams', { id: 't1' })!, 3, AT),
    ]);
    expect(after.get('users', { id: 'u1' })).toMatchObject({ active: false, isAssignable: false });
    const joined = after.get('users', { id: 'u9' })!;
    expect(Object.keys(joined).sort()).toEqual(Object.keys(priya).sort());
    expect(joined).toMatchObject({ name: 'Priya Raman', active: true, createdIssueCount: 0 });
    expect(after.get('team_memberships', { id: 'm1' })).toMatchObject({
      userId: 'u9',
      teamId: 't1',
    });
  });
});
