import type { Category } from '../schema/reference.js';
import type { ConditionName, Label, Role } from '../schema/task.js';
import type { EvaluationRecord } from './record.js';

/**
 * Which evaluation a record belongs to. `panel` cases are outcomes of a condition's
 * panel; the two witness cases are the source decision under `source` and its literal
 * replay under `related`.
 */
export type CaseKind = 'panel' | 'witness-source' | 'witness-replay';

export interface CaseRef {
  kind: CaseKind;
  task: string;
  family: string;
  condition: ConditionName;
  /** Outcome id within the condition (for witness cases, the source decision's id). */
  outcome: string;
  role: Role;
  label: Label;
  fault?: Category;
  description: string;
}

/** A program: one frozen verifier, possibly one of several replicates for a task. */
export interface ProgramRef {
  /** e.g. `linear_52.r1`, or the verifier module's name. */
  id: string;
  /** Program set for paired comparison, e.g. `reuse` / `rebuild`; `default` otherwise. */
  set: string;
  /** Condition the program was built on, when known (cross-condition matrix). */
  builtOn?: ConditionName;
}

/** The unit every metric consumes: which case, which program, what happened. */
export interface CaseResult extends CaseRef {
  program: ProgramRef;
  record: EvaluationRecord;
}
