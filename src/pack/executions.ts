import {
  BRANCHES,
  type Executions,
  ExecutionsSchema,
  START_POINTS,
  type StartPoint,
} from '../schema/execution.js';
import type { ConditionName, Task } from '../schema/task.js';
import type { State } from '../state/state.js';
import { checkPatch } from './apply-patch.js';
import { PACK_LIMITS } from './limits.js';
import { conditionsOf } from './pack.js';
import type { PackError } from './pack-error.js';
import type { PackFiles } from './pack-file.js';
import { readJsonFile } from './read-json.js';

/** The folder of recorded executions inside a pack; optional. */
export const EXECUTIONS_DIR = 'executions';

/** Files `executions/*.json`, sorted; none when the folder is absent (or refused, with its error). */
async function executionFiles(files: PackFiles): Promise<string[]> {
  if ((await files.folder(EXECUTIONS_DIR)) !== true) return [];
  const names = await files.list(EXECUTIONS_DIR);
  return names.filter((file) => file.endsWith('.json')).sort();
}

/** Every patch of one start point applies on the state before it: start, then each stage of each branch. */
function checkStartPoint(
  start: StartPoint,
  before: State,
  file: string,
  at: Array<string | number>,
  what: string,
  errors: PackError[],
): void {
  const startState = checkPatch(before, start.patch, file, [...at, 'patch'], what, errors);
  for (const branch of BRANCHES) {
    let previous = startState;
    start.branches[branch].forEach((stage, index) => {
      previous = checkPatch(
        previous,
        stage.patch,
        file,
        [...at, 'branches', branch, index, 'patch'],
        `${what} ${branch} stage ${index + 1}`,
        errors,
      );
    });
  }
}

/** Cross-file checks of one schema-valid executions file against its task. */
function checkExecutions(
  executions: Executions,
  task: Task | undefined,
  befores: ((condition: ConditionName) => State) | undefined,
  file: string,
  errors: PackError[],
): void {
  if (!task) {
    errors.push({
      file,
      path: ['task'],
      code: 'unknown_task',
      message: `recorded executions name task "${executions.task}", which the pack lacks`,
    });
    return;
  }
  // A task whose seed or conditions are broken already has its own errors.
  if (!befores) return;
  const declared = conditionsOf(task);
  const runIds = new Set<string>();
  executions.runs.forEach((run, runIndex) => {
    if (runIds.has(run.id)) {
      errors.push({
        file,
        path: ['runs', runIndex, 'id'],
        code: 'duplicate_id',
        message: `run id "${run.id}" appears twice`,
      });
    }
    runIds.add(run.id);
    for (const name of START_POINTS) {
      const start = run.starts[name];
      const at = ['runs', runIndex, 'starts', name];
      if (!(declared as string[]).includes(start.condition)) {
        errors.push({
          file,
          path: [...at, 'condition'],
          code: 'unknown_condition',
          message: `start point names condition "${start.condition}", which task ${task.id} does not declare (conditions: ${declared.join(', ')})`,
        });
        continue;
      }
      checkStartPoint(
        start,
        befores(start.condition as ConditionName),
        file,
        at,
        `${task.id} run ${run.id} ${name}`,
        errors,
      );
    }
  });
}

/**
 * Read and check `executions/*.json`: each file is named after its task, names a task of
 * the pack, starts from a condition the task declares, and every patch applies.
 */
export async function loadExecutions(
  files: PackFiles,
  tasks: ReadonlyMap<string, Task>,
  beforeOf: (task: Task) => ((condition: ConditionName) => State) | undefined,
): Promise<Map<string, Executions>> {
  const { errors } = files;
  const byTask = new Map<string, Executions>();
  for (const name of await executionFiles(files)) {
    const file = `${EXECUTIONS_DIR}/${name}`;
    // An executions file is bounded like a task file (docs/pack-format.md, "Limits").
    const executions = await readJsonFile(files, file, ExecutionsSchema, PACK_LIMITS.taskBytes);
    if (!executions) continue;
    const expected = name.slice(0, -'.json'.length);
    if (executions.task !== expected) {
      errors.push({
        file,
        path: ['task'],
        code: 'schema',
        message: `executions for task "${executions.task}" must be in ${EXECUTIONS_DIR}/${executions.task}.json`,
      });
      continue;
    }
    const task = tasks.get(executions.task);
    checkExecutions(executions, task, task ? beforeOf(task) : undefined, file, errors);
    byTask.set(executions.task, executions);
  }
  return byTask;
}
