import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { State } from '../state/state.js';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;

/** One call a verifier makes, as plain data (it crosses sandbox boundaries as JSON). */
export interface ApiRequest {
  method: string;
  /** Relative to the service's real API base, e.g. `/conversations.history`, `/folders/0/items`, `graphql`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What the service answered: HTTP status, headers and parsed JSON (or text / base64 bytes). */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A read-only replica of one service over one saved state, seen with one actor's
 * permissions. `handle` never throws for bad input: it answers like the real service.
 */
export interface Replica {
  readonly service: Service;
  handle(request: ApiRequest): ApiResponse;
  /** Business operations this request costs (GraphQL: one per root field; REST: one). */
  operationCost(request: ApiRequest): number;
  /** Whether the request asks to change the service (refused; the sandbox records `denied`). */
  isWrite(request: ApiRequest): boolean;
}

export type ReplicaFactory = (state: State, actor: Actor) => Replica;

/** Header set on a response the harness produced itself (budget exhaustion), not the replica. */
export const HARNESS_ERROR_HEADER = 'x-agentproofbench-error';
