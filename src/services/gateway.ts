import { type ApiRequest, type ApiResponse, HARNESS_ERROR_HEADER, type Replica } from './api.js';
import type { OperationBudget } from './budget.js';
import { boundedAnswer } from './response-bound.js';

/**
 * A request as plain data the replica may keep: cloned through JSON so a replica never
 * shares objects with verifier code (and a verifier cannot smuggle functions in), with
 * method and path defaulted. Throws when the request is not JSON-serialisable.
 */
export function toSafeRequest(request: unknown): ApiRequest {
  const safe = JSON.parse(JSON.stringify(request ?? {})) as ApiRequest;
  if (typeof safe !== 'object' || safe === null || Array.isArray(safe)) return safe;
  if (typeof safe.method !== 'string') safe.method = 'GET';
  if (typeof safe.path !== 'string') safe.path = '';
  return safe;
}

/** The host side of every verifier call: clone the request, then `serveSafeRequest`. */
export function serveRequest(
  replica: Replica,
  budget: OperationBudget,
  request: ApiRequest,
): ApiResponse {
  return serveSafeRequest(replica, budget, toSafeRequest(request));
}

/**
 * Charge the evaluation's budget, then let the replica answer a request that already went
 * through `toSafeRequest` (callers that inspect the request first clone it only once).
 */
export function serveSafeRequest(
  replica: Replica,
  budget: OperationBudget,
  safe: ApiRequest,
): ApiResponse {
  let cost: number;
  try {
    cost = replica.operationCost(safe);
  } catch {
    // A request the replica cannot price still costs one; `handle` answers it as a bad request.
    cost = 1;
  }
  if (!budget.charge(cost)) {
    return {
      status: 429,
      headers: { [HARNESS_ERROR_HEADER]: 'budget_exhausted', 'content-type': 'application/json' },
      body: {
        error: 'budget_exhausted',
        message: `operation budget exhausted: ${budget.used} of ${budget.limit} operations used, this call needs ${cost}`,
      },
    };
  }
  try {
    return boundedAnswer(replica, safe, replica.handle(safe));
  } catch (error) {
    // A replica bug must not crash the evaluation host; answer as a server error would.
    return {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: {
        error: 'internal_error',
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
}
