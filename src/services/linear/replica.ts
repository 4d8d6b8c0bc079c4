import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import type { ApiRequest, ApiResponse, Replica, ReplicaFactory } from '../api.js';
import { executeGraphql, requestError } from './endpoint.js';
import { isLinearWrite, linearOperationCost } from './operation.js';
import { actorRow } from './permissions.js';
import { isGraphqlPath, normalisePath } from './routes.js';
import { LinearView } from './view.js';

function route(
  request: ApiRequest,
  state: State,
  actor: Actor,
  view: () => LinearView,
): ApiResponse {
  if (!isGraphqlPath(request.path)) {
    // Linear serves nothing but the GraphQL endpoint; its web server answers other paths with a bare 404.
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `Cannot ${request.method.toUpperCase()} /${normalisePath(request.path)}`,
    };
  }
  const method = request.method.toUpperCase();
  if (method !== 'POST' && method !== 'GET') {
    return {
      ...requestError(
        405,
        'METHOD_NOT_ALLOWED',
        `${method} is not supported by the GraphQL endpoint; use POST (or GET for queries).`,
      ),
      headers: { 'content-type': 'application/json; charset=utf-8', allow: 'GET, POST' },
    };
  }
  if (!actorRow(state, actor.id)) {
    return requestError(
      401,
      'AUTHENTICATION_ERROR',
      'Authentication required, not authenticated',
      'authentication error',
    );
  }
  return executeGraphql(request, view());
}

/** A read-only Linear over one saved state, seen with `actor`'s permissions. */
export const createLinearReplica: ReplicaFactory = (state: State, actor: Actor): Replica => {
  // The view indexes the state for one actor; states are immutable and shared by many
  // evaluations, so the index is built once per (state, actor), not once per replica.
  const lazyView = (): LinearView =>
    state.derived(`linear-view:${actor.id}`, () => new LinearView(state, actor.id));
  return {
    service: 'linear',
    handle(request: ApiRequest): ApiResponse {
      try {
        return route(request, state, actor, lazyView);
      } catch (error) {
        // `handle` promises never to throw: a replica bug becomes a server error response.
        return requestError(
          500,
          'INTERNAL_SERVER_ERROR',
          error instanceof Error ? error.message : String(error),
        );
      }
    },
    operationCost: linearOperationCost,
    isWrite: isLinearWrite,
  };
};
