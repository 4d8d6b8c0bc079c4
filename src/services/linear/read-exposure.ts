import type { ReadOperationExposure, ServiceReadExposure } from '../read-exposure.js';

// What each GraphQL query root field serves (docs/replicas.md, "What each read operation
// exposes"). A root field answers objects of one type; each type's fields map to stored
// columns: a scalar field to its column, a link field (`state { id }`) to the column that
// holds the linked row's id. Nested fields reach other types, whose own root fields declare
// them. test/services/linear/read-exposure.test.ts queries every root field for every
// declared field on the built-in seed and finds each column's value in the answer.

/** One GraphQL object type: its table and, per field, the column it serves. */
export interface LinearTypeExposure {
  table: string;
  /** GraphQL field -> column (scalars). */
  fields: Readonly<Record<string, string>>;
  /** GraphQL field -> column holding the linked row's id (selected as `{ id }`). */
  links?: Readonly<Record<string, string>>;
  /** A join table the type serves through a link list (`labels { nodes { id } }`). */
  joins?: Readonly<Record<string, { table: string; self: string; other: string }>>;
}

const same = (...columns: string[]) =>
  Object.fromEntries(columns.map((column) => [column, column]));

export const LINEAR_TYPES: Readonly<Record<string, LinearTypeExposure>> = {
  Organization: {
    table: 'organizations',
    fields: same(
      'id',
      'name',
      'urlKey',
      'userCount',
      'createdIssueCount',
      'roadmapEnabled',
      'samlEnabled',
      'scimEnabled',
      'allowedAuthServices',
      'createdAt',
      'updatedAt',
    ),
  },
  User: {
    table: 'users',
    fields: same(
      'id',
      'name',
      'displayName',
      'email',
      'active',
      'admin',
      'guest',
      'app',
      'initials',
      'timezone',
      'url',
      'lastSeen',
      'avatarBackgroundColor',
      'isAssignable',
      'isMentionable',
      'canAccessAnyPublicTeam',
      'createdIssueCount',
      'inviteHash',
      'createdAt',
      'updatedAt',
    ),
  },
  Team: {
    table: 'teams',
    fields: same(
      'id',
      'name',
      'key',
      'displayName',
      'description',
      'color',
      'private',
      'timezone',
      'issueCount',
      'cyclesEnabled',
      'cycleDuration',
      'triageEnabled',
      'inviteHash',
      'createdAt',
      'updatedAt',
    ),
  },
  TeamMembership: {
    table: 'team_memberships',
    fields: same('id', 'owner', 'sortOrder', 'createdAt', 'updatedAt'),
    links: { user: 'userId', team: 'teamId' },
  },
  WorkflowState: {
    table: 'workflow_states',
    fields: same('id', 'name', 'type', 'color', 'position', 'createdAt', 'updatedAt'),
    links: { team: 'teamId' },
  },
  IssueLabel: {
    table: 'issue_labels',
    fields: same(
      'id',
      'name',
      'description',
      'color',
      'isGroup',
      'createdAt',
      'updatedAt',
      'archivedAt',
    ),
    links: { team: 'teamId', creator: 'creatorId' },
  },
  Issue: {
    table: 'issues',
    fields: same(
      'id',
      'identifier',
      'number',
      'title',
      'description',
      'priority',
      'priorityLabel',
      'estimate',
      'dueDate',
      'labelIds',
      'trashed',
      'url',
      'branchName',
      'sortOrder',
      'prioritySortOrder',
      'boardOrder',
      'customerTicketCount',
      'createdAt',
      'updatedAt',
      'startedAt',
      'completedAt',
      'canceledAt',
      'archivedAt',
    ),
    links: {
      team: 'teamId',
      state: 'stateId',
      assignee: 'assigneeId',
      creator: 'creatorId',
      parent: 'parentId',
      project: 'projectId',
    },
    joins: {
      labels: { table: 'issue_label_issue_association', self: 'issue_id', other: 'issue_label_id' },
    },
  },
  Comment: {
    table: 'comments',
    fields: same('id', 'body', 'url', 'createdAt', 'updatedAt'),
    links: { user: 'userId', issue: 'issueId' },
  },
  IssueRelation: {
    table: 'issue_relations',
    fields: same('id', 'type', 'createdAt', 'updatedAt'),
    links: { issue: 'issueId', relatedIssue: 'relatedIssueId' },
  },
  Project: {
    table: 'projects',
    fields: same(
      'id',
      'name',
      'description',
      'slugId',
      'color',
      'state',
      'priority',
      'progress',
      'startDate',
      'targetDate',
      'startedAt',
      'completedAt',
      'createdAt',
      'updatedAt',
    ),
    links: { lead: 'leadId', creator: 'creatorId' },
  },
};

/** Every query root field and the type of the objects it answers. */
export const LINEAR_ROOT_FIELDS: Readonly<Record<string, keyof typeof LINEAR_TYPES>> = {
  viewer: 'User',
  organization: 'Organization',
  users: 'User',
  user: 'User',
  teams: 'Team',
  team: 'Team',
  teamMemberships: 'TeamMembership',
  teamMembership: 'TeamMembership',
  workflowStates: 'WorkflowState',
  workflowState: 'WorkflowState',
  issueLabels: 'IssueLabel',
  issueLabel: 'IssueLabel',
  issues: 'Issue',
  issue: 'Issue',
  issueSearch: 'Issue',
  searchIssues: 'Issue',
  projects: 'Project',
  project: 'Project',
  comments: 'Comment',
  comment: 'Comment',
  issueRelations: 'IssueRelation',
  issueRelation: 'IssueRelation',
};

function typeExposure(type: LinearTypeExposure): ReadOperationExposure['exposes'] {
  const exposes: Record<string, string[]> = {
    [type.table]: [...Object.values(type.fields), ...Object.values(type.links ?? {})],
  };
  for (const join of Object.values(type.joins ?? {})) exposes[join.table] = [join.self, join.other];
  return exposes;
}

export const LinearReadExposure: ServiceReadExposure = Object.entries(LINEAR_ROOT_FIELDS).map(
  ([field, type]) => ({ operation: field, exposes: typeExposure(LINEAR_TYPES[type]!) }),
);
