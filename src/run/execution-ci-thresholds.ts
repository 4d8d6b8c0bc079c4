import { z } from 'zod';

/**
 * CI thresholds over the execution study (first program set, program gate, all start
 * points): `execution.regressions<=0`, `execution.correctDelivery>=0.8`,
 * `execution.gateErrors<=2` (docs/benchmark.md, execution study).
 */
export const ExecutionCiThresholdsSchema = z
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
export type ExecutionCiThresholds = z.infer<typeof ExecutionCiThresholdsSchema>;

/** Whether each execution gate is a minimum (`>=`) or a maximum (`<=`). */
export const EXECUTION_CI_THRESHOLD_COMPARISONS = {
  regressions: '<=',
  correctDelivery: '>=',
  gateErrors: '<=',
} as const satisfies Record<keyof ExecutionCiThresholds, '<=' | '>='>;
