// The built-in pack's committed task files, parsed: the input of the pack-level generators
// (manifest, README), which describe the tasks the service generators wrote.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Task, TaskSchema, taskWithPatches } from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../lib/generator.js';

/** Task files sort by service, then by number (`box_2` before `box_10`). */
function byTaskId(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

export function readBuiltinTasks(): Task[] {
  const dir = path.join(REPO_ROOT, BUILTIN_PACK, 'tasks');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort(byTaskId)
    .map((file) =>
      taskWithPatches(TaskSchema.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')))),
    );
}
