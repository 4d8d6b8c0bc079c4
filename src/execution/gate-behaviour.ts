import type { GateTrace } from './gate.js';
import type { ReplayedStartPoint } from './replayed.js';

export interface GateBehaviour {
  /** Checks made (records read by the replay). */
  checks: number;
  /** Checks answered by an evaluation of their own (identical states share one). */
  evaluations: number;
  agreements: number;
  disagreements: number;
  /** Checks where the gate returned Unknown / Error (never Pass). */
  unknown: number;
  errors: number;
}

/** How a gate's verdicts compare with the reference over the checks its replays made. */
export function gateBehaviour(
  traces: readonly GateTrace[],
  replays: readonly ReplayedStartPoint[],
): GateBehaviour {
  const steps = replays.flatMap((entry) => entry.outcome.steps);
  const checks = traces.flatMap((trace) => trace.checks);
  return {
    checks: steps.length,
    evaluations: checks.filter((check) => !check.reused).length,
    agreements: steps.filter((step) => step.agrees).length,
    disagreements: steps.filter((step) => !step.agrees).length,
    unknown: steps.filter((step) => step.verdict === 'unknown').length,
    errors: steps.filter((step) => step.verdict === 'error').length,
  };
}
