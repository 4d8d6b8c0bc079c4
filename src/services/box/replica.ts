import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import type { ApiRequest, ApiResponse, Replica, ReplicaFactory } from '../api.js';
import { bareNotFound, boxError } from './errors.js';
import { BoxVisibility } from './permissions.js';
import { matchRoute, queryInPath, WRITE_METHODS } from './routes.js';
import { BoxStore } from './store.js';

function methodOf(request: ApiRequest): string {
  return typeof request.method === 'string' ? request.method.toUpperCase() : 'GET';
}

function isWriteRequest(request: ApiRequest): boolean {
  const method = methodOf(request);
  if (!(WRITE_METHODS as readonly string[]).includes(method)) return false;
  return matchRoute(request.path ?? '')?.route.writes.includes(method) ?? false;
}

/**
 * A read-only Box Content API over one state, seen as `actor`. Every write Box would
 * accept is refused with 403 (the actor's token lacks write scope) and changes nothing;
 * the state itself is immutable, so nothing could change it anyway.
 */
export const createBoxReplica: ReplicaFactory = (state: State, actor: Actor): Replica => {
  let indexed: { store: BoxStore; visibility: BoxVisibility } | undefined;
  // Indexes are built on first use (a replica only asked its cost stays cheap) and shared
  // by every replica of the same immutable state.
  const view = () => {
    if (!indexed) {
      // Kept with the state while it is recently used (src/state/derived-values.ts).
      const store = state.derived(BoxStore, () => new BoxStore(state));
      indexed = { store, visibility: new BoxVisibility(store, actor) };
    }
    return indexed;
  };

  const handle = (request: ApiRequest): ApiResponse => {
    const path = typeof request.path === 'string' ? request.path : '';
    const method = methodOf(request);
    const match = matchRoute(path);
    if (!match)
      return bareNotFound(request, `no API endpoint ${method} /${path.replace(/^\/+/, '')}`);
    if (isWriteRequest(request)) {
      return boxError(
        request,
        403,
        'access_denied_insufficient_permissions',
        'Access denied - insufficient permission: this snapshot is read-only',
      );
    }
    if ((method !== 'GET' && method !== 'HEAD') || !match.route.get) {
      return boxError(
        request,
        405,
        'method_not_allowed',
        `Method ${method} is not allowed on /${match.route.pattern}`,
      );
    }
    const query = { ...queryInPath(path), ...(request.query ?? {}) };
    return match.route.get({ ...view(), request: { ...request, query }, params: match.params });
  };

  return {
    service: 'box',
    handle,
    operationCost: () => 1,
    isWrite: isWriteRequest,
  };
};
