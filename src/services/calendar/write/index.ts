import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiRequest } from '../../api.js';
import type { WriteEnvironment, WriteModel, WriteResult } from '../../write-model.js';
import { ApiFailure, googleError } from '../errors.js';
import { parsePath } from '../index.js';
import { QueryParams } from '../query.js';
import { changeAclRule, deleteAclRule, insertAclRule } from './acl.js';
import { changeListEntry, deleteListEntry, insertListEntry } from './calendar-list.js';
import { changeCalendar, clearCalendar, deleteCalendar, insertCalendar } from './calendars.js';
import { createWriteCall, Refused, refuse, type WriteCall } from './call.js';
import { stopChannel, watchResource } from './channels.js';
import { changeEvent, deleteEvent, insertEvent, moveEvent } from './events.js';
import { CalendarWriteOperations } from './operations.js';

type Handler = (call: WriteCall, params: string[]) => WriteResult;

interface WriteRoute {
  pattern: readonly string[];
  methods: Partial<Record<string, Handler>>;
}

const at = (params: string[], index: number): string => params[index] ?? '';
const route = (path: string, methods: WriteRoute['methods']): WriteRoute => ({
  pattern: path.split('/'),
  methods,
});

/** A documented write the model does not derive rows for: answered as not implemented, never guessed. */
const notModelled =
  (name: string): Handler =>
  () =>
    refuse(501, 'notImplemented', `${name} is not modelled by the Calendar write model.`);

// Literal segments come before parameter patterns of the same shape (events/quickAdd before events/*).
const WRITE_ROUTES: readonly WriteRoute[] = [
  route('channels/stop', { POST: (call) => stopChannel(call) }),
  route('users/me/calendarList/watch', {
    POST: (call) =>
      watchResource(call, {
        listPath: '/users/me/calendarList',
        storedUri: () => '/users/me/calendarList',
      }),
  }),
  route('users/me/settings/watch', {
    POST: (call) =>
      watchResource(call, {
        listPath: '/users/me/settings',
        storedUri: (c) => `/users/${c.actor.id}/settings`,
      }),
  }),
  route('calendars/*/acl/watch', {
    POST: (call, p) => watchResource(call, calendarResource(at(p, 0), 'acl')),
  }),
  route('calendars/*/events/watch', {
    POST: (call, p) => watchResource(call, calendarResource(at(p, 0), 'events')),
  }),
  route('users/me/calendarList', { POST: (call) => insertListEntry(call) }),
  route('users/me/calendarList/*', {
    PUT: (call, p) => changeListEntry(call, at(p, 0), 'update'),
    PATCH: (call, p) => changeListEntry(call, at(p, 0), 'patch'),
    DELETE: (call, p) => deleteListEntry(call, at(p, 0)),
  }),
  route('calendars', { POST: (call) => insertCalendar(call) }),
  route('calendars/*', {
    PUT: (call, p) => changeCalendar(call, at(p, 0), 'update'),
    PATCH: (call, p) => changeCalendar(call, at(p, 0), 'patch'),
    DELETE: (call, p) => deleteCalendar(call, at(p, 0)),
  }),
  route('calendars/*/clear', { POST: (call, p) => clearCalendar(call, at(p, 0)) }),
  route('calendars/*/acl', { POST: (call, p) => insertAclRule(call, at(p, 0)) }),
  route('calendars/*/acl/*', {
    PUT: (call, p) => changeAclRule(call, at(p, 0), at(p, 1), 'update'),
    PATCH: (call, p) => changeAclRule(call, at(p, 0), at(p, 1), 'patch'),
    DELETE: (call, p) => deleteAclRule(call, at(p, 0), at(p, 1)),
  }),
  route('calendars/*/events', { POST: (call, p) => insertEvent(call, at(p, 0)) }),
  route('calendars/*/events/quickAdd', { POST: notModelled('events.quickAdd') }),
  route('calendars/*/events/import', { POST: notModelled('events.import') }),
  route('calendars/*/events/*', {
    PUT: (call, p) => changeEvent(call, at(p, 0), at(p, 1), 'update'),
    PATCH: (call, p) => changeEvent(call, at(p, 0), at(p, 1), 'patch'),
    DELETE: (call, p) => deleteEvent(call, at(p, 0), at(p, 1)),
  }),
  route('calendars/*/events/*/move', { POST: (call, p) => moveEvent(call, at(p, 0), at(p, 1)) }),
];

/** A calendar's events or sharing rules as a watched resource: stored under the resolved calendar id. */
const calendarResource = (calendarParam: string, list: 'events' | 'acl') => ({
  listPath: `/calendars/${encodeURIComponent(calendarParam)}/${list}`,
  storedUri: (call: WriteCall) =>
    `/calendars/${call.access.resolveCalendarId(calendarParam) ?? calendarParam}/${list}`,
});

function matchWrite(
  method: string,
  segments: readonly string[],
): { handler: Handler; params: string[] } | undefined {
  for (const candidate of WRITE_ROUTES) {
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
    const handler = candidate.methods[method];
    if (handler) return { handler, params };
  }
  return undefined;
}

function refusedResult(status: number, reason: string, message: string): WriteResult {
  const response = googleError(status, reason, message);
  return { ok: false, refusal: { status, body: response.body, summary: `${status} ${reason}` } };
}

/**
 * Google Calendar API v3's write side (docs/replicas.md, Calendar write operations): events,
 * their occurrences, sharing rules, the caller's own calendar list and calendars. Another
 * user's calendar list has no route at all (only `users/me`), so writing it is 404.
 */
export const calendarWriteModel: WriteModel = {
  service: 'calendar',
  operations: CalendarWriteOperations,
  apply(state: State, actor: Actor, request: ApiRequest, env: WriteEnvironment): WriteResult {
    try {
      const parsed = parsePath(typeof request.path === 'string' ? request.path : '');
      if (!parsed) return refusedResult(400, 'badRequest', 'Malformed path encoding.');
      const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
      const match = matchWrite(method, parsed.segments);
      if (!match) return refusedResult(404, 'notFound', 'Not Found');
      const call = createWriteCall(
        state,
        actor,
        env,
        new QueryParams(request.query, parsed.query),
        request.body,
      );
      return match.handler(call, match.params);
    } catch (error) {
      if (error instanceof Refused) return { ok: false, refusal: error.refusal };
      if (error instanceof ApiFailure)
        return { ok: false, refusal: new Refused(error.response).refusal };
      // A model bug answers like a backend failure of the real service, never a JS exception.
      return refusedResult(
        500,
        'backendError',
        error instanceof Error ? error.message : 'Backend Error',
      );
    }
  },
};
