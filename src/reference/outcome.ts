import type { JsonValue, Row } from '../schema/json.js';
import type { Category, CheckKind } from '../schema/reference.js';
import type { Label } from '../schema/task.js';

/** What a check looked at, so a false acceptance points at the requirement it violated. */
export interface CheckEvidence {
  rows?: Array<{ table: string; key: Row }>;
  expected?: JsonValue | string;
  actual?: JsonValue | string;
}

export interface CheckOutcome {
  name: string;
  kind: CheckKind | string;
  category: Category;
  reason: string;
  ok: boolean;
  /** One sentence: what held or what did not. */
  message: string;
  evidence: CheckEvidence;
}

/**
 * The reference's judgement of one (before, after) pair. `qualificationErrors` are
 * problems of the task on this state (a selector that did not resolve as declared), not
 * faults of the outcome: a state with any is never scored.
 */
export interface ReferenceResult {
  label: Label;
  checks: CheckOutcome[];
  qualificationErrors: string[];
}
