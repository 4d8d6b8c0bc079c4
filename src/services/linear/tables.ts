/**
 * Storage layout of the Linear replica. Table and column names are those of the
 * Agent-Diff Linear seed, so one replica serves both our seeds and theirs. Columns the
 * replica reads are listed per table; any other column is kept and ignored. Optional
 * columns may be missing from a row (treated as null).
 *
 * Additions of our own (optional; absent in Agent-Diff rows, read as null): `teams.archivedAt`,
 * `workflow_states.description` and `workflow_states.archivedAt`; the optional `projects` table
 * (absent from every seed so far: Team.projects and Issue.project then read empty / null).
 */
export const LINEAR_TABLES = {
  organizations: 'organizations',
  users: 'users',
  teams: 'teams',
  teamMemberships: 'team_memberships',
  workflowStates: 'workflow_states',
  issueLabels: 'issue_labels',
  /** Join table issue <-> label; the issue's `labelIds` column holds the same pairs. */
  issueLabelAssociations: 'issue_label_issue_association',
  issues: 'issues',
  comments: 'comments',
  issueRelations: 'issue_relations',
  /** Ours, optional: projects (id, name, description, state, teamIds[], leadId, creatorId, …). */
  projects: 'projects',
} as const;

/** Every table with its primary-key columns (the join table has a composite key). */
export const LinearTableKeys: Record<string, readonly string[]> = {
  [LINEAR_TABLES.organizations]: ['id'],
  [LINEAR_TABLES.users]: ['id'],
  [LINEAR_TABLES.teams]: ['id'],
  [LINEAR_TABLES.teamMemberships]: ['id'],
  [LINEAR_TABLES.workflowStates]: ['id'],
  [LINEAR_TABLES.issueLabels]: ['id'],
  [LINEAR_TABLES.issueLabelAssociations]: ['issue_id', 'issue_label_id'],
  [LINEAR_TABLES.issues]: ['id'],
  [LINEAR_TABLES.comments]: ['id'],
  [LINEAR_TABLES.issueRelations]: ['id'],
  [LINEAR_TABLES.projects]: ['id'],
};

/**
 * Columns the replica reads, per table (documentation for seed authors; rows may hold more).
 * users: id, name, displayName, email, active, admin, guest, initials, timezone, url, createdAt, updatedAt, lastSeen
 * teams: id, name, key, displayName, description, color, private, timezone, createdAt, updatedAt, archivedAt?
 * team_memberships: id, userId, teamId, owner, sortOrder, createdAt, updatedAt, archivedAt
 * workflow_states: id, teamId, name, type (triage|backlog|unstarted|started|completed|canceled), color, position, description?, createdAt, updatedAt, archivedAt?
 * issue_labels: id, name, description, color, teamId (null = workspace label), parentId, isGroup, creatorId, createdAt, updatedAt, archivedAt
 * issues: id, identifier, number, title, description, teamId, stateId, assigneeId, creatorId, parentId, priority, priorityLabel,
 *   estimate, dueDate, labelIds, url, branchName, trashed, createdAt, updatedAt, startedAt, completedAt, canceledAt, archivedAt, previousIdentifiers
 * comments: id, issueId, userId, body, url, editedAt, createdAt, updatedAt, archivedAt
 * issue_relations: id, issueId, relatedIssueId, type (blocks|related|duplicate|similar), createdAt, updatedAt, archivedAt?
 * organizations: id, name, urlKey, userCount, createdIssueCount, createdAt, updatedAt
 */
export type LinearTableName = (typeof LINEAR_TABLES)[keyof typeof LINEAR_TABLES];
