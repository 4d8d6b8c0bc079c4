import type { ExecutionCiThresholds } from '../run/execution-ci-thresholds.js';
import type { ReportExecution } from './execution-schema.js';

/**
 * The part of the report's execution section the execution gates read, as `CiThresholdSummary`
 * is for the summary: they apply to the numbers the report prints.
 */
export type ExecutionCiThresholdSection = Pick<ReportExecution, 'policies' | 'gates'>;

/** The numbers the execution gates read; null where the run has no program-gate replay. */
export function executionCiThresholdActuals(
  section: ExecutionCiThresholdSection | null,
): Record<keyof ExecutionCiThresholds, number | null> {
  const row = section?.policies.find(
    (entry) => entry.policy === 'program-gate' && entry.cohort === 'all',
  );
  if (!section || !row) return { regressions: null, correctDelivery: null, gateErrors: null };
  return {
    regressions: row.regressions,
    correctDelivery: row.correct.rate,
    gateErrors: section.gates.program.disagreements,
  };
}
