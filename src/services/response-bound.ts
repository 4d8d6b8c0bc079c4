// The bound on what one replica answer may carry (docs/sandbox.md, "Budgets and bounds"):
// page sizes and GraphQL complexity keep honest answers small, but rows can be large, and
// an answer the host builds, copies and hands to the verifier must not be able to take
// the host's memory with it.
import { type ApiRequest, type ApiResponse, HARNESS_ERROR_HEADER, type Replica } from './api.js';
import { boxError } from './box/errors.js';
import { googleError } from './calendar/errors.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { MAX_RESPONSE_SIZE } from './limits.js';
import { requestError } from './linear/endpoint.js';
import { slackError } from './slack/envelope.js';

/**
 * Whether `value` serialises to at most `limit` characters, told without serialising it:
 * an iterative walk that stops as soon as the count passes the limit. The count is exact
 * for text without escapes and a lower bound otherwise (escapes only add). Shared objects
 * count each time they appear, as `JSON.stringify` writes them.
 */
export function fitsJson(value: unknown, limit: number): boolean {
  return jsonSizeUpTo(value, limit) <= limit;
}

// The parts replicas keep and share between answers (event resources, user objects) are
// deeply frozen (deep-freeze.ts), so their count never changes: it is walked once.
const frozenSizes = new WeakMap<object, number>();

function frozenSize(item: object): number {
  let size = frozenSizes.get(item);
  if (size === undefined) {
    size = jsonSizeUpTo(item, Number.POSITIVE_INFINITY, item);
    frozenSizes.set(item, size);
  }
  return size;
}

/** The walk's count, or a count past `limit` where it stopped; `self` is counted by walking, not looked up. */
function jsonSizeUpTo(value: unknown, limit: number, self?: object): number {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') size += item.length + 2;
    else if (typeof item === 'number' || typeof item === 'boolean') size += String(item).length;
    else if (item === null || typeof item !== 'object') size += 4;
    else if (item !== self && isDeeplyFrozen(item)) size += frozenSize(item);
    else if (Array.isArray(item)) {
      size += Math.max(2, item.length + 1);
      for (const element of item) pending.push(element);
    } else {
      let fields = 0;
      const record = item as Record<string, unknown>;
      // Keys, then a lookup each: no [key, value] pair allocated per field of a large answer.
      for (const key of Object.keys(record)) {
        const element = record[key];
        if (element === undefined || typeof element === 'function' || typeof element === 'symbol')
          continue;
        fields += 1;
        size += key.length + 3;
        pending.push(element);
      }
      size += Math.max(2, fields + 1);
    }
    if (size > limit) return size;
  }
  return size;
}

/**
 * The answer as JSON text, the one copy that leaves the host (the isolate's bridge hands it
 * on as it is; other callers parse it into plain data the verifier may keep, so the
 * replica's rows are never shared), or the service's own error shape when it would exceed
 * MAX_RESPONSE_SIZE.
 */
export function boundedAnswerText(
  replica: Replica,
  request: ApiRequest,
  answer: ApiResponse,
): string {
  if (fitsJson(answer, MAX_RESPONSE_SIZE)) {
    const text = JSON.stringify(answer);
    if (text.length <= MAX_RESPONSE_SIZE) return text;
  }
  return JSON.stringify(responseTooLarge(replica.service, request));
}

/** What a verifier gets instead of an oversized answer: each service's error envelope, flagged by the harness header. */
export function responseTooLarge(service: Replica['service'], request: ApiRequest): ApiResponse {
  const message = `The response would exceed ${MAX_RESPONSE_SIZE} characters, the most one answer may carry here; request fewer rows or fields (a smaller page, a narrower selection).`;
  let response: ApiResponse;
  switch (service) {
    case 'linear':
      response = requestError(500, 'RESPONSE_TOO_LARGE', message);
      break;
    case 'slack':
      response = slackError('response_too_large', { detail: message });
      break;
    case 'box':
      response = boxError(request, 500, 'response_too_large', message);
      break;
    case 'calendar':
      response = googleError(500, 'responseTooLarge', message);
      break;
  }
  return {
    ...response,
    headers: { ...response.headers, [HARNESS_ERROR_HEADER]: 'response_too_large' },
  };
}
