/** What a verifier may answer. */
export type Verdict = 'pass' | 'fail' | 'unknown';

/** Why an evaluation produced no verdict. */
export const ERROR_KINDS = [
  'exception',
  'timeout',
  'memory',
  'budget',
  'malformed',
  'crash',
  'denied',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** One check a verifier reports about its own decision. */
export interface VerifierCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

/** What one evaluation by a model (the online judge) consumed; absent for programs. */
export interface ModelUsage {
  /** Model calls made (at most the judge's `rounds`). */
  rounds: number;
  /** Prompt tokens over all calls, as the provider reported them. */
  inputTokens: number;
  /** Completion tokens over all calls. */
  outputTokens: number;
  /** Tokens priced with the configured price, USD. */
  costUsd: number;
  /** Model name the provider answered with (or the configured one). */
  model: string;
}

interface RecordBase {
  /** Wall time of the evaluation itself (from getting a free evaluation slot to the record), milliseconds; never time queued behind other evaluations. */
  durationMs: number;
  /** Business operations charged to the budget over both snapshots. */
  operations: number;
  /** The verifier's own checks, as it returned them (empty when it returned none). */
  checks: VerifierCheck[];
  explanation?: string;
  /** Model usage, for verifiers that call a model (the online judge). */
  usage?: ModelUsage;
}

/** The verifier answered. */
export interface VerdictRecord extends RecordBase {
  verdict: Verdict;
}

/** The evaluation ended without a usable verdict: the run goes on, this case scores zero. */
export interface ErrorRecord extends RecordBase {
  verdict: 'error';
  kind: ErrorKind;
  /** One line for humans, e.g. `TypeError: x is undefined` or `timed out after 60000 ms`. */
  message: string;
}

/** One evaluation of one verifier on one (before, after) pair, discriminated by `verdict`. */
export type EvaluationRecord = VerdictRecord | ErrorRecord;

export function isErrorRecord(record: EvaluationRecord): record is ErrorRecord {
  return record.verdict === 'error';
}
