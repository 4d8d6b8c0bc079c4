/**
 * Stable codes of the errors the library throws (docs/errors.md lists what each means and
 * how to fix it). Callers branch on `error.code`, never on the message text.
 */
export type ErrorCode =
  | 'APB_OPTIONS'
  | 'APB_PACK_NOT_FOUND'
  | 'APB_PACK_INVALID'
  | 'APB_UNKNOWN_TASK'
  | 'APB_NO_PROGRAMS'
  | 'APB_PLAN'
  | 'APB_VERIFIER_NOT_FOUND'
  | 'APB_VERIFIER_PATTERN'
  | 'APB_METRICS_INPUT'
  | 'APB_EXECUTION_REPLAY'
  | 'APB_LEGACY_DIFF_SPEC'
  | 'APB_PATTERN_TIMEOUT'
  | 'APB_AGENT_DIFF_SUITE'
  | 'APB_AGENT_DIFF_DATASET'
  | 'APB_AGENT_DIFF_ACTOR'
  | 'APB_AGENT_DIFF_SEED'
  | 'APB_AGENT_DIFF_RUNS'
  | 'APB_AGENT_DIFF_ENGINE_RAISES'
  | 'APB_AGENT_DIFF_NUMBER_TEXT'
  | 'APB_AGENT_DIFF_VALUE'
  | 'APB_AGENT_DIFF_CONSTRUCT'
  | 'APB_IMPORT_TARGET_NOT_EMPTY'
  | 'APB_MODEL_CONFIG'
  | 'APB_MODEL_MISSING'
  | 'APB_MODEL_KEY_MISSING'
  | 'APB_GENERATOR_MODULE'
  | 'APB_CONSTRUCTION_BUDGET'
  | 'APB_AUTHORING';

export interface ErrorDetails {
  /** One line on how to fix it, shown under the message. */
  fix: string;
  cause?: unknown;
}

/**
 * The one error class of the library (vitest's `errors.ts` is the model): a stable `code`,
 * the problem, and a how-to-fix line. `message` reads `CODE: problem` then `Fix: …`, so a
 * person sees both wherever the error is printed; `problem` and `fix` hold them apart.
 * Problems with a pack's files are data instead (`PackError`: file, JSON path, code).
 */
export class AgentProofBenchError extends Error {
  readonly code: ErrorCode;
  /** What went wrong, without the code and the fix. */
  readonly problem: string;
  readonly fix: string;

  constructor(code: ErrorCode, problem: string, details: ErrorDetails) {
    super(`${code}: ${problem}\nFix: ${details.fix}`, { cause: details.cause });
    this.name = 'AgentProofBenchError';
    this.code = code;
    this.problem = problem;
    this.fix = details.fix;
  }
}

/** Whether `error` is one of the library's errors, optionally with a given code. */
export function isAgentProofBenchError(
  error: unknown,
  code?: ErrorCode,
): error is AgentProofBenchError {
  return error instanceof AgentProofBenchError && (code === undefined || error.code === code);
}
