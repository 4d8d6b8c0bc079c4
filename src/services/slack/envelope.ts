import type { ApiResponse } from '../api.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** A successful Web API answer: Slack wraps every payload in `{ok: true, ...}`. */
export function slackOk(payload: Record<string, unknown>): ApiResponse {
  return { status: 200, headers: { ...JSON_HEADERS }, body: { ok: true, ...payload } };
}

/**
 * A Web API error. Slack answers errors with HTTP 200 and `{ok: false, error}`; extra
 * fields (`needed`, `provided`, `response_metadata`) travel beside the code.
 */
export function slackError(error: string, extra: Record<string, unknown> = {}): ApiResponse {
  return { status: 200, headers: { ...JSON_HEADERS }, body: { ok: false, error, ...extra } };
}

/** `invalid_arguments` with Slack's per-field messages, for a missing or malformed argument. */
export function invalidArguments(...messages: string[]): ApiResponse {
  return slackError('invalid_arguments', {
    response_metadata: { messages: messages.map((m) => `[ERROR] ${m}`) },
  });
}
