import type { CaseRef, CaseResult, ProgramRef } from '../contract/case.js';
import { publicTaskOf } from '../contract/public-task.js';
import type { PackCase } from '../pack/cases.js';
import type { Limits } from '../sandbox/limits.js';
import type { Runtime } from '../sandbox/runtime.js';
import type { Task } from '../schema/task.js';
import { createReplica } from '../services/registry.js';

/** The case fields of a PackCase, without its states (records must stay small and serialisable). */
export function caseRefOf(entry: PackCase): CaseRef {
  const { before: _before, after: _after, ...ref } = entry;
  return ref;
}

export interface EvaluateCaseOptions {
  /** Where the verifier runs (one runtime serves many evaluations). */
  runtime: Runtime;
  task: Task;
  /** The case: which outcome, and its before- and after-state. */
  case: PackCase;
  /** Which program the record belongs to. */
  program: ProgramRef;
  /** Absolute path of the program's module (or `.py` file). */
  module: string;
  /** Overrides of the runtime's limits for this evaluation. */
  limits?: Partial<Limits>;
}

/** Run one program on one case in the given runtime: fresh replicas, fresh budget, one record. */
export async function evaluateCase(options: EvaluateCaseOptions): Promise<CaseResult> {
  const { runtime, task, case: entry, program, module, limits } = options;
  const record = await runtime.evaluate({
    verifier: module,
    task: publicTaskOf(task),
    before: createReplica(task.service, entry.before, task.actor),
    after: createReplica(task.service, entry.after, task.actor),
    ...(limits ? { limits } : {}),
  });
  return { ...caseRefOf(entry), program, record };
}
