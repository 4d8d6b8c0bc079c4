/**
 * Row changes as the Linear API writes them, for pack generators (docs/pack-format.md,
 * Authoring). Each builder takes the rows it changes as they are in the state the patch
 * applies to, plus the run-specific data (new ids, the time of the call), and returns the
 * patch operations the call produces: `updatedAt` moves with every edit, lifecycle
 * timestamps follow the workflow state's type, inserted rows carry every column the seed's
 * rows of that table have, and labels change in `issues.labelIds` and the join table together.
 */

import { AgentProofBenchError } from '../contract/error.js';
import type { ApiCall } from '../schema/call.js';
import type { JsonValue, Row } from '../schema/json.js';
import type { PatchOp } from '../schema/patch.js';
import { diffStates } from '../state/diff.js';
import type { State } from '../state/state.js';
import { idOf } from './lookup.js';

/** The workspace URL key the built-in seed uses (`https://linear.app/<key>/…`). */
export const DEFAULT_URL_KEY = 'kestrel';

/** Linear's priority numbers and their labels (0 = no priority, 1 = urgent … 4 = low). */
export const PRIORITY_LABELS = ['No priority', 'Urgent', 'High', 'Medium', 'Low'] as const;

/** `{priority, priorityLabel}` for a priority number, as `issueUpdate` stores them. */
export function priorityOf(priority: number): Row {
  return { priority, priorityLabel: PRIORITY_LABELS[priority] ?? 'No priority' };
}

/**
 * `issueUpdate(id, input)`: the given fields, `updatedAt`, and when the state changes the
 * lifecycle timestamps its type implies (`state` is where the workflow state is looked up).
 */
export function updateIssue(state: State, issue: Row, set: Row, at: string): PatchOp {
  const change: Row = { ...set };
  if (typeof set.stateId === 'string' && set.stateId !== issue.stateId) {
    const type = state.get('workflow_states', { id: set.stateId })?.type;
    change.completedAt = type === 'completed' ? at : null;
    change.canceledAt = type === 'canceled' ? at : null;
    if ((type === 'started' || type === 'completed') && (issue.startedAt ?? null) === null)
      change.startedAt = at;
  }
  change.updatedAt = at;
  return { op: 'update', table: 'issues', key: { id: idOf(issue) }, set: change };
}

/**
 * A `comments` row as Linear stores it: `body` as the text and as one paragraph of rich text
 * (`bodyData`), by `author` on `issue`, created at `at` and linked at `url`.
 */
export function commentRow(
  commentId: string,
  issue: Row,
  author: Row,
  body: string,
  at: string,
  url: string,
): Row {
  return {
    id: commentId,
    issueId: idOf(issue),
    userId: idOf(author),
    body,
    bodyData: JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: body }] }],
    }),
    reactionData: {},
    editedAt: null,
    archivedAt: null,
    createdAt: at,
    updatedAt: at,
    url,
  };
}

/** `commentCreate`: a comment by `author` on `issue` with a one-paragraph body. */
export function insertComment(
  commentId: string,
  issue: Row,
  author: Row,
  body: string,
  at: string,
  urlKey: string = DEFAULT_URL_KEY,
): PatchOp {
  const url = `https://linear.app/${urlKey}/issue/${String(issue.identifier)}#comment-${commentId.slice(0, 8)}`;
  return {
    op: 'insert',
    table: 'comments',
    row: commentRow(commentId, issue, author, body, at, url),
  };
}

/** `commentDelete`: the comment row goes. */
export function deleteComment(comment: Row): PatchOp {
  return { op: 'delete', table: 'comments', key: { id: idOf(comment) } };
}

/** `issueRelationCreate`: `from` <type> `to` (e.g. from blocks to, from is a duplicate of to). */
export function insertRelation(
  relationId: string,
  from: Row,
  to: Row,
  type: 'blocks' | 'related' | 'duplicate' | 'similar',
  at: string,
): PatchOp {
  return {
    op: 'insert',
    table: 'issue_relations',
    row: {
      id: relationId,
      issueId: idOf(from),
      relatedIssueId: idOf(to),
      type,
      issueTitle: from.title ?? null,
      relatedIssueTitle: to.title ?? null,
      createdAt: at,
      updatedAt: at,
    },
  };
}

/** `issueRelationDelete`: the relation row goes. */
export function deleteRelation(relation: Row): PatchOp {
  return { op: 'delete', table: 'issue_relations', key: { id: idOf(relation) } };
}

/** `issueUpdate` adding a label (plus any other fields): `labelIds` and the join table move together. */
export function addLabel(issue: Row, label: Row, at: string, alsoSet: Row = {}): PatchOp[] {
  const labelIds = [...((issue.labelIds as string[] | undefined) ?? []), idOf(label)];
  return [
    {
      op: 'update',
      table: 'issues',
      key: { id: idOf(issue) },
      set: { ...alsoSet, labelIds, updatedAt: at },
    },
    {
      op: 'insert',
      table: 'issue_label_issue_association',
      row: { issue_id: idOf(issue), issue_label_id: idOf(label) },
    },
  ];
}

/** The join-table row an added label writes next to the issue's new `labelIds`. */
export function linkLabel(issue: Row, label: Row): PatchOp {
  return {
    op: 'insert',
    table: 'issue_label_issue_association',
    row: { issue_id: idOf(issue), issue_label_id: idOf(label) },
  };
}

/** `issueUpdate` with a full `labelIds` list: the old associations go, the new ones come. */
export function replaceLabels(
  issue: Row,
  labels: readonly Row[],
  at: string,
  alsoSet: Row = {},
): PatchOp[] {
  const old = (issue.labelIds as string[] | undefined) ?? [];
  return [
    {
      op: 'update',
      table: 'issues',
      key: { id: idOf(issue) },
      set: { ...alsoSet, labelIds: labels.map(idOf), updatedAt: at },
    },
    ...old.map(
      (labelId): PatchOp => ({
        op: 'delete',
        table: 'issue_label_issue_association',
        key: { issue_id: idOf(issue), issue_label_id: labelId },
      }),
    ),
    ...labels.map(
      (row): PatchOp => ({
        op: 'insert',
        table: 'issue_label_issue_association',
        row: { issue_id: idOf(issue), issue_label_id: idOf(row) },
      }),
    ),
  ];
}

/** An update mutation that only renames `row` of `table` (labels and projects alike). */
function rename(table: string, row: Row, name: string, at: string): PatchOp {
  return { op: 'update', table, key: { id: idOf(row) }, set: { name, updatedAt: at } };
}

/** `issueLabelUpdate` renaming a label. */
export function renameLabel(label: Row, name: string, at: string): PatchOp {
  return rename('issue_labels', label, name, at);
}

/** `issueLabelCreate`: a new label shaped like `like` (same workspace and columns), with its own id, name and times. */
export function insertLabel(labelId: string, like: Row, set: Row, at: string): PatchOp {
  return {
    op: 'insert',
    table: 'issue_labels',
    row: {
      ...like,
      id: labelId,
      createdAt: at,
      updatedAt: at,
      archivedAt: null,
      lastAppliedAt: null,
      ...set,
    },
  };
}

/** `projectUpdate` renaming a project. */
export function renameProject(project: Row, name: string, at: string): PatchOp {
  return rename('projects', project, name, at);
}

/** `projectCreate`: a new project shaped like `like`, with its own id, slug, times and the given fields. */
export function insertProject(projectId: string, like: Row, set: Row, at: string): PatchOp {
  return {
    op: 'insert',
    table: 'projects',
    row: {
      ...like,
      id: projectId,
      slugId: projectId.replaceAll('-', '').slice(0, 12),
      createdAt: at,
      updatedAt: at,
      startedAt: null,
      completedAt: null,
      canceledAt: null,
      archivedAt: null,
      progress: 0,
      ...set,
    },
  };
}

/** An admin deactivating a user (`userSuspend`): no longer assignable or mentionable. */
export function deactivateUser(user: Row, at: string, reason = 'Left the company'): PatchOp {
  return {
    op: 'update',
    table: 'users',
    key: { id: idOf(user) },
    set: {
      active: false,
      isAssignable: false,
      isMentionable: false,
      disableReason: reason,
      updatedAt: at,
    },
  };
}

/** What tells a newly invited user apart from `like`, whose other columns (organization, timezone, …) it shares. */
export interface NewUser {
  id: string;
  email: string;
  displayName: string;
  inviteHash: string;
}

/** A user joining the workspace (`organizationInviteCreate` accepted): a fresh account shaped like `like`. */
export function insertUser(
  user: NewUser,
  like: Row,
  at: string,
  urlKey: string = DEFAULT_URL_KEY,
): PatchOp {
  return {
    op: 'insert',
    table: 'users',
    row: {
      ...like,
      ...user,
      active: true,
      isAssignable: true,
      isMentionable: true,
      disableReason: null,
      createdAt: at,
      updatedAt: at,
      lastSeen: at,
      createdIssueCount: 0,
      url: `https://linear.app/${urlKey}/profiles/${user.displayName}`,
    },
  };
}

/** `teamMembershipCreate`: `user` joins `team`. */
export function joinTeam(
  membershipId: string,
  user: Row | NewUser,
  team: Row,
  sortOrder: number,
  at: string,
): PatchOp {
  return {
    op: 'insert',
    table: 'team_memberships',
    row: {
      id: membershipId,
      userId: String(user.id),
      teamId: idOf(team),
      owner: false,
      sortOrder,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
    },
  };
}

// ---------------------------------------------------------------------------------------
// Calls: the Linear GraphQL mutations an actor sends (docs/pack-format.md, "Outcomes as API
// calls"). A pack writes these; the write model (src/services/linear/write/) derives the
// row changes, server-written fields included. The builders above stay for conditions,
// which record other people's activity before the run rather than the actor's calls.

/** A `POST graphql` call carrying one mutation and its variables. */
function mutationCall(query: string, variables: Record<string, JsonValue>): ApiCall {
  return { method: 'POST', path: 'graphql', body: { query, variables } };
}

const ISSUE_PAYLOAD = 'success issue { id identifier }';

/** Whatever a builder accepts for an entity: its row or its id (an issue also by identifier). */
type Ref = Row | string;
const refOf = (ref: Ref): string => (typeof ref === 'string' ? ref : idOf(ref));

/** `issueCreate(input)`: a new issue; the server numbers it and writes its stamps. */
export function issueCreate(input: Row): ApiCall {
  return mutationCall(
    `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { ${ISSUE_PAYLOAD} } }`,
    { input },
  );
}

/** `issueUpdate(id, input)`: the given fields (labelIds, addedLabelIds, stateId, …). */
export function issueUpdate(issue: Ref, input: Row): ApiCall {
  return mutationCall(
    `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { ${ISSUE_PAYLOAD} } }`,
    { id: refOf(issue), input },
  );
}

/** `issueAddLabel(id, labelId)`. */
export function issueAddLabel(issue: Ref, label: Ref): ApiCall {
  return mutationCall(
    `mutation IssueAddLabel($id: String!, $labelId: String!) { issueAddLabel(id: $id, labelId: $labelId) { ${ISSUE_PAYLOAD} } }`,
    { id: refOf(issue), labelId: refOf(label) },
  );
}

/** `issueRemoveLabel(id, labelId)`. */
export function issueRemoveLabel(issue: Ref, label: Ref): ApiCall {
  return mutationCall(
    `mutation IssueRemoveLabel($id: String!, $labelId: String!) { issueRemoveLabel(id: $id, labelId: $labelId) { ${ISSUE_PAYLOAD} } }`,
    { id: refOf(issue), labelId: refOf(label) },
  );
}

/** `issueArchive(id, trash)`. */
export function issueArchive(issue: Ref, trash = false): ApiCall {
  return mutationCall(
    'mutation IssueArchive($id: String!, $trash: Boolean) { issueArchive(id: $id, trash: $trash) { success } }',
    { id: refOf(issue), trash },
  );
}

/** `issueDelete(id)`: Linear trashes the issue. */
export function issueDelete(issue: Ref): ApiCall {
  return mutationCall('mutation IssueDelete($id: String!) { issueDelete(id: $id) { success } }', {
    id: refOf(issue),
  });
}

/** `commentCreate`: a comment by the actor on `issue` (a reply when `parentId` is given). */
export function commentCreate(issue: Ref, body: string, parentId?: string): ApiCall {
  const input: Row = { issueId: refOf(issue), body };
  if (parentId !== undefined) input.parentId = parentId;
  return mutationCall(
    'mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id } } }',
    { input },
  );
}

/** `commentUpdate(id, {body})`: the author's own comment. */
export function commentUpdate(comment: Ref, body: string): ApiCall {
  return mutationCall(
    'mutation CommentUpdate($id: String!, $input: CommentUpdateInput!) { commentUpdate(id: $id, input: $input) { success } }',
    { id: refOf(comment), input: { body } },
  );
}

/** `commentDelete(id)`. */
export function commentDelete(comment: Ref): ApiCall {
  return mutationCall(
    'mutation CommentDelete($id: String!) { commentDelete(id: $id) { success entityId } }',
    { id: refOf(comment) },
  );
}

/** `issueRelationCreate`: `from` <type> `to` (from blocks to, from duplicates to, …). */
export function issueRelationCreate(
  from: Ref,
  to: Ref,
  type: 'blocks' | 'related' | 'duplicate' | 'similar',
): ApiCall {
  return mutationCall(
    'mutation IssueRelationCreate($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success issueRelation { id } } }',
    { input: { issueId: refOf(from), relatedIssueId: refOf(to), type } },
  );
}

/** `issueRelationDelete(id)`. */
export function issueRelationDelete(relation: Ref): ApiCall {
  return mutationCall(
    'mutation IssueRelationDelete($id: String!) { issueRelationDelete(id: $id) { success entityId } }',
    { id: refOf(relation) },
  );
}

/** `issueLabelCreate(input)`. */
export function issueLabelCreate(input: Row): ApiCall {
  return mutationCall(
    'mutation IssueLabelCreate($input: IssueLabelCreateInput!) { issueLabelCreate(input: $input) { success issueLabel { id } } }',
    { input },
  );
}

/** `issueLabelUpdate(id, input)`. */
export function issueLabelUpdate(label: Ref, input: Row): ApiCall {
  return mutationCall(
    'mutation IssueLabelUpdate($id: String!, $input: IssueLabelUpdateInput!) { issueLabelUpdate(id: $id, input: $input) { success } }',
    { id: refOf(label), input },
  );
}

/** `projectCreate(input)`. */
export function projectCreate(input: Row): ApiCall {
  return mutationCall(
    'mutation ProjectCreate($input: ProjectCreateInput!) { projectCreate(input: $input) { success project { id } } }',
    { input },
  );
}

/** `projectUpdate(id, input)`. */
export function projectUpdate(project: Ref, input: Row): ApiCall {
  return mutationCall(
    'mutation ProjectUpdate($id: String!, $input: ProjectUpdateInput!) { projectUpdate(id: $id, input: $input) { success } }',
    { id: refOf(project), input },
  );
}

/** `issueUnarchive(id)`: an archived or trashed issue comes back. */
export function issueUnarchive(issue: Ref): ApiCall {
  return mutationCall(
    'mutation IssueUnarchive($id: String!) { issueUnarchive(id: $id) { success } }',
    { id: refOf(issue) },
  );
}

/** Issue columns the server writes itself: a diff in them needs no call of its own. */
const SERVER_WRITTEN_ISSUE_COLUMNS = new Set([
  'updatedAt',
  'completedAt',
  'canceledAt',
  'startedAt',
  'startedTriageAt',
  'triagedAt',
  'priorityLabel',
  'archivedAt',
  'trashed',
]);
/** Issue columns an `issueUpdate` input carries under the same name. */
const ISSUE_INPUT_COLUMNS = new Set([
  'title',
  'description',
  'teamId',
  'stateId',
  'assigneeId',
  'parentId',
  'projectId',
  'priority',
  'estimate',
  'labelIds',
  'dueDate',
]);

/**
 * The calls that take `from` to `to` as the actor would make them (recorded execution stages,
 * docs/pack-format.md "Outcomes as API calls"): an `issueUpdate` per changed issue with the
 * fields that differ (labels as the full `labelIds` list), a comment created or deleted, a
 * relation created, retyped or deleted. Server-written columns are left to the write model;
 * a difference no Linear call makes throws, naming it.
 */
export function callsBetween(from: State, to: State): ApiCall[] {
  const diff = diffStates(from, to);
  const calls: ApiCall[] = [];
  const issues = diff.issues;
  for (const update of issues?.updates ?? []) {
    const input: Row = {};
    for (const field of update.fields) {
      if (SERVER_WRITTEN_ISSUE_COLUMNS.has(field)) continue;
      if (!ISSUE_INPUT_COLUMNS.has(field))
        throw new AgentProofBenchError(
          'APB_AUTHORING',
          `no Linear call writes issues.${field} (issue ${String(update.key.id)})`,
          { fix: 'write this change as calls instead of a state difference' },
        );
      input[field] = update.after[field] ?? null;
    }
    if (Object.keys(input).length > 0) calls.push(issueUpdate(String(update.key.id), input));
  }
  if ((issues?.inserts.length ?? 0) + (issues?.deletes.length ?? 0) > 0)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      'issues created or deleted between two recorded states: write them as calls',
      { fix: 'write this change as calls instead of a state difference' },
    );
  const comments = diff.comments;
  for (const row of comments?.deletes ?? []) calls.push(commentDelete(idOf(row)));
  for (const update of comments?.updates ?? []) {
    if (!update.fields.includes('body'))
      throw new AgentProofBenchError(
        'APB_AUTHORING',
        `comment ${String(update.key.id)} changed without its body`,
        { fix: 'write this change as calls instead of a state difference' },
      );
    calls.push(commentUpdate(String(update.key.id), String(update.after.body)));
  }
  for (const row of comments?.inserts ?? []) {
    const parentId = typeof row.parentId === 'string' ? row.parentId : undefined;
    calls.push(commentCreate(String(row.issueId), String(row.body), parentId));
  }
  const relations = diff.issue_relations;
  for (const row of relations?.deletes ?? []) calls.push(issueRelationDelete(idOf(row)));
  for (const update of relations?.updates ?? []) {
    const fields = update.fields.filter((field) => field !== 'updatedAt');
    if (fields.length > 0)
      calls.push(
        mutationCall(
          'mutation IssueRelationUpdate($id: String!, $input: IssueRelationUpdateInput!) { issueRelationUpdate(id: $id, input: $input) { success } }',
          {
            id: String(update.key.id),
            input: Object.fromEntries(fields.map((f) => [f, update.after[f] ?? null])),
          },
        ),
      );
  }
  for (const row of relations?.inserts ?? [])
    calls.push(
      issueRelationCreate(
        String(row.issueId),
        String(row.relatedIssueId),
        row.type as 'blocks' | 'related' | 'duplicate' | 'similar',
      ),
    );
  for (const table of Object.keys(diff))
    if (!['issues', 'comments', 'issue_relations', 'issue_label_issue_association'].includes(table))
      throw new AgentProofBenchError(
        'APB_AUTHORING',
        `${table} changed between two recorded states: write that change as calls`,
        { fix: 'write this change as calls instead of a state difference' },
      );
  return calls;
}
