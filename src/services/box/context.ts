import type { ApiRequest, ApiResponse } from '../api.js';
import type { BoxVisibility } from './permissions.js';
import type { BoxStore } from './store.js';

/** What every resource handler gets: the indexed state, the actor's view, the request and path parameters. */
export interface BoxContext {
  store: BoxStore;
  visibility: BoxVisibility;
  request: ApiRequest;
  params: Record<string, string>;
}

export type BoxHandler = (context: BoxContext) => ApiResponse;

export function ok(body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status: 200, headers: { 'content-type': 'application/json', ...headers }, body };
}
