import type { ApiRequest, ApiResponse } from '../api.js';

/** Box's error codes the replica answers with (developer.box.com/reference/resources/client-error). */
export type BoxErrorCode =
  | 'not_found'
  | 'bad_request'
  | 'method_not_allowed'
  | 'access_denied_insufficient_permissions'
  | 'trashed'
  // The write model's (src/services/box/write/), as Box's error reference names them.
  | 'not_trashed'
  | 'item_name_invalid'
  | 'item_name_too_long'
  | 'item_name_in_use'
  | 'cyclical_folder_structure'
  | 'folder_not_empty'
  | 'collaborations_not_available_on_root_folder'
  | 'user_already_collaborator'
  | 'invalid_status'
  | 'task_assignee_not_allowed'
  | 'precondition_failed'
  | 'conflict'
  // The harness's own: an answer over the response bound (src/services/response-bound.ts).
  | 'response_too_large';

/**
 * Box's client-error object. `request_id` is derived from the request (not random) so
 * that the same call on the same state always answers byte-for-byte the same.
 */
export function boxError(
  request: ApiRequest,
  status: number,
  code: BoxErrorCode,
  message: string,
  contextInfo?: { errors: ContextError[] } | { conflicts: unknown[] },
): ApiResponse {
  return {
    status,
    headers: { 'content-type': 'application/json' },
    body: {
      type: 'error',
      status,
      code,
      ...(contextInfo ? { context_info: contextInfo } : {}),
      help_url: 'https://developer.box.com/guides/api-calls/permissions-and-errors/common-errors/',
      message,
      request_id: requestId(request),
    },
  };
}

/** One entry of Box's `context_info.errors`: which parameter was wrong and why. */
export interface ContextError {
  reason: string;
  name: string;
  message: string;
}

/**
 * Box's 404 for an item that does not exist or that the caller cannot see: message "Not
 * Found", and `context_info` naming the path parameter (`file`, `folder`, …) and its value.
 */
export function notFound(request: ApiRequest, kind: string, id: string): ApiResponse {
  return boxError(request, 404, 'not_found', 'Not Found', {
    errors: [
      {
        reason: 'invalid_parameter',
        name: kind,
        message: `Invalid value '${id}'. '${kind}' with value '${id}' not found`,
      },
    ],
  });
}

/** A 404 with no parameter to blame (a path no endpoint has, bytes the snapshot lacks). */
export function bareNotFound(request: ApiRequest, what: string): ApiResponse {
  return boxError(request, 404, 'not_found', `Not Found: ${what}`);
}

export function badRequest(request: ApiRequest, message: string): ApiResponse {
  return boxError(request, 400, 'bad_request', message);
}

/** FNV-1a over the request line: a stable, opaque id like Box's. */
function requestId(request: ApiRequest): string {
  const line = `${request.method} ${request.path} ${JSON.stringify(request.query ?? {})}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < line.length; index++) {
    hash ^= line.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}b0x`;
}
