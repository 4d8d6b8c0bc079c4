import { type CaseFilter, casesOfTask } from '../pack/cases.js';
import type { Pack } from '../pack/pack.js';
import type { Limits } from '../sandbox/limits.js';
import type { Runtime } from '../sandbox/runtime.js';
import type { CaseResult } from './case.js';
import { evaluateCase } from './evaluate-case.js';
import type { ProgramForTask } from './programs.js';

export interface RunProgramsOptions {
  filter?: CaseFilter;
  limits?: Partial<Limits>;
  /** Called after every evaluation (progress, streaming reporters). */
  onResult?: (result: CaseResult) => void;
}

/**
 * Evaluate every program on every case of its task, one fresh sandbox per evaluation,
 * in a stable order. A broken verifier yields Error records; the run always goes on.
 */
export async function runPrograms(
  pack: Pack,
  programs: readonly ProgramForTask[],
  runtime: Runtime,
  options: RunProgramsOptions = {},
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const entry of programs) {
    const task = pack.task(entry.task);
    for (const packCase of casesOfTask(pack, task, options.filter)) {
      const result = await evaluateCase(runtime, task, packCase, entry.program, entry.module, options.limits);
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}
