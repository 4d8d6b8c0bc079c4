import { type ApiRequest, type ApiResponse, HARNESS_ERROR_HEADER, type Replica } from './api.js';
import type { OperationBudget } from './budget.js';
import { boundedAnswerText } from './response-bound.js';

/** Method and path as a replica expects them: absent or not text, `GET` and `''`. */
function withDefaults(safe: ApiRequest): ApiRequest {
  if (typeof safe !== 'object' || safe === null || Array.isArray(safe)) return safe;
  if (typeof safe.method !== 'string') safe.method = 'GET';
  if (typeof safe.path !== 'string') safe.path = '';
  return safe;
}

/**
 * A request as plain data the replica may keep: cloned through JSON so a replica never
 * shares objects with verifier code (and a verifier cannot smuggle functions in), with
 * method and path defaulted. Throws when the request is not JSON-serialisable.
 */
export function toSafeRequest(request: unknown): ApiRequest {
  return withDefaults(JSON.parse(JSON.stringify(request ?? {})) as ApiRequest);
}

// Past this nesting the walk below hands over to the JSON round trip, which refuses what
// is too deep to serialise exactly as `toSafeRequest` always has (real requests nest 3-5 levels).
const PARSED_WALK_DEPTH = 64;

/**
 * `toSafeRequest` for a value `JSON.parse` just made (text from an isolate or a process):
 * that value is already a fresh plain copy, so it is kept, and only what a second JSON
 * round trip would still change is changed in place: numbers out of range (`1e400`) become
 * null and `-0` becomes 0. The request the replica gets is the one `toSafeRequest` gives.
 */
export function parsedRequest(parsed: unknown): ApiRequest {
  const value = parsed ?? {};
  if (typeof value === 'number') return JSON.parse(JSON.stringify(value)) as ApiRequest;
  if (typeof value !== 'object') return value as ApiRequest;
  const pending: Array<{ node: object; depth: number }> = [{ node: value, depth: 1 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (depth > PARSED_WALK_DEPTH) return toSafeRequest(value);
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const element = record[key];
      if (typeof element === 'number') {
        if (Number.isFinite(element) && !Object.is(element, -0)) continue;
        // A defined property, not an assignment: the key may be `__proto__`.
        Object.defineProperty(record, key, {
          value: Number.isFinite(element) ? 0 : null,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else if (typeof element === 'object' && element !== null) {
        pending.push({ node: element, depth: depth + 1 });
      }
    }
  }
  return withDefaults(value as ApiRequest);
}

/** The host side of every verifier call: clone the request, serve it, answer with a fresh plain copy. */
export function serveRequest(
  replica: Replica,
  budget: OperationBudget,
  request: ApiRequest,
): ApiResponse {
  return JSON.parse(serveSafeRequestText(replica, budget, toSafeRequest(request))) as ApiResponse;
}

/**
 * Charge the evaluation's budget, then let the replica answer a request that already went
 * through `toSafeRequest` or `parsedRequest` (callers that inspect the request first clone
 * it only once), as the response's JSON text (serialised once, bounded).
 */
export function serveSafeRequestText(
  replica: Replica,
  budget: OperationBudget,
  safe: ApiRequest,
): string {
  let cost: number;
  try {
    cost = replica.operationCost(safe);
  } catch {
    // A request the replica cannot price still costs one; `handle` answers it as a bad request.
    cost = 1;
  }
  if (!budget.charge(cost)) {
    return JSON.stringify({
      status: 429,
      headers: { [HARNESS_ERROR_HEADER]: 'budget_exhausted', 'content-type': 'application/json' },
      body: {
        error: 'budget_exhausted',
        message: `operation budget exhausted: ${budget.used} of ${budget.limit} operations used, this call needs ${cost}`,
      },
    });
  }
  try {
    return boundedAnswerText(replica, safe, replica.handle(safe));
  } catch (error) {
    // A replica bug must not crash the evaluation host; answer as a server error would.
    return JSON.stringify({
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: {
        error: 'internal_error',
        message: error instanceof Error ? error.message : String(error),
      },
    });
  }
}
