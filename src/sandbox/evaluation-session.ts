import type { ErrorKind, EvaluationRecord, ModelUsage, VerifierCheck } from '../contract/record.js';
import type { ApiRequest, ApiResponse, Replica } from '../services/api.js';
import { OperationBudget } from '../services/budget.js';
import { parsedRequest, serveSafeRequestText, toSafeRequest } from '../services/gateway.js';
import { type Limits, MAX_MESSAGE_SIZE } from './limits.js';
import { validateVerifierResult } from './result-shape.js';
import { MAX_RETAINED_EXPLANATION, retainChecks, retainText } from './retained-result.js';

/** Which snapshot a call reads. */
export type Side = 'before' | 'after';

/** How the verifier's run ended, as the runtime observed it (before the session's own rules apply). */
export type VerifierOutcome = (
  | { type: 'returned'; value: unknown }
  | { type: 'failed'; kind: ErrorKind; message: string }
) & {
  /** What a model-based verifier (the judge) consumed; kept in the record whatever the ending. */
  usage?: ModelUsage;
};

/** The outcome for a verifier kind a runtime cannot run (JS runtimes take modules only). */
export function unsupportedVerifierOutcome(runtime: string, kind: string): VerifierOutcome {
  return {
    type: 'failed',
    kind: 'crash',
    message: `the ${runtime} runtime runs JS/TS modules; use the process runtime for a ${kind} verifier`,
  };
}

const MESSAGE_LIMIT = 300;

/** Error messages are one short line: records are compared across runs and printed in test names. */
export function toOneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_LIMIT ? `${line.slice(0, MESSAGE_LIMIT - 1)}…` : line;
}

function describeCall(side: Side, request: ApiRequest): string {
  const body = request.body as { query?: unknown } | null | undefined;
  const graphql =
    typeof body?.query === 'string' ? ` ${JSON.stringify(toOneLine(body.query).slice(0, 80))}` : '';
  return `${request.method} ${request.path}${graphql} on the ${side} snapshot`;
}

function badRequest(message: string): ApiResponse {
  return {
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: { error: 'bad_request', message },
  };
}

/**
 * The host side of one evaluation, shared by every runtime: one fresh budget for both
 * snapshots, the write watch, and the rules that turn what the verifier did into exactly
 * one record (a write attempt wins over everything, then budget exhaustion, then the
 * verifier's own ending).
 */
export class EvaluationSession {
  readonly limits: Limits;
  readonly budget: OperationBudget;
  readonly #replicas: Record<Side, Replica>;
  readonly #startedAt = performance.now();
  #deniedCall: string | undefined;

  constructor(before: Replica, after: Replica, limits: Limits) {
    this.limits = limits;
    this.budget = new OperationBudget(limits.operations);
    this.#replicas = { before, after };
  }

  /** Answer one call with a fresh plain copy of the response; never throws, whatever the verifier sent. */
  serve(side: unknown, request: unknown): ApiResponse {
    return JSON.parse(this.#answer(side, () => toSafeRequest(request))) as ApiResponse;
  }

  /**
   * Answer a call that arrives as JSON text (from an isolate), refusing oversized text
   * before parsing it; the response is JSON text too, serialised once, and goes to the
   * verifier as it is.
   */
  serveText(side: unknown, requestJson: unknown): string {
    if (typeof requestJson !== 'string')
      return JSON.stringify(badRequest('the request must arrive as JSON text'));
    if (requestJson.length > MAX_MESSAGE_SIZE) {
      return JSON.stringify({
        status: 413,
        headers: { 'content-type': 'application/json' },
        body: {
          error: 'request_too_large',
          message: `requests are limited to ${MAX_MESSAGE_SIZE} characters`,
        },
      });
    }
    let request: unknown;
    try {
      request = JSON.parse(requestJson);
    } catch {
      return JSON.stringify(badRequest('the request is not valid JSON'));
    }
    return this.serveParsed(side, request);
  }

  /**
   * Answer a request that `JSON.parse` just made (it is already a fresh copy, so it is not
   * cloned again), as JSON text.
   */
  serveParsed(side: unknown, request: unknown): string {
    return this.#answer(side, () => parsedRequest(request));
  }

  /** The response's JSON text: refusals of the side or the request, else the replica's bounded answer. */
  #answer(side: unknown, safeRequest: () => ApiRequest): string {
    if (side !== 'before' && side !== 'after')
      return JSON.stringify(
        badRequest(`unknown snapshot ${JSON.stringify(side)}; expected "before" or "after"`),
      );
    let safe: ApiRequest;
    try {
      safe = safeRequest();
    } catch (error) {
      return JSON.stringify(
        badRequest(
          `the request is not plain JSON: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
    if (typeof safe !== 'object' || safe === null || Array.isArray(safe))
      return JSON.stringify(badRequest('the request must be an object {method, path, ...}'));
    const replica = this.#replicas[side];
    if (this.#deniedCall === undefined && this.#isWrite(replica, safe))
      this.#deniedCall = describeCall(side, safe);
    return serveSafeRequestText(replica, this.budget, safe);
  }

  #isWrite(replica: Replica, request: ApiRequest): boolean {
    try {
      return replica.isWrite(request);
    } catch {
      // A replica that cannot classify the call still refuses it in `handle`; do not blame the verifier.
      return false;
    }
  }

  /** The one record of this evaluation; it keeps a bounded part of what the verifier said (retained-result.ts). */
  finish(outcome: VerifierOutcome): EvaluationRecord {
    const durationMs = Math.round((performance.now() - this.#startedAt) * 1000) / 1000;
    const base: {
      durationMs: number;
      operations: number;
      checks: VerifierCheck[];
      explanation?: string;
      usage?: ModelUsage;
    } = {
      durationMs,
      operations: this.budget.used,
      checks: [],
      ...(outcome.usage ? { usage: outcome.usage } : {}),
    };
    const validation =
      outcome.type === 'returned' ? validateVerifierResult(outcome.value) : undefined;
    if (validation?.ok) {
      base.checks = retainChecks(validation.result.checks ?? []);
      if (validation.result.explanation !== undefined)
        base.explanation = retainText(validation.result.explanation, MAX_RETAINED_EXPLANATION);
    }
    if (this.#deniedCall !== undefined) {
      return {
        ...base,
        verdict: 'error',
        kind: 'denied',
        message: toOneLine(`attempted a write through the API: ${this.#deniedCall}`),
      };
    }
    if (this.budget.exhausted) {
      return {
        ...base,
        verdict: 'error',
        kind: 'budget',
        message: `operation budget exhausted: ${this.budget.used} of ${this.budget.limit} operations used and a further call refused`,
      };
    }
    if (outcome.type === 'failed')
      return { ...base, verdict: 'error', kind: outcome.kind, message: toOneLine(outcome.message) };
    if (validation === undefined || !validation.ok) {
      return {
        ...base,
        verdict: 'error',
        kind: 'malformed',
        message: toOneLine(validation?.message ?? 'no result'),
      };
    }
    return { ...base, verdict: validation.result.verdict };
  }
}
