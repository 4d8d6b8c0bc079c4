import type { ApiResponse } from '../api.js';

/** Google's JSON error envelope: `{error: {code, message, errors: [{domain, reason, message}]}}`. */
export function googleError(
  code: number,
  reason: string,
  message: string,
  domain = 'global',
): ApiResponse {
  return {
    status: code,
    headers: { 'content-type': 'application/json; charset=UTF-8' },
    body: { error: { code, message, errors: [{ domain, reason, message }] } },
  };
}

export const notFound = (message = 'Not Found'): ApiResponse =>
  googleError(404, 'notFound', message);

export const badRequest = (message: string, reason = 'badRequest'): ApiResponse =>
  googleError(400, reason, message);

export const invalidValue = (message: string): ApiResponse => googleError(400, 'invalid', message);

export const forbidden = (message = 'Forbidden'): ApiResponse =>
  googleError(403, 'forbidden', message);

/** What a token with the read-only scope gets for any write: the replica never changes state. */
export const insufficientPermissions = (): ApiResponse =>
  googleError(
    403,
    'insufficientPermissions',
    'Insufficient Permission: Request had insufficient authentication scopes.',
  );

export function ok(body: unknown): ApiResponse {
  return { status: 200, headers: { 'content-type': 'application/json; charset=UTF-8' }, body };
}

/** Thrown inside a handler to answer with an error; the replica catches it at its boundary. */
export class ApiFailure extends Error {
  readonly response: ApiResponse;
  constructor(response: ApiResponse) {
    super(`calendar API error ${response.status}`);
    this.response = response;
  }
}
