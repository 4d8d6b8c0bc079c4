// Linear's documented read queries and the fields of their objects, from Linear's GraphQL
// schema reference (studio.apollographql.com/public/Linear-API): every scalar field of each
// object, and its links to the objects the storage holds (issues, teams, users, states,
// labels, comments, projects, memberships, relations). Links to objects with no storage
// (cycles, milestones, attachments, history, integrations, templates) are left out and said so
// in docs/replicas.md.
import type { ApiRequest } from '../../../src/services/api.js';
import type { Catalogue, ReadCheck } from './catalogue.js';
import type { SeedContext } from './seeds.js';
import type { FieldType, Shape } from './shape.js';

/** A documented field: a scalar with its JSON type, a link (`{ id }`) or a connection (`{ nodes { id } }`). */
type Documented = Record<string, FieldType | 'link' | 'link?' | 'connection'>;

const TIMES: Documented = { createdAt: 'string', updatedAt: 'string', archivedAt: 'string?' };

const ISSUE: Documented = {
  id: 'string',
  identifier: 'string',
  number: 'number',
  title: 'string',
  description: 'string?',
  priority: 'number',
  priorityLabel: 'string',
  estimate: 'number?',
  dueDate: 'string?',
  url: 'string',
  branchName: 'string',
  trashed: 'boolean?',
  labelIds: 'array',
  previousIdentifiers: 'array',
  sortOrder: 'number',
  prioritySortOrder: 'number',
  boardOrder: 'number',
  subIssueSortOrder: 'number?',
  customerTicketCount: 'number',
  reactionData: 'object',
  integrationSourceType: 'string?',
  ...TIMES,
  startedAt: 'string?',
  completedAt: 'string?',
  canceledAt: 'string?',
  autoArchivedAt: 'string?',
  autoClosedAt: 'string?',
  startedTriageAt: 'string?',
  triagedAt: 'string?',
  snoozedUntilAt: 'string?',
  addedToTeamAt: 'string?',
  addedToProjectAt: 'string?',
  addedToCycleAt: 'string?',
  slaStartedAt: 'string?',
  slaBreachesAt: 'string?',
  slaHighRiskAt: 'string?',
  slaMediumRiskAt: 'string?',
  slaType: 'string?',
  team: 'link',
  state: 'link',
  assignee: 'link?',
  creator: 'link?',
  parent: 'link?',
  project: 'link?',
  children: 'connection',
  labels: 'connection',
  comments: 'connection',
  relations: 'connection',
  inverseRelations: 'connection',
  subscribers: 'connection',
};

const TEAM: Documented = {
  id: 'string',
  name: 'string',
  key: 'string',
  displayName: 'string',
  description: 'string?',
  icon: 'string?',
  color: 'string?',
  private: 'boolean',
  timezone: 'string',
  issueCount: 'number',
  cyclesEnabled: 'boolean',
  cycleDuration: 'number',
  cycleStartDay: 'number',
  cycleCooldownTime: 'number',
  upcomingCycleCount: 'number',
  triageEnabled: 'boolean',
  inviteHash: 'string',
  autoArchivePeriod: 'number',
  defaultIssueEstimate: 'number',
  issueEstimationType: 'string',
  issueEstimationAllowZero: 'boolean',
  issueEstimationExtended: 'boolean',
  issueOrderingNoPriorityFirst: 'boolean',
  groupIssueHistory: 'boolean',
  setIssueSortOrderOnStateChange: 'string',
  requirePriorityToLeaveTriage: 'boolean',
  scimManaged: 'boolean',
  ...TIMES,
  organization: 'link',
  issues: 'connection',
  states: 'connection',
  labels: 'connection',
  members: 'connection',
  memberships: 'connection',
  projects: 'connection',
};

const STATE: Documented = {
  id: 'string',
  name: 'string',
  type: 'string',
  color: 'string',
  position: 'number',
  description: 'string?',
  ...TIMES,
  team: 'link',
  issues: 'connection',
};

const USER: Documented = {
  id: 'string',
  name: 'string',
  displayName: 'string',
  email: 'string',
  avatarUrl: 'string?',
  avatarBackgroundColor: 'string',
  description: 'string?',
  timezone: 'string?',
  lastSeen: 'string?',
  disableReason: 'string?',
  statusEmoji: 'string?',
  statusLabel: 'string?',
  statusUntilAt: 'string?',
  active: 'boolean',
  admin: 'boolean',
  guest: 'boolean',
  app: 'boolean',
  isMe: 'boolean',
  isAssignable: 'boolean',
  isMentionable: 'boolean',
  canAccessAnyPublicTeam: 'boolean',
  initials: 'string',
  url: 'string',
  createdIssueCount: 'number',
  inviteHash: 'string',
  ...TIMES,
  organization: 'link',
  assignedIssues: 'connection',
  createdIssues: 'connection',
  teams: 'connection',
  teamMemberships: 'connection',
};

const LABEL: Documented = {
  id: 'string',
  name: 'string',
  description: 'string?',
  color: 'string',
  isGroup: 'boolean',
  lastAppliedAt: 'string?',
  retiredAt: 'string?',
  ...TIMES,
  team: 'link?',
  parent: 'link?',
  inheritedFrom: 'link?',
  creator: 'link?',
  organization: 'link',
  children: 'connection',
  issues: 'connection',
};

const COMMENT: Documented = {
  id: 'string',
  body: 'string',
  bodyData: 'string',
  url: 'string',
  reactionData: 'object',
  resolvedAt: 'string?',
  editedAt: 'string?',
  ...TIMES,
  user: 'link?',
  issue: 'link?',
  parent: 'link?',
  children: 'connection',
};

const PAGE_INFO: Shape = {
  hasNextPage: 'boolean',
  hasPreviousPage: 'boolean',
  startCursor: 'string?',
  endCursor: 'string?',
};

function shapeOf(documented: Documented): Shape {
  const shape: Shape = {};
  for (const [field, type] of Object.entries(documented)) {
    if (type === 'connection') shape[field] = { nodes: 'array' };
    else if (type === 'link') shape[field] = { id: 'string' };
    else if (type === 'link?') shape[field] = 'object?';
    else shape[field] = type;
  }
  return shape;
}

function selection(documented: Documented, served: ReadonlySet<string>): string {
  return Object.entries(documented)
    .filter(([field]) => served.has(field))
    .map(([field, type]) =>
      type === 'connection'
        ? `${field}(first: 3) { nodes { id } }`
        : type === 'link' || type === 'link?'
          ? `${field} { id }`
          : field,
    )
    .join(' ');
}

/** Fields the replica's schema has on a type (asked through introspection, as a client would). */
function servedFields(seed: SeedContext, typeName: string): Set<string> {
  const response = seed.handle(graphql(`{ __type(name: "${typeName}") { fields { name } } }`));
  const body = response.body as { data?: { __type?: { fields?: Array<{ name: string }> } } };
  return new Set((body.data?.__type?.fields ?? []).map((field) => field.name));
}

function graphql(query: string): ApiRequest {
  return { method: 'POST', path: 'graphql', body: { query } };
}

const data = (root: string) => (raw: unknown) =>
  (raw as { data?: Record<string, unknown> }).data?.[root];

/** A list query: every documented field of its nodes that the schema serves, plus paging. */
function listCheck(
  root: string,
  typeName: string,
  documented: Documented,
  args = 'first: 5',
): ReadCheck {
  return {
    name: `first page of ${root}`,
    request: (seed) =>
      graphql(
        `{ ${root}(${args}) { nodes { ${selection(documented, servedFields(seed, typeName))} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
      ),
    status: 200,
    shape: { nodes: [shapeOf(documented)], pageInfo: PAGE_INFO },
    body: data(root),
  };
}

const ERROR: Shape = {
  data: 'object?',
  errors: [{ message: 'string', extensions: { code: 'string' } }],
};

/** A non-archived issue that has comments, labels and children when the seed has one. */
function richIssue(seed: SeedContext): string {
  const issues = seed.rows('issues').filter((row) => !row.archivedAt && row.trashed !== true);
  const score = (id: unknown) =>
    seed.rows('comments').filter((row) => row.issueId === id).length +
    seed.rows('issues').filter((row) => row.parentId === id).length;
  return String([...issues].sort((a, b) => score(b.id) - score(a.id))[0]!.id);
}

export const linearCatalogue: Catalogue = {
  teams: [listCheck('teams', 'Team', TEAM)],
  issues: [
    listCheck('issues', 'Issue', ISSUE),
    {
      name: 'first with last',
      request: () => graphql('{ issues(first: 2, last: 2) { nodes { id } } }'),
      status: 200,
      error: true,
      shape: ERROR,
    },
  ],
  issue: [
    {
      name: 'an issue with comments',
      request: (seed) =>
        graphql(
          `{ issue(id: "${richIssue(seed)}") { ${selection(ISSUE, servedFields(seed, 'Issue'))} } }`,
        ),
      status: 200,
      shape: shapeOf(ISSUE),
      body: data('issue'),
    },
    {
      name: 'unknown issue',
      request: () => graphql('{ issue(id: "00000000-0000-0000-0000-000000000404") { id } }'),
      status: 200,
      error: true,
      shape: ERROR,
    },
  ],
  workflowStates: [listCheck('workflowStates', 'WorkflowState', STATE)],
  users: [listCheck('users', 'User', USER)],
  issueLabels: [listCheck('issueLabels', 'IssueLabel', LABEL)],
  comments: [listCheck('comments', 'Comment', COMMENT)],
};
