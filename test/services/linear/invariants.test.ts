import { describe } from 'vitest';
import type { Seed } from '../../../src/schema/seed.js';
import { LinearInvariants } from '../../../src/services/linear/invariants.js';
import { ruleCases } from '../../support/invariant-cases.js';

const issue = (id: string, teamId: string, key: string, number: number, stateId: string) => ({
  id,
  identifier: `${key}-${number}`,
  number,
  title: `issue ${id}`,
  teamId,
  stateId,
  assigneeId: null,
});

const seed: Seed = {
  name: 'linear-invariants',
  service: 'linear',
  tables: {
    teams: {
      key: ['id'],
      rows: [
        { id: 't-eng', name: 'Engineering', key: 'ENG' },
        { id: 't-ops', name: 'Operations', key: 'OPS' },
      ],
    },
    workflow_states: {
      key: ['id'],
      rows: [
        { id: 's-eng-todo', teamId: 't-eng', name: 'Todo', type: 'unstarted' },
        { id: 's-ops-todo', teamId: 't-ops', name: 'Todo', type: 'unstarted' },
      ],
    },
    issues: {
      key: ['id'],
      rows: [
        issue('i1', 't-eng', 'ENG', 1, 's-eng-todo'),
        issue('i2', 't-ops', 'OPS', 1, 's-ops-todo'),
      ],
    },
    comments: { key: ['id'], rows: [{ id: 'c1', issueId: 'i1', body: 'on it' }] },
  },
};

const issues = (id: string) => ({ table: 'issues', key: { id } });

describe('Linear invariants', () => {
  ruleCases(
    LinearInvariants,
    seed,
    [
      {
        rule: 'linear.unique-identifier-in-team',
        what: 'an inserted issue that reuses an identifier',
        patch: [
          {
            op: 'insert',
            table: 'issues',
            row: { ...issue('i3', 't-eng', 'ENG', 2, 's-eng-todo'), identifier: 'ENG-1' },
          },
        ],
        violations: [[issues('i1'), issues('i3')]],
      },
      {
        rule: 'linear.unique-number-in-team',
        what: 'an inserted issue that reuses a number',
        patch: [
          {
            op: 'insert',
            table: 'issues',
            row: { ...issue('i3', 't-eng', 'ENG', 1, 's-eng-todo'), identifier: 'ENG-9' },
          },
        ],
        violations: [[issues('i1'), issues('i3')]],
      },
      {
        rule: 'linear.issue-team-exists',
        what: 'an issue of a team that is not there',
        patch: [{ op: 'update', table: 'issues', key: { id: 'i2' }, set: { teamId: 't-404' } }],
        violations: [[issues('i2'), { table: 'teams', key: { id: 't-404' } }]],
      },
      {
        rule: 'linear.issue-state-exists',
        what: 'a state deleted under its issue',
        patch: [{ op: 'delete', table: 'workflow_states', key: { id: 's-ops-todo' } }],
        violations: [[issues('i2'), { table: 'workflow_states', key: { id: 's-ops-todo' } }]],
      },
      {
        rule: 'linear.comment-issue-exists',
        what: 'an issue deleted without its comment',
        patch: [{ op: 'delete', table: 'issues', key: { id: 'i1' } }],
        violations: [[{ table: 'comments', key: { id: 'c1' } }, issues('i1')]],
      },
    ],
    [
      {
        rule: 'linear.unique-identifier-in-team',
        what: 'the next number of the team',
        patch: [
          { op: 'insert', table: 'issues', row: issue('i3', 't-eng', 'ENG', 2, 's-eng-todo') },
        ],
      },
      {
        rule: 'linear.unique-number-in-team',
        what: 'the same number in another team',
        patch: [
          { op: 'insert', table: 'issues', row: issue('i3', 't-ops', 'OPS', 2, 's-ops-todo') },
        ],
      },
      {
        rule: 'linear.issue-state-exists',
        what: 'an issue without a state yet',
        patch: [{ op: 'update', table: 'issues', key: { id: 'i1' }, set: { stateId: null } }],
      },
    ],
  );
});
