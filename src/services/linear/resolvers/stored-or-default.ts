import type { Row } from '../../../schema/json.js';
import { isArchived } from '../paging.js';
import { text } from '../view.js';
import { type ListArgs, linked, listOf, type Resolver, type ResolverMap } from './context.js';

/**
 * Fields of Linear's schema the storage may not record (Agent-Diff rows and ours carry
 * some of these columns, not all): each reads its column when present, else the value
 * Linear gives a workspace that never changed it (documented defaults), else a value
 * derived from other rows. Times without a source are null, as Linear's are until set.
 */
const withColumn =
  (column: string, fallback: (row: Row, context: Parameters<Resolver>[2]) => unknown): Resolver =>
  (source: Row, _args, context) =>
    source[column] !== undefined && source[column] !== null
      ? source[column]
      : fallback(source, context);
const orDefault = (value: unknown) => (column: string) => withColumn(column, () => value);
const orNull =
  (column: string): Resolver =>
  (source: Row) =>
    source[column] ?? null;

/** Linear's avatar background palette; a user without one stored gets one picked from the id. */
const AVATAR_COLORS = ['#5E6AD2', '#26B5CE', '#4CB782', '#F2994A', '#EB5757', '#BB87FC', '#95A2B3'];

function pick<T>(values: readonly T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return values[hash % values.length]!;
}

/** Linear's 32-hex invite hash, stable per row. */
function inviteHash(row: Row): string {
  const id = text(row, 'id') ?? '';
  let out = '';
  for (let round = 0; out.length < 32; round++)
    out += pick('0123456789abcdef'.split(''), `${id}:${round}`);
  return out;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

function columns(names: readonly string[], resolver: (column: string) => Resolver) {
  return Object.fromEntries(names.map((name) => [name, resolver(name)]));
}

export const storedOrDefaultResolvers: ResolverMap = {
  User: {
    app: orDefault(false)('app'),
    avatarBackgroundColor: withColumn('avatarBackgroundColor', (user) =>
      pick(AVATAR_COLORS, text(user, 'id') ?? ''),
    ),
    isAssignable: withColumn(
      'isAssignable',
      (user) => user.active !== false && user.guest !== true,
    ),
    isMentionable: withColumn('isMentionable', (user) => user.active !== false),
    canAccessAnyPublicTeam: withColumn('canAccessAnyPublicTeam', (user) => user.guest !== true),
    createdIssueCount: withColumn(
      'createdIssueCount',
      (user, { view }) => view.issuesCreatedBy(text(user, 'id') ?? '').length,
    ),
    inviteHash: withColumn('inviteHash', inviteHash),
    initials: withColumn('initials', (user) => initials(text(user, 'name') ?? '')),
    url: withColumn('url', (user, { view }) => {
      const urlKey = text(view.organization() ?? {}, 'urlKey') ?? 'workspace';
      return `https://linear.app/${urlKey}/profiles/${text(user, 'displayName') ?? text(user, 'id') ?? ''}`;
    }),
    organization: (_user: Row, _args, { view }) => view.organization() ?? null,
    ...columns(
      ['avatarUrl', 'description', 'disableReason', 'statusEmoji', 'statusLabel', 'statusUntilAt'],
      orNull,
    ),
  },
  Team: {
    displayName: withColumn('displayName', (team) => text(team, 'name')),
    timezone: orDefault('America/Los_Angeles')('timezone'),
    inviteHash: withColumn('inviteHash', inviteHash),
    icon: orNull('icon'),
    // Linear's defaults for a new team.
    cyclesEnabled: orDefault(false)('cyclesEnabled'),
    cycleDuration: orDefault(1)('cycleDuration'),
    cycleStartDay: orDefault(1)('cycleStartDay'),
    cycleCooldownTime: orDefault(0)('cycleCooldownTime'),
    upcomingCycleCount: orDefault(2)('upcomingCycleCount'),
    triageEnabled: orDefault(false)('triageEnabled'),
    autoArchivePeriod: orDefault(6)('autoArchivePeriod'),
    defaultIssueEstimate: orDefault(1)('defaultIssueEstimate'),
    issueEstimationType: orDefault('notUsed')('issueEstimationType'),
    issueEstimationAllowZero: orDefault(false)('issueEstimationAllowZero'),
    issueEstimationExtended: orDefault(false)('issueEstimationExtended'),
    issueOrderingNoPriorityFirst: orDefault(false)('issueOrderingNoPriorityFirst'),
    groupIssueHistory: orDefault(true)('groupIssueHistory'),
    setIssueSortOrderOnStateChange: orDefault('default')('setIssueSortOrderOnStateChange'),
    requirePriorityToLeaveTriage: orDefault(false)('requirePriorityToLeaveTriage'),
    scimManaged: orDefault(false)('scimManaged'),
    projects: (team: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.projectsOfTeam(text(team, 'id') ?? ''), args),
  },
  Organization: {
    labels: (_organization: Row, args: ListArgs, { view }) =>
      listOf(view, 'issueLabel', view.labels(), args),
    projects: (_organization: Row, args: ListArgs, { view }) =>
      listOf(view, null, view.projects(), args),
    roadmapEnabled: orDefault(false)('roadmapEnabled'),
    samlEnabled: orDefault(false)('samlEnabled'),
    scimEnabled: orDefault(false)('scimEnabled'),
    allowedAuthServices: orDefault([])('allowedAuthServices'),
    previousUrlKeys: orDefault([])('previousUrlKeys'),
    periodUploadVolume: orDefault(0)('periodUploadVolume'),
    gitBranchFormat: orNull('gitBranchFormat'),
    logoUrl: orNull('logoUrl'),
  },
  IssueLabel: {
    inheritedFrom: (label: Row, _args, { view }) =>
      linked(label, 'inheritedFromId', (id) => view.labelById(id)),
    organization: (_label: Row, _args, { view }) => view.organization() ?? null,
  },
  Issue: {
    // Linear orders by these floats; a row without them sorts by its number.
    sortOrder: withColumn('sortOrder', (issue) => issue.number ?? 0),
    prioritySortOrder: withColumn('prioritySortOrder', (issue) => issue.number ?? 0),
    boardOrder: orDefault(0)('boardOrder'),
    customerTicketCount: orDefault(0)('customerTicketCount'),
    reactionData: orDefault({})('reactionData'),
    addedToTeamAt: withColumn('addedToTeamAt', (issue) => issue.createdAt ?? null),
    project: (issue: Row, _args, { view }) =>
      linked(issue, 'projectId', (id) => view.projectById(id)),
    // Linear subscribes the creator and the assignee to an issue.
    subscribers: (issue: Row, args: ListArgs, { view }) => {
      const ids = new Set([text(issue, 'creatorId'), text(issue, 'assigneeId')]);
      return listOf(
        view,
        'user',
        view.users().filter((user) => ids.has(text(user, 'id'))),
        args,
      );
    },
    ...columns(
      [
        'subIssueSortOrder',
        'integrationSourceType',
        'autoArchivedAt',
        'autoClosedAt',
        'startedTriageAt',
        'triagedAt',
        'snoozedUntilAt',
        'addedToProjectAt',
        'addedToCycleAt',
        'slaStartedAt',
        'slaBreachesAt',
        'slaHighRiskAt',
        'slaMediumRiskAt',
        'slaType',
      ],
      orNull,
    ),
  },
  Comment: {
    url: withColumn('url', (comment, { view }) => {
      const issue = view.issueById(text(comment, 'issueId') ?? '');
      const base =
        (issue && text(issue, 'url')) ??
        `https://linear.app/issue/${text(issue ?? {}, 'identifier') ?? ''}`;
      return `${base}#comment-${(text(comment, 'id') ?? '').slice(0, 8)}`;
    }),
    reactionData: orDefault({})('reactionData'),
    // Linear's rich-text document of the body: one paragraph per line.
    bodyData: withColumn('bodyData', (comment) =>
      JSON.stringify({
        type: 'doc',
        content: (text(comment, 'body') ?? '').split('\n').map((line) => ({
          type: 'paragraph',
          ...(line === '' ? {} : { content: [{ type: 'text', text: line }] }),
        })),
      }),
    ),
    resolvedAt: orNull('resolvedAt'),
    parent: (comment: Row, _args, { view }) =>
      linked(comment, 'parentId', (id) => view.commentById(id)),
    children: (comment: Row, args: ListArgs, { view }) =>
      listOf(
        view,
        'comment',
        view.comments().filter((child) => text(child, 'parentId') === text(comment, 'id')),
        args,
      ),
  },
  Project: {
    description: orDefault('')('description'),
    slugId: withColumn('slugId', (project) => (text(project, 'id') ?? '').slice(0, 12)),
    color: orDefault('#bec2c8')('color'),
    state: orDefault('planned')('state'),
    priority: orDefault(0)('priority'),
    progress: orDefault(0)('progress'),
    url: withColumn('url', (project, { view }) => {
      const urlKey = text(view.organization() ?? {}, 'urlKey') ?? 'workspace';
      return `https://linear.app/${urlKey}/project/${text(project, 'slugId') ?? text(project, 'id') ?? ''}`;
    }),
    creator: (project: Row, _args, { view }) =>
      linked(project, 'creatorId', (id) => view.userById(id)),
    lead: (project: Row, _args, { view }) => linked(project, 'leadId', (id) => view.userById(id)),
    teams: (project: Row, args: ListArgs, { view }) => {
      const ids = new Set(Array.isArray(project.teamIds) ? project.teamIds : []);
      return listOf(
        view,
        'team',
        view.teams().filter((team) => ids.has(text(team, 'id'))),
        args,
      );
    },
    issues: (project: Row, args: ListArgs, { view }) =>
      listOf(
        view,
        'issue',
        view
          .issues()
          .filter(
            (issue) => text(issue, 'projectId') === text(project, 'id') && !isArchived(project),
          ),
        args,
      ),
  },
};
