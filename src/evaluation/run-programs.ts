import type { CaseResult } from '../contract/case.js';
import { type CaseFilter, casesOfTask, type PackCase } from '../pack/cases.js';
import type { Pack } from '../pack/pack.js';
import type { Limits } from '../sandbox/limits.js';
import type { Runtime } from '../sandbox/runtime.js';
import type { Task } from '../schema/task.js';
import { evaluateCase } from './evaluate-case.js';
import { mapConcurrent } from './map-concurrent.js';
import type { ProgramForTask } from './programs.js';

export interface RunProgramsOptions {
  filter?: CaseFilter;
  limits?: Partial<Limits>;
  /** Evaluations in flight at once; results keep their order. @default 1 */
  concurrency?: number;
  /** Called after every evaluation, in the order they end (progress, streaming reporters). */
  onResult?: (result: CaseResult) => void;
}

/**
 * Evaluate every program on every case of its task, one fresh sandbox per evaluation.
 * Results come back in a stable order whatever the concurrency: program by program, each
 * program's cases in pack order. A broken verifier yields Error records; the run always
 * goes on.
 */
export async function runPrograms(
  pack: Pack,
  programs: readonly ProgramForTask[],
  runtime: Runtime,
  options: RunProgramsOptions = {},
): Promise<CaseResult[]> {
  // Run order: task by task (the programs of a task one after another, each over all its
  // cases), as a Vitest run does. The replica indexes of a task's states are then built
  // once for all its programs while they are among the few kept (src/state/derived-values.ts),
  // and a program's cases reuse its warm isolate.
  const cases = new Map<string, PackCase[]>();
  const byTask = new Map<string, Array<{ entry: ProgramForTask; task: Task; at: number }>>();
  let count = 0;
  for (const entry of programs) {
    const task = pack.task(entry.task);
    if (!cases.has(task.id)) cases.set(task.id, casesOfTask(pack, task, options.filter));
    const group = byTask.get(task.id) ?? [];
    group.push({ entry, task, at: count });
    byTask.set(task.id, group);
    count += cases.get(task.id)!.length;
  }
  const work: Array<{ entry: ProgramForTask; task: Task; packCase: PackCase; at: number }> = [];
  for (const group of byTask.values())
    for (const { entry, task, at } of group)
      for (const [index, packCase] of cases.get(task.id)!.entries())
        work.push({ entry, task, packCase, at: at + index });
  const results = new Array<CaseResult>(count);
  await mapConcurrent(work, options.concurrency ?? 1, async ({ entry, task, packCase, at }) => {
    const result = await evaluateCase({
      runtime,
      task,
      case: packCase,
      program: entry.program,
      module: entry.module,
      limits: options.limits,
    });
    results[at] = result;
    options.onResult?.(result);
  });
  return results;
}
