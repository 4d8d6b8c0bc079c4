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
  /** Called after every evaluation (progress, streaming reporters). */
  onResult?: (result: CaseResult) => void;
}

/**
 * Evaluate every program on every case of its task, one fresh sandbox per evaluation.
 * Results come back in a stable order whatever the concurrency. A broken verifier
 * yields Error records; the run always goes on.
 */
export async function runPrograms(
  pack: Pack,
  programs: readonly ProgramForTask[],
  runtime: Runtime,
  options: RunProgramsOptions = {},
): Promise<CaseResult[]> {
  const work: Array<{ entry: ProgramForTask; task: Task; packCase: PackCase }> = [];
  for (const entry of programs) {
    const task = pack.task(entry.task);
    for (const packCase of casesOfTask(pack, task, options.filter))
      work.push({ entry, task, packCase });
  }
  return mapConcurrent(work, options.concurrency ?? 1, async ({ entry, task, packCase }) => {
    const result = await evaluateCase({
      runtime,
      task,
      case: packCase,
      program: entry.program,
      module: entry.module,
      limits: options.limits,
    });
    options.onResult?.(result);
    return result;
  });
}
