import type { EvaluationRecord } from '../contract/record.js';
import {
  MAX_RETAINED_CHECK_TEXT,
  MAX_RETAINED_CHECKS,
  MAX_RETAINED_EXPLANATION,
  retainChecks,
  retainText,
} from '../sandbox/retained-result.js';

// The record keeps the agreed bounds already (sandbox/retained-result.ts); the report
// applies them again, so a record made elsewhere (a custom runtime, a hand-made report
// input) cannot make a report unbounded.
export const EXPLANATION_MAX_CHARS = MAX_RETAINED_EXPLANATION;
export const CHECKS_MAX = MAX_RETAINED_CHECKS;
export const CHECK_TEXT_MAX_CHARS = MAX_RETAINED_CHECK_TEXT;

/** The verifier's checks and explanation as a report outcome record carries them. */
export function verifierSaid(record: EvaluationRecord): {
  checks: { name: string; ok: boolean; detail?: string }[];
  explanation: string | null;
} {
  return {
    checks: retainChecks(Array.isArray(record.checks) ? record.checks : []),
    explanation:
      typeof record.explanation === 'string'
        ? retainText(record.explanation, EXPLANATION_MAX_CHARS)
        : null,
  };
}
