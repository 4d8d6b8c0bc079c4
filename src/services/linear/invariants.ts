import { foreignKey, type InvariantRule, quote, textOf, uniqueWithin } from '../invariant.js';

const uniqueIdentifierInTeam = uniqueWithin({
  name: 'linear.unique-identifier-in-team',
  service: 'linear',
  sources: [
    {
      table: 'issues',
      scope: (row) => textOf(row.teamId),
      value: (row) => (typeof row.identifier === 'string' ? row.identifier : undefined),
    },
  ],
  describe: ({ scope, rows }) =>
    `issues ${rows.map(({ row }) => quote(row.id)).join(' and ')} of team ${quote(scope)} share identifier ${quote(rows[0]!.row.identifier)}`,
  description:
    'no two issues of a team have the same identifier (e.g. PLAT-12), archived or trashed ones included',
  why: 'Linear derives the identifier from the team key and a number it hands out once; identifiers name one issue each',
  fix: 'give the inserted issue the next free number of its team and the identifier to match',
});

const uniqueNumberInTeam = uniqueWithin({
  name: 'linear.unique-number-in-team',
  service: 'linear',
  sources: [
    {
      table: 'issues',
      scope: (row) => textOf(row.teamId),
      value: (row) => (typeof row.number === 'number' ? String(row.number) : undefined),
    },
  ],
  describe: ({ scope, rows }) =>
    `issues ${rows.map(({ row }) => quote(row.id)).join(' and ')} of team ${quote(scope)} share number ${rows[0]!.row.number}`,
  description: 'no two issues of a team have the same number',
  why: "Linear numbers a team's issues from one counter that never goes back",
  fix: 'give the inserted issue the next free number of its team',
});

const issueTeamExists = foreignKey({
  name: 'linear.issue-team-exists',
  service: 'linear',
  refs: [{ table: 'issues', column: 'teamId', target: 'teams' }],
  description: "an issue's teamId names an existing team",
  why: 'every Linear issue belongs to a team; issueCreate and issueUpdate refuse an unknown teamId',
  fix: 'point teamId at an existing team',
});

const issueStateExists = foreignKey({
  name: 'linear.issue-state-exists',
  service: 'linear',
  refs: [{ table: 'issues', column: 'stateId', target: 'workflow_states' }],
  description: "an issue's stateId names an existing workflow state",
  why: 'every Linear issue is in one workflow state; issueCreate and issueUpdate refuse an unknown stateId',
  fix: 'point stateId at an existing workflow state',
});

const commentIssueExists = foreignKey({
  name: 'linear.comment-issue-exists',
  service: 'linear',
  refs: [{ table: 'comments', column: 'issueId', target: 'issues' }],
  description: "a comment's issueId names an existing issue",
  why: 'commentCreate refuses an unknown issue; a Linear comment is always on an issue',
  fix: 'point issueId at an existing issue',
});

/** Linear's invariants (docs/pack-format.md, "Service invariants"). */
export const LinearInvariants: readonly InvariantRule[] = [
  uniqueIdentifierInTeam,
  uniqueNumberInTeam,
  issueTeamExists,
  issueStateExists,
  commentIssueExists,
];
