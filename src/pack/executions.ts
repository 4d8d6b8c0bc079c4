import {
  BRANCHES,
  type Executions,
  type ExecutionsFile,
  ExecutionsSchema,
  type Run,
  START_POINTS,
  type Stage,
  type StartPoint,
  type StartPointFile,
} from '../schema/execution.js';
import type { ConditionName, Task } from '../schema/task.js';
import type { State } from '../state/state.js';
import { type CallDerivation, deriveState } from './derive-state.js';
import { PACK_LIMITS } from './limits.js';
import { conditionsOf } from './pack.js';
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

/**
 * Every state of one start point, each on the state before it: the start, then each stage of
 * each branch. A state written as calls is derived (docs/pack-format.md, "Outcomes as API
 * calls"); the start point comes back with every patch present.
 */
function checkStartPoint(
  start: StartPointFile,
  task: Task,
  before: State,
  file: string,
  at: Array<string | number>,
  stream: string,
  what: string,
  derivation: CallDerivation,
): StartPoint {
  const common = { service: task.service, actor: task.actor, file, invariants: true };
  const first = deriveState(derivation, { ...common, before, at, stream, what }, start);
  const branches = {} as StartPoint['branches'];
  for (const branch of BRANCHES) {
    let previous = first.after;
    branches[branch] = start.branches[branch].map((stage, index): Stage => {
      const derived = deriveState(
        derivation,
        {
          ...common,
          before: previous,
          at: [...at, 'branches', branch, index],
          stream: `${stream}/${branch}/${index + 1}`,
          what: `${what} ${branch} stage ${index + 1}`,
        },
        stage,
      );
      previous = derived.after;
      return { ...stage, patch: derived.patch };
    });
  }
  return { ...start, patch: first.patch, branches };
}

/** The executions as written, typed as loaded: a state written only as calls has an empty patch. */
function withWrittenPatches(executions: ExecutionsFile): Executions {
  const start = (point: StartPointFile): StartPoint => ({
    ...point,
    patch: point.patch ?? [],
    branches: {
      neutral: point.branches.neutral.map((stage) => ({ ...stage, patch: stage.patch ?? [] })),
      rejected: point.branches.rejected.map((stage) => ({ ...stage, patch: stage.patch ?? [] })),
    },
  });
  return {
    ...executions,
    runs: executions.runs.map((run) => ({
      ...run,
      starts: { natural: start(run.starts.natural), checkpoint: start(run.starts.checkpoint) },
    })),
  };
}

/** Cross-file checks of one schema-valid executions file against its task. */
function checkExecutions(
  executions: ExecutionsFile,
  task: Task | undefined,
  befores: ((condition: ConditionName) => State) | undefined,
  file: string,
  derivation: CallDerivation,
): Executions {
  const { errors } = derivation;
  if (!task) {
    errors.push({
      file,
      path: ['task'],
      code: 'unknown_task',
      message: `recorded executions name task "${executions.task}", which the pack lacks`,
    });
    return withWrittenPatches(executions);
  }
  // A task whose seed or conditions are broken already has its own errors.
  if (!befores) return withWrittenPatches(executions);
  const declared = conditionsOf(task);
  const runIds = new Set<string>();
  const written = withWrittenPatches(executions);
  const runs = executions.runs.map((run, runIndex): Run => {
    if (runIds.has(run.id)) {
      errors.push({
        file,
        path: ['runs', runIndex, 'id'],
        code: 'duplicate_id',
        message: `run id "${run.id}" appears twice`,
      });
    }
    runIds.add(run.id);
    const starts = { ...written.runs[runIndex]!.starts };
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
      starts[name] = checkStartPoint(
        start,
        task,
        befores(start.condition as ConditionName),
        file,
        at,
        `${task.id}/${run.id}/${name}`,
        `${task.id} run ${run.id} ${name}`,
        derivation,
      );
    }
    return { ...run, starts };
  });
  return { ...executions, runs };
}

/**
 * Read and check `executions/*.json`: each file is named after its task, names a task of
 * the pack, starts from a condition the task declares, and every patch applies (states written
 * as calls are derived, and come back with their patches).
 */
export async function loadExecutions(
  files: PackFiles,
  tasks: ReadonlyMap<string, Task>,
  derivation: CallDerivation,
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
    byTask.set(
      executions.task,
      checkExecutions(executions, task, task ? beforeOf(task) : undefined, file, derivation),
    );
  }
  return byTask;
}
