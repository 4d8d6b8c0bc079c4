import { AgentProofBenchError } from '../contract/error.js';

/** Why the metrics refuse an input, so callers can branch without parsing text. */
export type MetricsInputErrorCode =
  | 'duplicate-case'
  | 'inconsistent-family'
  | 'inconsistent-built-on'
  | 'invalid-name'
  | 'invalid-option'
  | 'invalid-contribution'
  | 'invalid-cost';

/**
 * Thrown for input the metrics refuse (code `APB_METRICS_INPUT`): the message names what
 * was expected and what was found; `reason` says which rule it broke.
 */
export class MetricsInputError extends AgentProofBenchError {
  readonly reason: MetricsInputErrorCode;

  constructor(reason: MetricsInputErrorCode, message: string) {
    super('APB_METRICS_INPUT', message, {
      fix: 'give each case once per program, one family per task and valid options, as the message says',
    });
    this.name = 'MetricsInputError';
    this.reason = reason;
  }
}
