import { AgentProofBenchError } from '../contract/error.js';
import type { Executions, ExecutionsFile } from './execution.js';
import type { Task, TaskFile } from './task.js';

/**
 * A task file whose every outcome carries its patch (as generated packs do, beside the calls)
 * typed as a loaded task. For scripts that read committed files back; a pack is loaded with
 * `loadPack`, which derives the patches of outcomes written only as calls.
 */
export function taskWithPatches(task: TaskFile): Task {
  for (const [condition, outcomes] of Object.entries(task.outcomes))
    for (const outcome of outcomes ?? [])
      if (outcome.patch === undefined)
        throw new AgentProofBenchError(
          'APB_ARGUMENT',
          `task ${task.id} ${condition}/${outcome.id} has only calls; load the pack to derive its patch`,
          {
            fix: 'load the pack (loadPack or loadPackOrThrow), which derives the patch of every state written as calls',
          },
        );
  return task as Task;
}

/** The executions counterpart of `taskWithPatches`: every start point and stage has its patch. */
export function executionsWithPatches(executions: ExecutionsFile): Executions {
  for (const run of executions.runs)
    for (const [name, start] of Object.entries(run.starts)) {
      const stages = [...start.branches.neutral, ...start.branches.rejected];
      if (start.patch === undefined || stages.some((stage) => stage.patch === undefined))
        throw new AgentProofBenchError(
          'APB_ARGUMENT',
          `executions of ${executions.task}, run ${run.id} ${name}: a state has only calls; load the pack to derive its patch`,
          {
            fix: 'load the pack (loadPack or loadPackOrThrow), which derives the patch of every state written as calls',
          },
        );
    }
  return executions as Executions;
}
