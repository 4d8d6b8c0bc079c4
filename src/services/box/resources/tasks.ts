import type { JsonValue, Row } from '../../../schema/json.js';
import { text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { notFound } from '../errors.js';
import { fileObject, miniUser } from '../representations.js';
import { visibleFile } from './files.js';

type Json = { [key: string]: JsonValue };

function itemOf(context: BoxContext, task: Row): Json | null {
  const file = context.store.files.get(text(task, 'item_id') ?? '');
  return file ? fileObject(context.store, context.visibility, file, 'mini') : null;
}

function assignmentObject(context: BoxContext, assignment: Row, task: Row | undefined): Json {
  return {
    type: 'task_assignment',
    id: text(assignment, 'id'),
    item: task ? itemOf(context, task) : null,
    assigned_to: miniUser(context.store, text(assignment, 'assigned_to_id')),
    message: text(assignment, 'message') ?? '',
    completed_at: text(assignment, 'completed_at'),
    assigned_at: text(assignment, 'assigned_at'),
    reminded_at: text(assignment, 'reminded_at'),
    resolution_state: text(assignment, 'resolution_state') ?? 'incomplete',
    assigned_by: miniUser(context.store, text(assignment, 'assigned_by_id')),
  };
}

function assignmentsOf(context: BoxContext, task: Row): Json[] {
  return [...(context.store.assignmentsByTask.get(text(task, 'id') ?? '') ?? [])]
    .sort((a, b) => String(a.id ?? '').localeCompare(String(b.id ?? '')))
    .map((assignment) => assignmentObject(context, assignment, task));
}

function taskObject(context: BoxContext, task: Row): Json {
  const assignments = assignmentsOf(context, task);
  return {
    type: 'task',
    id: text(task, 'id'),
    item: itemOf(context, task),
    due_at: text(task, 'due_at'),
    action: text(task, 'action') ?? 'review',
    message: text(task, 'message') ?? '',
    task_assignment_collection: { total_count: assignments.length, entries: assignments },
    is_completed: task.is_completed === true,
    created_by: miniUser(context.store, text(task, 'created_by_id')),
    created_at: text(task, 'created_at'),
    completion_rule: text(task, 'completion_rule') ?? 'all_assignees',
  };
}

/** A task whose file the actor may see. */
function visibleTask(context: BoxContext, id: string): Row | undefined {
  const task = context.store.tasks.get(id);
  return task && visibleFile(context, text(task, 'item_id') ?? '') ? task : undefined;
}

export function getFileTasks(context: BoxContext) {
  const id = context.params.file_id ?? '';
  if (!visibleFile(context, id)) return notFound(context.request, 'file', id);
  const tasks = [...(context.store.tasksByItem.get(id) ?? [])]
    .sort(
      (a, b) =>
        String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) ||
        String(a.id ?? '').localeCompare(String(b.id ?? '')),
    )
    .map((task) => taskObject(context, task));
  return ok({ total_count: tasks.length, entries: tasks });
}

export function getTask(context: BoxContext) {
  const id = context.params.task_id ?? '';
  const task = visibleTask(context, id);
  if (!task) return notFound(context.request, 'task', id);
  return ok(taskObject(context, task));
}

export function getTaskAssignments(context: BoxContext) {
  const id = context.params.task_id ?? '';
  const task = visibleTask(context, id);
  if (!task) return notFound(context.request, 'task', id);
  const assignments = assignmentsOf(context, task);
  return ok({ total_count: assignments.length, entries: assignments });
}

export function getTaskAssignment(context: BoxContext) {
  const id = context.params.task_assignment_id ?? '';
  for (const [taskId, assignments] of context.store.assignmentsByTask) {
    const assignment = assignments.find((row) => text(row, 'id') === id);
    const task = assignment ? visibleTask(context, taskId) : undefined;
    if (assignment && task) return ok(assignmentObject(context, assignment, task));
  }
  return notFound(context.request, 'task_assignment', id);
}
