import type { ApiResponse } from '../api.js';
import { getAclRule, listAcl } from './acl.js';
import { getCalendar, getCalendarListEntry, listCalendarList } from './calendars.js';
import { getColors } from './colors.js';
import type { CalendarContext } from './context.js';
import { getEvent, listEvents, listInstances } from './events.js';
import { queryFreeBusy } from './free-busy.js';
import { getSetting, listSettings } from './settings.js';

type Handler = (ctx: CalendarContext, params: string[]) => ApiResponse;

/** A path pattern of Google Calendar API v3; `*` segments are parameters, in order. */
interface Route {
  pattern: readonly string[];
  /** Methods answered by reading (GET, and POST for freeBusy). */
  reads: Partial<Record<string, Handler>>;
  /** Methods that would change the service: refused, never applied. */
  writes: readonly string[];
}

const route = (path: string, reads: Route['reads'], writes: readonly string[] = []): Route => ({
  pattern: path.split('/'),
  reads,
  writes,
});
const at = (params: string[], index: number): string => params[index] ?? '';

// Literal segments listed before parameter patterns of the same shape win (e.g. events/import).
export const ROUTES: readonly Route[] = [
  route('colors', { GET: () => getColors() }),
  route('freeBusy', { POST: (ctx) => queryFreeBusy(ctx) }),
  route('channels/stop', {}, ['POST']),
  route('users/me/calendarList', { GET: (ctx) => listCalendarList(ctx) }, ['POST']),
  route('users/me/calendarList/watch', {}, ['POST']),
  route('users/me/calendarList/*', { GET: (ctx, p) => getCalendarListEntry(ctx, at(p, 0)) }, [
    'PUT',
    'PATCH',
    'DELETE',
  ]),
  route('users/me/settings', { GET: (ctx) => listSettings(ctx) }),
  route('users/me/settings/watch', {}, ['POST']),
  route('users/me/settings/*', { GET: (ctx, p) => getSetting(ctx, at(p, 0)) }),
  route('calendars', {}, ['POST']),
  route('calendars/*', { GET: (ctx, p) => getCalendar(ctx, at(p, 0)) }, ['PUT', 'PATCH', 'DELETE']),
  route('calendars/*/clear', {}, ['POST']),
  route('calendars/*/acl', { GET: (ctx, p) => listAcl(ctx, at(p, 0)) }, ['POST']),
  route('calendars/*/acl/watch', {}, ['POST']),
  route('calendars/*/acl/*', { GET: (ctx, p) => getAclRule(ctx, at(p, 0), at(p, 1)) }, [
    'PUT',
    'PATCH',
    'DELETE',
  ]),
  route('calendars/*/events', { GET: (ctx, p) => listEvents(ctx, at(p, 0)) }, ['POST']),
  route('calendars/*/events/import', {}, ['POST']),
  route('calendars/*/events/quickAdd', {}, ['POST']),
  route('calendars/*/events/watch', {}, ['POST']),
  route('calendars/*/events/*', { GET: (ctx, p) => getEvent(ctx, at(p, 0), at(p, 1)) }, [
    'PUT',
    'PATCH',
    'DELETE',
  ]),
  route('calendars/*/events/*/instances', {
    GET: (ctx, p) => listInstances(ctx, at(p, 0), at(p, 1)),
  }),
  route('calendars/*/events/*/move', {}, ['POST']),
];

/** Google's name for a path parameter, by the segment before it. */
const PARAMETER_NAMES: Readonly<Record<string, string>> = {
  calendars: 'calendarId',
  calendarList: 'calendarId',
  events: 'eventId',
  acl: 'ruleId',
  settings: 'setting',
};

/** The read operations of the router, as Google documents them: `GET /calendars/{calendarId}/events`. */
export function readOperations(): string[] {
  return ROUTES.flatMap((candidate) => {
    const path = candidate.pattern
      .map((part, index) =>
        part === '*' ? `{${PARAMETER_NAMES[candidate.pattern[index - 1] ?? ''] ?? 'id'}}` : part,
      )
      .join('/');
    return Object.keys(candidate.reads).map((method) => `${method} /${path}`);
  });
}

export type RouteMatch =
  | { kind: 'read'; handler: Handler; params: string[] }
  | { kind: 'write' }
  | { kind: 'none' };

/** The route answering `method` on these path segments (first route that knows the method). */
export function matchRoute(method: string, segments: readonly string[]): RouteMatch {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  for (const candidate of ROUTES) {
    if (candidate.pattern.length !== segments.length) continue;
    const params: string[] = [];
    const matches = candidate.pattern.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part === '*') {
        params.push(segment);
        return segment !== '';
      }
      return part === segment;
    });
    if (!matches) continue;
    const handler = candidate.reads[verb];
    if (handler) return { kind: 'read', handler, params };
    if (candidate.writes.includes(verb)) return { kind: 'write' };
  }
  return { kind: 'none' };
}
