// Tasks on files and who they are assigned to: /tasks and /task_assignments.
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { BoxVisibility } from '../permissions.js';
import { lookupItem, refused, requireRole, roleOn } from './access.js';
import {
  boxTime,
  idTaken,
  isObject,
  newId,
  readBack,
  referenceId,
  refuse,
  refuseBadRequest,
  refuseDenied,
  refuseNotFound,
  success,
  type WriteContext,
} from './context.js';

export const TASK_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /tasks',
    permission:
      'a role with can_comment on the file (owner, co-owner, editor, viewer, viewer uploader)',
    serverWritten: [
      'id',
      'created_at',
      'created_by_id',
      'is_completed false',
      'action "review"',
      'completion_rule "all_assignees"',
    ],
  },
  {
    name: 'PUT /tasks/:id',
    permission: 'the task’s creator, or the file’s owner or co-owner',
    serverWritten: ['is_completed (recomputed from the assignments and completion_rule)'],
  },
  {
    name: 'DELETE /tasks/:id',
    permission: 'the task’s creator, or the file’s owner or co-owner',
    serverWritten: ['deletes the task’s assignments'],
  },
  {
    name: 'POST /task_assignments',
    permission:
      'a role with can_comment on the task’s file; the assignee must be able to see the file (400 task_assignee_not_allowed)',
    serverWritten: [
      'id',
      'assigned_at',
      'assigned_by_id',
      'message (the task’s)',
      'resolution_state "incomplete"',
      'completed_at null',
      'reminded_at null',
      'the task’s is_completed',
    ],
  },
  {
    name: 'PUT /task_assignments/:id',
    permission:
      'resolution_state: only the assignee (completed/incomplete for a complete task, approved/rejected/incomplete for a review)',
    serverWritten: ['completed_at', 'the task’s is_completed'],
  },
  {
    name: 'DELETE /task_assignments/:id',
    permission: 'the assigner, the task’s creator, or the file’s owner or co-owner',
    serverWritten: ['the task’s is_completed'],
  },
];

const ACTIONS = ['review', 'complete'];
const COMPLETION_RULES = ['all_assignees', 'any_assignee'];
const RESOLUTIONS: Record<string, readonly string[]> = {
  complete: ['completed', 'incomplete'],
  review: ['approved', 'rejected', 'incomplete'],
};

interface TaskFound {
  task: Row;
  file: Row;
}

function lookupTask(context: WriteContext, id: string): TaskFound | WriteResult {
  const task = context.store.tasks.get(id);
  const file = task ? lookupItem(context, 'file', text(task, 'item_id') ?? '') : undefined;
  if (!task || !file || refused(file)) return refuseNotFound(context, 'task', id);
  return { task, file };
}

function isTask(value: TaskFound | WriteResult): value is TaskFound {
  return 'task' in value;
}

/** Creator, or the file's owner or co-owner: who may change or delete a task. */
function mayManage(context: WriteContext, { task, file }: TaskFound): boolean {
  const role = roleOn(context, file, 'file');
  return (
    text(task, 'created_by_id') === context.actor.id || role === 'owner' || role === 'co-owner'
  );
}

function checkTaskFields(context: WriteContext): WriteResult | undefined {
  const { action, completion_rule: rule, due_at: due, message } = context.body;
  if (action !== undefined && !ACTIONS.includes(action as string))
    return refuseBadRequest(context, "Invalid value for 'action': review or complete");
  if (rule !== undefined && !COMPLETION_RULES.includes(rule as string))
    return refuseBadRequest(
      context,
      "Invalid value for 'completion_rule': all_assignees or any_assignee",
    );
  if (
    due !== undefined &&
    due !== null &&
    (typeof due !== 'string' || Number.isNaN(Date.parse(due)))
  )
    return refuseBadRequest(context, "Invalid value for 'due_at': an ISO 8601 date-time");
  if (message !== undefined && typeof message !== 'string')
    return refuseBadRequest(context, "Invalid value for 'message': a string");
  return undefined;
}

/** Whether a task is complete once its assignments are `assignments` (Box's completion_rule). */
function isCompleted(task: Row, assignments: readonly Row[]): boolean {
  const resolved = (row: Row) => (text(row, 'resolution_state') ?? 'incomplete') !== 'incomplete';
  if (assignments.length === 0) return false;
  return text(task, 'completion_rule') === 'any_assignee'
    ? assignments.some(resolved)
    : assignments.every(resolved);
}

/** The op that keeps the task's is_completed true to its assignments, when it changes. */
function completion(task: Row, assignments: readonly Row[]): PatchOp[] {
  const completed = isCompleted(task, assignments);
  return completed === (task.is_completed === true)
    ? []
    : [
        {
          op: 'update',
          table: 'box_tasks',
          key: { id: text(task, 'id') },
          set: { is_completed: completed },
        },
      ];
}

/** `POST /tasks` on a file. */
export function createTask(context: WriteContext): WriteResult {
  const { item } = context.body;
  const fileId = referenceId(item);
  if (fileId === undefined || !isObject(item) || item.type !== 'file')
    return refuseBadRequest(context, "Invalid value for 'item': {type: 'file', id}");
  const invalid = checkTaskFields(context);
  if (invalid) return invalid;
  const file = lookupItem(context, 'file', fileId);
  if (refused(file)) return file;
  const denied = requireRole(context, file, 'file', 'comment', 'create tasks on it');
  if (denied) return denied;
  const { body } = context;
  const row: Row = {
    id: newId(context.env, 10, idTaken(context, 'box_tasks')),
    type: 'task',
    item_id: fileId,
    item_type: 'file',
    message: (body.message as string | undefined) ?? '',
    created_by_id: context.actor.id,
    created_at: boxTime(context.env.now()),
    is_completed: false,
    action: (body.action as string | undefined) ?? 'review',
    completion_rule: (body.completion_rule as string | undefined) ?? 'all_assignees',
    due_at: (body.due_at as string | null | undefined) ?? null,
  };
  const patch: Patch = [{ op: 'insert', table: 'box_tasks', row }];
  return success(patch, 201, readBack(context, patch, `/tasks/${row.id}`));
}

/** `PUT /tasks/:id`: message, action, due date, completion rule. */
export function updateTask(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupTask(context, id);
  if (!isTask(found)) return found;
  if (!mayManage(context, found))
    return refuseDenied(context, 'only the task’s creator or the file’s owner may change it');
  const invalid = checkTaskFields(context);
  if (invalid) return invalid;
  const set: Row = {};
  for (const field of ['message', 'action', 'due_at', 'completion_rule'] as const)
    if (context.body[field] !== undefined) set[field] = context.body[field] as JsonValue;
  const task = { ...found.task, ...set };
  const assignments = context.store.assignmentsByTask.get(id) ?? [];
  const completed = isCompleted(task, assignments);
  if (completed !== (found.task.is_completed === true)) set.is_completed = completed;
  const patch: Patch =
    Object.keys(set).length === 0 ? [] : [{ op: 'update', table: 'box_tasks', key: { id }, set }];
  return success(patch, 200, readBack(context, patch, `/tasks/${id}`));
}

/** `DELETE /tasks/:id`, with its assignments. */
export function deleteTask(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupTask(context, id);
  if (!isTask(found)) return found;
  if (!mayManage(context, found))
    return refuseDenied(context, 'only the task’s creator or the file’s owner may delete it');
  const patch: Patch = [
    ...(context.store.assignmentsByTask.get(id) ?? []).map(
      (row): PatchOp => ({
        op: 'delete',
        table: 'box_task_assignments',
        key: { id: text(row, 'id') },
      }),
    ),
    { op: 'delete', table: 'box_tasks', key: { id } },
  ];
  return success(patch, 204, null);
}

/** The user an `assign_to` names, by id or by login. */
function assignee(context: WriteContext, reference: JsonValue | undefined): Row | undefined {
  if (!isObject(reference)) return undefined;
  const id = referenceId(reference);
  if (id !== undefined) return context.store.users.get(id);
  const login = typeof reference.login === 'string' ? reference.login.toLowerCase() : undefined;
  return [...context.store.users.values()].find(
    (user) => text(user, 'login')?.toLowerCase() === login,
  );
}

/** `POST /task_assignments`: one user is asked to do the task. */
export function createAssignment(context: WriteContext): WriteResult {
  const taskId = referenceId(context.body.task);
  const reference = context.body.assign_to;
  if (taskId === undefined)
    return refuseBadRequest(context, "Missing required field 'task' (an object with an 'id')");
  if (
    !isObject(reference) ||
    (referenceId(reference) === undefined && typeof reference.login !== 'string')
  )
    return refuseBadRequest(
      context,
      "Missing required field 'assign_to' (an object with an 'id' or a 'login')",
    );
  const found = lookupTask(context, taskId);
  if (!isTask(found)) return found;
  const denied = requireRole(context, found.file, 'file', 'comment', 'assign its tasks');
  if (denied) return denied;
  const user = assignee(context, reference);
  if (!user)
    return refuseNotFound(context, 'user', referenceId(reference) ?? String(reference.login));
  const userId = text(user, 'id') ?? '';
  if (!new BoxVisibility(context.store, { id: userId, name: '', email: '' }).file(found.file))
    return refuse(
      context,
      400,
      'task_assignee_not_allowed',
      'Assigner does not have sufficient privileges to assign task to assignee',
    );
  const row: Row = {
    id: newId(context.env, 10, idTaken(context, 'box_task_assignments')),
    type: 'task_assignment',
    task_id: taskId,
    assigned_to_id: userId,
    assigned_by_id: context.actor.id,
    message: text(found.task, 'message') ?? '',
    resolution_state: 'incomplete',
    assigned_at: boxTime(context.env.now()),
    completed_at: null,
    reminded_at: null,
  };
  const assignments = [...(context.store.assignmentsByTask.get(taskId) ?? []), row];
  const patch: Patch = [
    { op: 'insert', table: 'box_task_assignments', row },
    ...completion(found.task, assignments),
  ];
  return success(patch, 201, readBack(context, patch, `/task_assignments/${row.id}`));
}

function lookupAssignment(
  context: WriteContext,
  id: string,
): (TaskFound & { assignment: Row }) | WriteResult {
  for (const [taskId, rows] of context.store.assignmentsByTask) {
    const assignment = rows.find((row) => text(row, 'id') === id);
    if (!assignment) continue;
    const found = lookupTask(context, taskId);
    return isTask(found)
      ? { ...found, assignment }
      : refuseNotFound(context, 'task_assignment', id);
  }
  return refuseNotFound(context, 'task_assignment', id);
}

/** `PUT /task_assignments/:id`: the assignee resolves (or reopens) their part. */
export function updateAssignment(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupAssignment(context, id);
  if (!('assignment' in found)) return found;
  const { resolution_state: state, message } = context.body;
  if (message !== undefined && typeof message !== 'string')
    return refuseBadRequest(context, "Invalid value for 'message': a string");
  const action = text(found.task, 'action') ?? 'review';
  if (state !== undefined && !(RESOLUTIONS[action] ?? []).includes(state as string))
    return refuseBadRequest(
      context,
      `Invalid value for 'resolution_state': ${(RESOLUTIONS[action] ?? []).join(', ')} for a ${action} task`,
    );
  if (text(found.assignment, 'assigned_to_id') !== context.actor.id)
    return refuseDenied(context, 'only the assignee may update a task assignment');
  const set: Row = {};
  if (typeof message === 'string') set.message = message;
  if (typeof state === 'string' && state !== text(found.assignment, 'resolution_state')) {
    set.resolution_state = state;
    set.completed_at = state === 'incomplete' ? null : boxTime(context.env.now());
  }
  const updated = { ...found.assignment, ...set };
  const assignments = (context.store.assignmentsByTask.get(text(found.task, 'id') ?? '') ?? []).map(
    (row) => (text(row, 'id') === id ? updated : row),
  );
  const patch: Patch =
    Object.keys(set).length === 0
      ? []
      : [
          { op: 'update', table: 'box_task_assignments', key: { id }, set },
          ...completion(found.task, assignments),
        ];
  return success(patch, 200, readBack(context, patch, `/task_assignments/${id}`));
}

/** `DELETE /task_assignments/:id`. */
export function deleteAssignment(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupAssignment(context, id);
  if (!('assignment' in found)) return found;
  if (text(found.assignment, 'assigned_by_id') !== context.actor.id && !mayManage(context, found))
    return refuseDenied(
      context,
      'only the assigner, the task’s creator or the file’s owner may remove an assignment',
    );
  const assignments = (
    context.store.assignmentsByTask.get(text(found.task, 'id') ?? '') ?? []
  ).filter((row) => text(row, 'id') !== id);
  return success(
    [
      { op: 'delete', table: 'box_task_assignments', key: { id } },
      ...completion(found.task, assignments),
    ],
    204,
    null,
  );
}
