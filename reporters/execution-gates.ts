import { z } from 'zod';
import type { ReportExecution } from './execution-schema.js';

/**
 * CI thresholds over the execution study (first program set, program gate, all start
 * points): `execution.regressions<=0`, `execution.correctDelivery>=0.8`,
 * `execution.gateErrors<=2`.
 */
export const ExecutionGatesSchema = z
  .object({
    /** Maximum number of regressions under the program gate. */
    regressions: z.number().int().min(0),
    /** Minimum share of start points the program gate delivered correctly. */
    correctDelivery: z.number().min(0).max(1),
    /** Maximum number of gate checks whose verdict differs from the reference label. */
    gateErrors: z.number().int().min(0),
  })
  .partial()
  .strict();
export type ExecutionGates = z.infer<typeof ExecutionGatesSchema>;

export const EXECUTION_GATE_COMPARISONS = {
  regressions: '<=',
  correctDelivery: '>=',
  gateErrors: '<=',
} as const satisfies Record<keyof ExecutionGates, '<=' | '>='>;

/** The numbers the execution gates read; null where the run has no program-gate replay. */
export function executionGateActuals(
  section: ReportExecution | null,
): Record<keyof ExecutionGates, number | null> {
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
