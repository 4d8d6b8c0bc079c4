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

/** Run one program on one case in the given runtime: fresh replicas, fresh budget, one record. */
export async function evaluateCase(
  runtime: Runtime,
  task: Task,
  entry: PackCase,
  program: ProgramRef,
  module: string,
  limits?: Partial<Limits>,
): Promise<CaseResult> {
  const record = await runtime.evaluate({
    verifier: module,
    task: publicTaskOf(task),
    before: createReplica(task.service, entry.before, task.actor),
    after: createReplica(task.service, entry.after, task.actor),
    ...(limits ? { limits } : {}),
  });
  return { ...caseRefOf(entry), program, record };
}
