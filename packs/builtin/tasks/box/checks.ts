// The checks several built-in Box tasks share: something new on one file (a task, a comment),
// nothing new anywhere else, and the one assignment of a new task. Each builder returns the
// object the task would otherwise spell out, key for key, so the generated task files keep
// their key order (docs/pack-format.md).
import { type Category, type Check, unchangedCheck } from 'agentproofbench/authoring';

/** "Nothing else changed" over `tables`, except the rows bound as `except`. */
export const untouched = (
  name: string,
  reason: string,
  tables: string[],
  category: Category = 'preservation',
  except: string[] = [],
): Check => unchangedCheck(name, category, reason, tables, except);

/** Exactly one new row of `table` on the file selected as `fileRef`, bound as `bind`. */
export function newOnFile(
  table: string,
  bind: string,
  fileRef: string,
  name: string,
  category: Category,
  reason: string,
): Check {
  return {
    kind: 'created',
    name,
    category,
    reason,
    bind,
    table,
    where: { item_id: { ref: fileRef, field: 'id' }, item_type: 'file' },
    cardinality: 'one',
  };
}

/** One row inserted into `table` in all (the one `newOnFile` bound, and no other). */
export function onlyOneNew(table: string, name: string, reason: string): Check {
  return {
    kind: 'count',
    name,
    category: 'identity',
    reason,
    table,
    scope: 'inserted',
    where: {},
    expect: 1,
  };
}

/** The new task (bound as `task`) has exactly one assignment, bound as `assignment`. */
export function oneAssignment(name: string, category: Category, reason: string): Check {
  return {
    kind: 'created',
    name,
    category,
    reason,
    bind: 'assignment',
    table: 'box_task_assignments',
    where: { task_id: { ref: 'task', field: 'id' } },
    cardinality: 'one',
  };
}

/** That assignment goes to the user selected as `userRef`. */
export function assignedTo(userRef: string, name: string, reason: string): Check {
  return {
    kind: 'field',
    name,
    category: 'identity',
    reason,
    target: 'assignment',
    field: 'assigned_to_id',
    expect: { ref: userRef, field: 'id' },
  };
}

/** A new task touches no file, folder, content or comment. */
export const noFileChanged = (): Check =>
  untouched('files, folders and contents untouched', 'creating a task changes no file', [
    'box_files',
    'box_folders',
    'box_file_versions',
    'box_comments',
  ]);
