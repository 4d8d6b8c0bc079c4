import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import { uuidFrom } from '../../write-model.js';
import { entityNotFound } from '../errors.js';
import { isArchived } from '../paging.js';
import { LINEAR_TABLES } from '../tables.js';
import { text } from '../view.js';
import {
  commit,
  forbidden,
  invalidInput,
  lastSyncId,
  live,
  type MutationGroup,
  newId,
  nowOf,
  urlKeyOf,
  type WriteContext,
  writableTeam,
} from './context.js';
import {
  associationOps,
  checkAssignee,
  checkEstimate,
  checkLabels,
  checkParent,
  checkProject,
  checkState,
  checkTitle,
  currentLabelIds,
  defaultState,
  type IssueInput,
  lifecycleFields,
  priorityFields,
  sameTypeState,
  slugOf,
} from './issue-fields.js';

const ISSUES = LINEAR_TABLES.issues;

/** The next number of a team: one more than any issue of the team ever had (counters never go back). */
function nextNumber(context: WriteContext, teamId: string, key: string): number {
  let highest = 0;
  for (const issue of context.state.rows(ISSUES)) {
    if (text(issue, 'teamId') === teamId && typeof issue.number === 'number')
      highest = Math.max(highest, issue.number);
    const previous = Array.isArray(issue.previousIdentifiers) ? issue.previousIdentifiers : [];
    for (const old of previous) {
      const match = typeof old === 'string' ? /^(.+)-(\d+)$/.exec(old) : null;
      if (match && match[1] === key) highest = Math.max(highest, Number(match[2]));
    }
  }
  return highest + 1;
}

function issuePayload(context: WriteContext, issueId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    issue: context.view.issueById(issueId) ?? null,
  };
}

function archivePayload(context: WriteContext, issueId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    entity: context.view.issueById(issueId) ?? null,
  };
}

function update(issueId: string, set: Row): PatchOp {
  return { op: 'update', table: ISSUES, key: { id: issueId }, set };
}

/** The issue a mutation names by UUID or identifier, visible to the actor and not archived. */
function liveIssue(context: WriteContext, id: string): Row {
  return live(context.view.issueByIdOrIdentifier(id), 'Issue');
}

function issueCreate(context: WriteContext, input: IssueInput & { id?: string | null }): Row {
  const team = writableTeam(context, input.teamId ?? '');
  const teamId = text(team, 'id') ?? '';
  const key = text(team, 'key') ?? '';
  const title = checkTitle(input.title ?? '');
  const state =
    typeof input.stateId === 'string'
      ? checkState(context, teamId, input.stateId)
      : defaultState(context, teamId);
  if (typeof input.assigneeId === 'string') checkAssignee(context, teamId, input.assigneeId);
  const parent =
    typeof input.parentId === 'string' ? checkParent(context, null, input.parentId) : null;
  if (typeof input.projectId === 'string') checkProject(context, input.projectId);
  const labelIds = checkLabels(context, teamId, input.labelIds ?? []);
  const priority = priorityFields(input.priority ?? 0);
  const estimate = typeof input.estimate === 'number' ? checkEstimate(input.estimate) : null;
  const id = newId(context, ISSUES, input.id, () => uuidFrom(context.env));
  const number = nextNumber(context, teamId, key);
  const identifier = `${key}-${number}`;
  const at = nowOf(context);
  const slug = slugOf(title);
  const row: Row = {
    id,
    identifier,
    title,
    description: input.description ?? null,
    teamId,
    stateId: text(state, 'id'),
    assigneeId: input.assigneeId ?? null,
    creatorId: context.actor.id,
    ...priority,
    prioritySortOrder: -number,
    number,
    boardOrder: 0,
    sortOrder: -number * 10,
    customerTicketCount: 0,
    branchName: `${identifier.toLowerCase()}-${slug}`,
    labelIds,
    previousIdentifiers: [],
    reactionData: {},
    url: `https://linear.app/${urlKeyOf(context)}/issue/${identifier}/${slug}`,
    createdAt: at,
    updatedAt: at,
    cycleId: null,
    projectId: input.projectId ?? null,
    projectMilestoneId: null,
    parentId: parent ? text(parent, 'id') : null,
    completedAt: null,
    canceledAt: null,
    autoArchivedAt: null,
    autoClosedAt: null,
    archivedAt: null,
    dueDate: input.dueDate ?? null,
    slaStartedAt: null,
    slaBreachesAt: null,
    startedAt: null,
    startedTriageAt: null,
    triagedAt: null,
    trashed: false,
    estimate,
  };
  Object.assign(row, lifecycleFields(row, undefined, state, at));
  commit(context, [
    { op: 'insert', table: ISSUES, row },
    ...associationOps(context, id, [], labelIds),
  ]);
  return issuePayload(context, id);
}

function issueUpdate(context: WriteContext, id: string, input: IssueInput): Row {
  const issue = liveIssue(context, id);
  const issueId = text(issue, 'id') ?? '';
  const at = nowOf(context);
  const set: Row = {};
  const currentTeamId = text(issue, 'teamId') ?? '';
  let teamId = currentTeamId;
  if (typeof input.teamId === 'string') {
    const team = writableTeam(context, input.teamId);
    teamId = text(team, 'id') ?? '';
    if (teamId !== currentTeamId) {
      // Moving teams gives the issue the next number of its new team; the old identifier stays findable.
      const key = text(team, 'key') ?? '';
      const number = nextNumber(context, teamId, key);
      const identifier = `${key}-${number}`;
      const slug = slugOf(input.title ?? text(issue, 'title') ?? '');
      const previous = Array.isArray(issue.previousIdentifiers) ? issue.previousIdentifiers : [];
      Object.assign(set, {
        teamId,
        number,
        identifier,
        previousIdentifiers: [...previous, text(issue, 'identifier') ?? ''],
        branchName: `${identifier.toLowerCase()}-${slug}`,
        url: `https://linear.app/${urlKeyOf(context)}/issue/${identifier}/${slug}`,
      });
    }
  }
  if (typeof input.title === 'string') set.title = checkTitle(input.title);
  if (input.description !== undefined) set.description = input.description;
  const currentState = context.state.get(LINEAR_TABLES.workflowStates, {
    id: text(issue, 'stateId') ?? '',
  });
  let nextState: Row | undefined;
  if (typeof input.stateId === 'string') nextState = checkState(context, teamId, input.stateId);
  else if (teamId !== currentTeamId) nextState = sameTypeState(context, teamId, currentState?.type);
  if (nextState && text(nextState, 'id') !== text(issue, 'stateId')) {
    set.stateId = text(nextState, 'id');
    Object.assign(set, lifecycleFields(issue, currentState, nextState, at));
  }
  if (input.assigneeId !== undefined) {
    if (input.assigneeId !== null) checkAssignee(context, teamId, input.assigneeId);
    set.assigneeId = input.assigneeId;
  } else if (teamId !== currentTeamId && typeof issue.assigneeId === 'string') {
    checkAssignee(context, teamId, issue.assigneeId);
  }
  if (input.parentId !== undefined)
    set.parentId =
      input.parentId === null ? null : text(checkParent(context, issueId, input.parentId), 'id');
  if (input.projectId !== undefined) {
    if (input.projectId !== null) checkProject(context, input.projectId);
    set.projectId = input.projectId;
  }
  if (typeof input.priority === 'number') Object.assign(set, priorityFields(input.priority));
  if (input.estimate !== undefined)
    set.estimate = input.estimate === null ? null : checkEstimate(input.estimate);
  if (input.dueDate !== undefined) set.dueDate = input.dueDate;

  const before = currentLabelIds(context, issue);
  let after = before;
  if (input.labelIds !== undefined && input.labelIds !== null) after = [...input.labelIds];
  if (input.addedLabelIds)
    after = [...after, ...input.addedLabelIds.filter((l) => !after.includes(l))];
  if (input.removedLabelIds) after = after.filter((l) => !input.removedLabelIds!.includes(l));
  if (teamId !== currentTeamId && input.labelIds == null) {
    // Labels of the old team do not travel with the issue; workspace labels do.
    after = after.filter((labelId) => {
      const label = context.state.get(LINEAR_TABLES.issueLabels, { id: labelId });
      return label !== undefined && text(label, 'teamId') === null;
    });
  }
  const labelsChanged = after.length !== before.length || after.some((l, i) => l !== before[i]);
  if (labelsChanged) {
    for (const labelId of input.removedLabelIds ?? [])
      if (!context.view.labelById(labelId)) throw entityNotFound('IssueLabel');
    set.labelIds = checkLabels(context, teamId, after);
  }
  set.updatedAt = at;
  commit(context, [
    update(issueId, set),
    ...(labelsChanged ? associationOps(context, issueId, before, set.labelIds as string[]) : []),
  ]);
  return issuePayload(context, issueId);
}

function changeOneLabel(context: WriteContext, id: string, labelId: string, add: boolean): Row {
  const issue = liveIssue(context, id);
  const issueId = text(issue, 'id') ?? '';
  const before = currentLabelIds(context, issue);
  const label = context.view.labelById(labelId);
  if (!label) throw entityNotFound('IssueLabel');
  const has = before.includes(labelId);
  if (add === has) return issuePayload(context, issueId);
  const after = add
    ? checkLabels(context, text(issue, 'teamId') ?? '', [...before, labelId])
    : before.filter((existing) => existing !== labelId);
  commit(context, [
    update(issueId, { labelIds: after, updatedAt: nowOf(context) }),
    ...associationOps(context, issueId, before, after),
  ]);
  return issuePayload(context, issueId);
}

function issueArchive(context: WriteContext, id: string, trash: boolean | null | undefined): Row {
  const issue = liveIssue(context, id);
  const issueId = text(issue, 'id') ?? '';
  const at = nowOf(context);
  const set: Row = { archivedAt: at, updatedAt: at };
  if (trash === true) set.trashed = true;
  commit(context, [update(issueId, set)]);
  return archivePayload(context, issueId);
}

function issueUnarchive(context: WriteContext, id: string): Row {
  const issue = context.view.issueByIdOrIdentifier(id);
  if (!issue) throw entityNotFound('Issue');
  const issueId = text(issue, 'id') ?? '';
  if (!isArchived(issue))
    throw invalidInput(`issue ${text(issue, 'identifier') ?? issueId} is not archived.`);
  commit(context, [
    update(issueId, { archivedAt: null, trashed: false, updatedAt: nowOf(context) }),
  ]);
  return archivePayload(context, issueId);
}

/** Rows that go with a permanently deleted issue: its labels, comments and relations. */
function purgeOps(context: WriteContext, issueId: string): PatchOp[] {
  const ops: PatchOp[] = [];
  const { state } = context;
  if (state.hasTable(LINEAR_TABLES.issueLabelAssociations))
    for (const row of state.rows(LINEAR_TABLES.issueLabelAssociations))
      if (row.issue_id === issueId)
        ops.push({
          op: 'delete',
          table: LINEAR_TABLES.issueLabelAssociations,
          key: { issue_id: issueId, issue_label_id: row.issue_label_id ?? null },
        });
  for (const row of state.rows(LINEAR_TABLES.comments))
    if (row.issueId === issueId)
      ops.push({ op: 'delete', table: LINEAR_TABLES.comments, key: { id: row.id ?? null } });
  if (state.hasTable(LINEAR_TABLES.issueRelations))
    for (const row of state.rows(LINEAR_TABLES.issueRelations))
      if (row.issueId === issueId || row.relatedIssueId === issueId)
        ops.push({
          op: 'delete',
          table: LINEAR_TABLES.issueRelations,
          key: { id: row.id ?? null },
        });
  for (const row of state.rows(ISSUES))
    if (row.parentId === issueId && row.id !== issueId)
      ops.push(update(String(row.id), { parentId: null }));
  return ops;
}

function issueDelete(
  context: WriteContext,
  id: string,
  permanentlyDelete: boolean | null | undefined,
): Row {
  if (permanentlyDelete === true) {
    const issue = context.view.issueByIdOrIdentifier(id);
    if (!issue) throw entityNotFound('Issue');
    const actor = context.state.get(LINEAR_TABLES.users, { id: context.actor.id });
    if (actor?.admin !== true)
      throw forbidden('only workspace admins can permanently delete an issue.');
    const issueId = text(issue, 'id') ?? '';
    commit(context, [
      ...purgeOps(context, issueId),
      { op: 'delete', table: ISSUES, key: { id: issueId } },
    ]);
    return { success: true, lastSyncId: lastSyncId(context), entity: null };
  }
  // issueDelete trashes: the issue is archived and marked trashed, restorable for 30 days.
  const issue = liveIssue(context, id);
  const issueId = text(issue, 'id') ?? '';
  const at = nowOf(context);
  commit(context, [update(issueId, { trashed: true, archivedAt: at, updatedAt: at })]);
  return archivePayload(context, issueId);
}

const MEMBER =
  "the actor must be an active user who can see the issue's team (a member of it when it is private); the issue must not be archived or trashed";

export const issueMutations: MutationGroup = {
  resolvers: {
    issueCreate: (_source, args: { input: IssueInput & { id?: string | null } }, context) =>
      issueCreate(context as WriteContext, args.input),
    issueUpdate: (_source, args: { id: string; input: IssueInput }, context) =>
      issueUpdate(context as WriteContext, args.id, args.input),
    issueAddLabel: (_source, args: { id: string; labelId: string }, context) =>
      changeOneLabel(context as WriteContext, args.id, args.labelId, true),
    issueRemoveLabel: (_source, args: { id: string; labelId: string }, context) =>
      changeOneLabel(context as WriteContext, args.id, args.labelId, false),
    issueArchive: (_source, args: { id: string; trash?: boolean | null }, context) =>
      issueArchive(context as WriteContext, args.id, args.trash),
    issueUnarchive: (_source, args: { id: string }, context) =>
      issueUnarchive(context as WriteContext, args.id),
    issueDelete: (_source, args: { id: string; permanentlyDelete?: boolean | null }, context) =>
      issueDelete(context as WriteContext, args.id, args.permanentlyDelete),
  },
  operations: [
    {
      name: 'issueCreate',
      permission:
        'the actor must be an active user who can see the team (a member of it when it is private); the team must not be archived',
      serverWritten: [
        'id',
        'number',
        'identifier',
        'creatorId',
        'stateId (default: first backlog state)',
        'priorityLabel',
        'sortOrder',
        'prioritySortOrder',
        'branchName',
        'url',
        'createdAt',
        'updatedAt',
        'startedAt/completedAt/canceledAt/startedTriageAt',
        'issue_label_issue_association rows',
      ],
    },
    {
      name: 'issueUpdate',
      permission: MEMBER,
      serverWritten: [
        'updatedAt',
        'priorityLabel',
        'startedAt/completedAt/canceledAt/startedTriageAt/triagedAt',
        'number/identifier/previousIdentifiers/url/branchName (team move)',
        'issue_label_issue_association rows',
      ],
    },
    {
      name: 'issueAddLabel',
      permission: MEMBER,
      serverWritten: ['labelIds', 'updatedAt', 'issue_label_issue_association rows'],
    },
    {
      name: 'issueRemoveLabel',
      permission: MEMBER,
      serverWritten: ['labelIds', 'updatedAt', 'issue_label_issue_association rows'],
    },
    {
      name: 'issueArchive',
      permission: MEMBER,
      serverWritten: ['archivedAt', 'updatedAt', 'trashed (trash: true)'],
    },
    {
      name: 'issueUnarchive',
      permission:
        "the actor must be an active user who can see the issue's team; the issue must be archived or trashed",
      serverWritten: ['archivedAt (null)', 'trashed (false)', 'updatedAt'],
    },
    {
      name: 'issueDelete',
      permission: `${MEMBER}; permanentlyDelete: workspace admins only, a trashed issue included`,
      serverWritten: [
        'trashed',
        'archivedAt',
        'updatedAt',
        'permanentlyDelete: the issue row, its comments, relations and label rows',
      ],
    },
  ],
};
