import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';
import type { ApiRequest, ApiResponse, Replica, ReplicaFactory } from '../api.js';
import { CalendarAccess } from './access.js';
import { createContext } from './context.js';
import {
  ApiFailure,
  badRequest,
  googleError,
  insufficientPermissions,
  notFound,
} from './errors.js';
import { QueryParams } from './query.js';
import { matchRoute } from './routes.js';

export { CalendarDocs } from './docs.js';
export { CalendarTableKeys } from './tables.js';

const API_BASE = 'https://www.googleapis.com/calendar/v3';

interface ParsedPath {
  segments: string[];
  query: URLSearchParams;
}

/** Path relative to the API base (full URLs and `/calendar/v3` prefixes tolerated), decoded per segment. */
export function parsePath(path: string): ParsedPath | undefined {
  let rest = path.trim();
  if (rest.startsWith(API_BASE)) rest = rest.slice(API_BASE.length);
  const queryAt = rest.indexOf('?');
  const query = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : '');
  if (queryAt >= 0) rest = rest.slice(0, queryAt);
  rest = rest.replace(/^\/+/, '').replace(/\/+$/, '');
  if (rest.startsWith('calendar/v3/')) rest = rest.slice('calendar/v3/'.length);
  try {
    return {
      segments: rest === '' ? [] : rest.split('/').map((segment) => decodeURIComponent(segment)),
      query,
    };
  } catch {
    return undefined;
  }
}

class CalendarReplica implements Replica {
  readonly service = 'calendar' as const;
  readonly #state: State;
  readonly #access: CalendarAccess;

  constructor(state: State, actor: Actor) {
    this.#state = state;
    this.#access = new CalendarAccess(state, actor);
  }

  handle(request: ApiRequest): ApiResponse {
    try {
      const parsed = parsePath(typeof request.path === 'string' ? request.path : '');
      if (!parsed) return badRequest('Malformed path encoding.');
      const match = matchRoute(
        typeof request.method === 'string' ? request.method : 'GET',
        parsed.segments,
      );
      if (match.kind === 'none') return notFound();
      if (match.kind === 'write') return insufficientPermissions();
      const ctx = createContext(
        this.#state,
        this.#access,
        new QueryParams(request.query, parsed.query),
        request.body,
      );
      return match.handler(ctx, match.params);
    } catch (error) {
      if (error instanceof ApiFailure) return error.response;
      // A replica bug answers like a backend failure of the real service, never a JS exception.
      return googleError(
        500,
        'backendError',
        error instanceof Error ? error.message : 'Backend Error',
      );
    }
  }

  /** The Calendar API is REST only: every call is one business operation. */
  operationCost(_request: ApiRequest): number {
    return 1;
  }

  isWrite(request: ApiRequest): boolean {
    const parsed = parsePath(typeof request.path === 'string' ? request.path : '');
    if (!parsed) return false;
    return (
      matchRoute(typeof request.method === 'string' ? request.method : 'GET', parsed.segments)
        .kind === 'write'
    );
  }
}

export const createCalendarReplica: ReplicaFactory = (state, actor) =>
  new CalendarReplica(state, actor);
