import type { CaseRef, CaseResult, ProgramRef } from '../contract/case.js';
import { type VerifierTask, verifierTaskOfTask } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { PackCase } from '../pack/cases.js';
import type { Limits } from '../sandbox/limits.js';
import { evaluateIn } from '../sandbox/run-evaluation.js';
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

/**
 * Run one program on one case in the given runtime: fresh replicas, fresh budget, and
 * exactly one record, whatever happens (a run must never report less than it planned:
 * docs/sandbox.md, "Budgets and bounds"). A failure outside the runtime's own frame is
 * a harness `crash`, which fails the run by name.
 */
export function evaluateCase(options: EvaluateCaseOptions): Promise<CaseResult> {
  return evaluateWith(options, () => verifierTaskOfTask(options.task));
}

/**
 * `evaluateCase` with the task's view as its plan made it (`PlannedTask.view`, once per
 * task), as the run's generated tests evaluate: the view is neither looked up per case nor
 * checked again in the frame (docs/architecture.md, "One evaluation, from `run` to the report").
 */
export function evaluatePlannedCase(
  options: EvaluateCaseOptions,
  view: VerifierTask,
): Promise<CaseResult> {
  return evaluateWith(options, () => view);
}

async function evaluateWith(
  options: EvaluateCaseOptions,
  viewOf: () => VerifierTask,
): Promise<CaseResult> {
  const { runtime, task, case: entry, program, module, limits } = options;
  let record: EvaluationRecord;
  try {
    record = await evaluateIn(runtime, {
      verifier: module,
      task: viewOf(),
      before: createReplica(task.service, entry.before, task.actor),
      after: createReplica(task.service, entry.after, task.actor),
      ...(limits ? { limits } : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    record = {
      verdict: 'error',
      kind: 'crash',
      message: `the evaluation failed outside the sandbox: ${reason}`.slice(0, 300),
      durationMs: 0,
      operations: 0,
      checks: [],
    };
  }
  return { ...caseRefOf(entry), program, record };
}
