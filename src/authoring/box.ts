// Builders for Box. The row builders return the row changes one Box API call makes on the
// replica's tables (docs/pack-format.md, Authoring); the call builders further down return the
// call itself, for states derived through the Box write model (docs/replicas.md). Row builders
// take ids and timestamps as parameters: the caller owns the id sequence (idSequence) and the
// clock, so the same inputs always give the same patch.
import { createHash } from 'node:crypto';
import { AgentProofBenchError } from '../contract/error.js';
import type { ApiCall } from '../schema/call.js';
import type { Row } from '../schema/json.js';
import type { InsertOp, PatchOp, UpdateOp } from '../schema/patch.js';
import type { State } from '../state/state.js';
import { idOf } from './lookup.js';

/** What every Box builder needs: who makes the call, when, and where new ids come from. */
export interface BoxCall {
  /** The acting user's `box_users` row. */
  by: Row;
  /** The call's timestamp in Box's offset form (`2026-03-10T10:04:00+00:00`). */
  when: string;
  /** New row ids (an idSequence); unused by calls that insert nothing. */
  newId?: () => string;
}

/** The ids a call inserts rows with, or an error naming the builder that needed them. */
function idsOf(call: BoxCall, builder: string): () => string {
  if (!call.newId)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `${builder} inserts rows: pass newId in the call`,
      { fix: 'pass newId (an idSequence gives one) to every call that inserts rows' },
    );
  return call.newId;
}

/** Box's `sha1` of a file's bytes (text is UTF-8). */
export function sha1Of(content: string): string {
  return createHash('sha1').update(content).digest('hex');
}

/** A file name's extension as Box reports it (lower case, no dot; empty when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * `PUT /files/{id}` or `PUT /folders/{id}`: the fields sent, plus what Box bumps on every
 * edit (modified_at/by, sequence_id and etag).
 */
export function editItem(
  table: 'box_files' | 'box_folders',
  row: Row,
  set: Row,
  call: BoxCall,
): UpdateOp {
  const sequence = String(Number(row.sequence_id ?? 0) + 1);
  return {
    op: 'update',
    table,
    key: { id: idOf(row) },
    set: {
      ...set,
      modified_at: call.when,
      modified_by_id: idOf(call.by),
      sequence_id: sequence,
      etag: sequence,
    },
  };
}

/** `PUT /files/{id}` with a new `parent.id`: the file moves to `folder`. */
export function moveFile(file: Row, folder: Row, call: BoxCall): UpdateOp {
  return editItem('box_files', file, { parent_id: idOf(folder) }, call);
}

/** `DELETE /files/{id}` (or `/folders/{id}`): the item goes to the trash, where it can be restored. */
export function trashItem(table: 'box_files' | 'box_folders', row: Row, call: BoxCall): UpdateOp {
  return editItem(table, row, { item_status: 'trashed' }, call);
}

/** The rows a new upload writes: the file and its first version. */
export interface Upload {
  file: Row;
  ops: InsertOp[];
}

/** `POST /files/content`: a new file in `parent` with one version holding `content`. */
export function uploadFile(
  name: string,
  parent: Row,
  content: string,
  call: BoxCall,
  extra: Row = {},
): Upload {
  const newId = idsOf(call, 'uploadFile');
  const bytes = Buffer.byteLength(content);
  const sha = sha1Of(content);
  const file: Row = {
    id: newId(),
    type: 'file',
    name,
    parent_id: idOf(parent),
    created_at: call.when,
    modified_at: call.when,
    created_by_id: idOf(call.by),
    modified_by_id: idOf(call.by),
    owned_by_id: idOf(call.by),
    size: bytes,
    extension: extensionOf(name),
    sha_1: sha,
    version_number: '1',
    comment_count: 0,
    item_status: 'active',
    sequence_id: '0',
    etag: '0',
    description: '',
    tags: [],
    ...extra,
  };
  return {
    file,
    ops: [
      { op: 'insert', table: 'box_files', row: file },
      { op: 'insert', table: 'box_file_versions', row: versionRow(file, '1', content, call) },
    ],
  };
}

function versionRow(file: Row, number: string, content: string, call: BoxCall): Row {
  return {
    id: idsOf(call, 'a version upload')(),
    type: 'file_version',
    file_id: idOf(file),
    sha_1: sha1Of(content),
    name: String(file.name),
    size: Buffer.byteLength(content),
    created_at: call.when,
    modified_at: call.when,
    modified_by_id: idOf(call.by),
    version_number: number,
    content,
    content_encoding: 'utf8',
  };
}

/** `POST /files/{id}/content`: a new current version of the file as it is in `state`. */
export function newVersion(state: State, file: Row, content: string, call: BoxCall): PatchOp[] {
  const current = state.get('box_files', { id: idOf(file) }) ?? file;
  const number = String(Number(current.version_number) + 1);
  return [
    { op: 'insert', table: 'box_file_versions', row: versionRow(current, number, content, call) },
    editItem(
      'box_files',
      current,
      { size: Buffer.byteLength(content), sha_1: sha1Of(content), version_number: number },
      call,
    ),
  ];
}

/** The text of a file's current version in `state` (the seed stores every version's bytes). */
export function currentContent(state: State, file: Row): string {
  const current = state.get('box_files', { id: idOf(file) }) ?? file;
  const version = state
    .rows('box_file_versions')
    .find(
      (row) =>
        row.file_id === current.id && String(row.version_number) === String(current.version_number),
    );
  if (!version)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `file ${idOf(current)} has no current version row`,
      { fix: 'give the file a current version row in the seed or an earlier call' },
    );
  return String(version.content);
}

/** `POST /comments` on a file: the comment row, and the file's comment counter. */
export function addComment(state: State, file: Row, message: string, call: BoxCall): PatchOp[] {
  const current = state.get('box_files', { id: idOf(file) }) ?? file;
  return [
    {
      op: 'insert',
      table: 'box_comments',
      row: {
        id: idsOf(call, 'addComment')(),
        type: 'comment',
        item_id: idOf(current),
        file_id: idOf(current),
        item_type: 'file',
        message,
        created_by_id: idOf(call.by),
        created_at: call.when,
        modified_at: call.when,
        is_reply_comment: false,
      },
    },
    {
      op: 'update',
      table: 'box_files',
      key: { id: idOf(current) },
      set: { comment_count: Number(current.comment_count ?? 0) + 1 },
    },
  ];
}

/** The task fields `POST /tasks` lets a caller choose. */
export interface TaskFields {
  message: string;
  action?: 'review' | 'complete';
  completion_rule?: 'all_assignees' | 'any_assignee';
  due_at?: string | null;
}

/** `POST /tasks` on a file: the task row (insert it, then assign people with assignTask). */
export function newTask(file: Row, fields: TaskFields, call: BoxCall): Row {
  return {
    id: idsOf(call, 'newTask')(),
    type: 'task',
    item_id: idOf(file),
    item_type: 'file',
    message: fields.message,
    created_by_id: idOf(call.by),
    created_at: call.when,
    is_completed: false,
    action: fields.action ?? 'review',
    completion_rule: fields.completion_rule ?? 'all_assignees',
    due_at: fields.due_at ?? null,
  };
}

/** `POST /task_assignments`: `to` is assigned the task, which is still incomplete. */
export function assignTask(task: Row, to: Row, call: BoxCall): InsertOp {
  return {
    op: 'insert',
    table: 'box_task_assignments',
    row: {
      id: idsOf(call, 'assignTask')(),
      type: 'task_assignment',
      task_id: idOf(task),
      assigned_to_id: idOf(to),
      assigned_by_id: idOf(call.by),
      message: task.message ?? '',
      resolution_state: 'incomplete',
      assigned_at: call.when,
      completed_at: null,
      reminded_at: null,
    },
  };
}

/** `POST /tasks` then one `POST /task_assignments` per assignee. */
export function taskFor(
  file: Row,
  fields: TaskFields,
  assignees: readonly Row[],
  call: BoxCall,
): PatchOp[] {
  const task = newTask(file, fields, call);
  return [
    { op: 'insert', table: 'box_tasks', row: task },
    ...assignees.map((to) => assignTask(task, to, call)),
  ];
}

/** The hub fields `POST /hubs` lets a caller choose. */
export interface HubFields {
  title: string;
  description: string;
  is_ai_enabled?: boolean;
}

/** `POST /hubs`: the hub row (insert it, then add items with hubItem). */
export function newHub(fields: HubFields, call: BoxCall): Row {
  return {
    id: idsOf(call, 'newHub')(),
    type: 'hubs',
    title: fields.title,
    description: fields.description,
    created_by_id: idOf(call.by),
    updated_by_id: idOf(call.by),
    created_at: call.when,
    updated_at: call.when,
    is_ai_enabled: fields.is_ai_enabled ?? true,
    can_non_owners_invite: false,
    can_shared_link_be_created: true,
    is_collaboration_restricted_to_enterprise: true,
    view_count: 0,
  };
}

/** One `add` operation of `POST /hubs/{id}/manage_items`: the item joins the hub. */
export function hubItem(hub: Row, item: Row, itemType: 'file' | 'folder', call: BoxCall): InsertOp {
  return {
    op: 'insert',
    table: 'box_hub_items',
    row: {
      id: idsOf(call, 'hubItem')(),
      hub_id: idOf(hub),
      item_id: idOf(item),
      item_type: itemType,
      item_name: String(item.name),
      created_at: call.when,
    },
  };
}

/** The hub's `updated_at` after `manage_items` changed its item list. */
export function touchHub(hub: Row, call: BoxCall): UpdateOp {
  return {
    op: 'update',
    table: 'box_hubs',
    key: { id: idOf(hub) },
    set: { updated_at: call.when },
  };
}

// Calls (docs/pack-format.md, "Outcomes as API calls"): the same actions as Box REST requests
// the actor makes, for states derived through the Box write model (src/services/box/write/).
// Ids of items an earlier call creates are `{{N.…}}` references into that call's response.

/** A row, or an id written directly or as a `{{N.path}}` reference to an earlier call's response. */
export type BoxRef = Row | string;

function refId(ref: BoxRef): string {
  return typeof ref === 'string' ? ref : idOf(ref);
}

/** The fields `PUT /files/{id}` and `PUT /folders/{id}` change. */
export interface ItemChanges {
  name?: string;
  description?: string;
  tags?: string[];
  /** The folder to move the item into. */
  parent?: BoxRef;
}

/** `PUT /files/{id}` or `PUT /folders/{id}`: rename, move, describe or tag an item. */
export function updateCall(type: 'file' | 'folder', item: BoxRef, changes: ItemChanges): ApiCall {
  const { parent, ...fields } = changes;
  return {
    method: 'PUT',
    path: `/${type}s/${refId(item)}`,
    body: { ...fields, ...(parent === undefined ? {} : { parent: { id: refId(parent) } }) },
  };
}

/** `DELETE /files/{id}` or `DELETE /folders/{id}?recursive=true`: to the trash. */
export function trashCall(type: 'file' | 'folder', item: BoxRef): ApiCall {
  return type === 'file'
    ? { method: 'DELETE', path: `/files/${refId(item)}` }
    : { method: 'DELETE', path: `/folders/${refId(item)}`, query: { recursive: 'true' } };
}

/** `DELETE /files/{id}/trash`: a trashed item deleted for good (trash it first). */
export function purgeCall(type: 'file' | 'folder', item: BoxRef): ApiCall {
  return { method: 'DELETE', path: `/${type}s/${refId(item)}/trash` };
}

/** `POST /files/{id}` or `POST /folders/{id}`: back from the trash. */
export function restoreCall(type: 'file' | 'folder', item: BoxRef): ApiCall {
  return { method: 'POST', path: `/${type}s/${refId(item)}`, body: {} };
}

/** `POST /folders`: a new folder (its id: `{{N.id}}`). */
export function createFolderCall(name: string, parent: BoxRef): ApiCall {
  return { method: 'POST', path: '/folders', body: { name, parent: { id: refId(parent) } } };
}

/** `POST /files/content`: a new text file (its id: `{{N.entries.0.id}}`). */
export function uploadCall(name: string, parent: BoxRef, content: string): ApiCall {
  return {
    method: 'POST',
    path: '/files/content',
    body: { attributes: { name, parent: { id: refId(parent) } }, content },
  };
}

/** `POST /files/{id}/content`: a new current version of the file. */
export function newVersionCall(file: BoxRef, content: string): ApiCall {
  return { method: 'POST', path: `/files/${refId(file)}/content`, body: { content } };
}

/** `POST /files/{id}/copy` into `parent`, optionally under another name. */
export function copyCall(file: BoxRef, parent: BoxRef, name?: string): ApiCall {
  return {
    method: 'POST',
    path: `/files/${refId(file)}/copy`,
    body: { parent: { id: refId(parent) }, ...(name === undefined ? {} : { name }) },
  };
}

/** `POST /comments` on a file. */
export function commentCall(file: BoxRef, message: string): ApiCall {
  return {
    method: 'POST',
    path: '/comments',
    body: { item: { type: 'file', id: refId(file) }, message },
  };
}

/** `DELETE /comments/{id}`. */
export function deleteCommentCall(comment: BoxRef): ApiCall {
  return { method: 'DELETE', path: `/comments/${refId(comment)}` };
}

/** `POST /tasks` on a file (its id: `{{N.id}}`); assign people with assignCall. */
export function taskCall(file: BoxRef, fields: TaskFields): ApiCall {
  return {
    method: 'POST',
    path: '/tasks',
    body: {
      item: { type: 'file', id: refId(file) },
      message: fields.message,
      ...(fields.action === undefined ? {} : { action: fields.action }),
      ...(fields.completion_rule === undefined ? {} : { completion_rule: fields.completion_rule }),
      ...(fields.due_at === undefined ? {} : { due_at: fields.due_at }),
    },
  };
}

/** `PUT /tasks/{id}`. */
export function updateTaskCall(task: BoxRef, fields: Partial<TaskFields>): ApiCall {
  return { method: 'PUT', path: `/tasks/${refId(task)}`, body: { ...fields } };
}

/** `POST /task_assignments`: `to` is asked to do the task. */
export function assignCall(task: BoxRef, to: Row): ApiCall {
  return {
    method: 'POST',
    path: '/task_assignments',
    body: { task: { type: 'task', id: refId(task) }, assign_to: { id: idOf(to) } },
  };
}

/** `POST /collaborations`: `user` may open the folder or file with `role`. */
export function collaborateCall(
  type: 'file' | 'folder',
  item: BoxRef,
  user: Row,
  role: string,
): ApiCall {
  return {
    method: 'POST',
    path: '/collaborations',
    body: {
      item: { type, id: refId(item) },
      accessible_by: { type: 'user', id: idOf(user) },
      role,
    },
  };
}

/** `POST /hubs` (its id: `{{N.id}}`). */
export function hubCall(fields: HubFields): ApiCall {
  return { method: 'POST', path: '/hubs', body: { ...fields } };
}

/** `POST /hubs/{id}/manage_items`: the items join (`add`) or leave (`remove`) the hub. */
export function hubItemsCall(
  hub: BoxRef,
  action: 'add' | 'remove',
  items: readonly { type: 'file' | 'folder'; item: BoxRef }[],
): ApiCall {
  return {
    method: 'POST',
    path: `/hubs/${refId(hub)}/manage_items`,
    body: {
      operations: items.map(({ type, item }) => ({ action, item: { type, id: refId(item) } })),
    },
  };
}
