/** Stable codes for input the metrics cannot score, so callers can branch without parsing text. */
export type MetricsInputErrorCode =
  | 'duplicate-case'
  | 'inconsistent-family'
  | 'inconsistent-built-on'
  | 'invalid-name'
  | 'invalid-option'
  | 'invalid-contribution'
  | 'invalid-cost';

/** Thrown for input the metrics refuse: the message names what was expected and what was found. */
export class MetricsInputError extends Error {
  readonly code: MetricsInputErrorCode;

  constructor(code: MetricsInputErrorCode, message: string) {
    super(message);
    this.name = 'MetricsInputError';
    this.code = code;
  }
}
