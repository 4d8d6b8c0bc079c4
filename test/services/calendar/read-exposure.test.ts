import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../src/services/api.js';
import { createCalendarReplica } from '../../../src/services/calendar/index.js';
import { CalendarReadExposure } from '../../../src/services/calendar/read-exposure.js';
import { readOperations } from '../../../src/services/calendar/routes.js';
import { checkExposure, type Probe } from '../read-exposure/support.js';
import { builtinState, dana, rowsOf } from './builtin-seed.js';

const get = (path: string, query: Record<string, string | number | boolean> = {}): ApiRequest => ({
  method: 'GET',
  path,
  query,
});
const enc = encodeURIComponent;
/** Calendars Dana has in her list (the ones the probes read). */
const danaCalendars = () =>
  rowsOf('calendar_list_entries')
    .filter((row) => row.user_id === dana.id)
    .map((row) => String(row.calendar_id));
const danaEvents = () =>
  rowsOf('calendar_events').filter((row) => danaCalendars().includes(String(row.calendar_id)));

/** How the test calls each read route on the built-in seed, as Dana. */
const PROBES: Record<string, Probe> = {
  'GET /colors': () => get('/colors'),
  'POST /freeBusy': () => ({
    method: 'POST',
    path: '/freeBusy',
    body: {
      timeMin: '2020-01-01T00:00:00Z',
      timeMax: '2030-01-01T00:00:00Z',
      items: danaCalendars().map((id) => ({ id })),
    },
  }),
  'GET /users/me/calendarList': () =>
    get('/users/me/calendarList', { maxResults: 250, showHidden: true }),
  'GET /users/me/calendarList/{calendarId}': () =>
    danaCalendars().map((id) => get(`/users/me/calendarList/${enc(id)}`)),
  'GET /users/me/settings': () => get('/users/me/settings'),
  'GET /users/me/settings/{setting}': (rows) =>
    rows('calendar_settings')
      .filter((row) => row.user_id === dana.id)
      .map((row) => get(`/users/me/settings/${enc(String(row.setting_id))}`)),
  'GET /calendars/{calendarId}': () => danaCalendars().map((id) => get(`/calendars/${enc(id)}`)),
  'GET /calendars/{calendarId}/acl': () =>
    danaCalendars().map((id) => get(`/calendars/${enc(id)}/acl`)),
  'GET /calendars/{calendarId}/acl/{ruleId}': (rows) =>
    rows('calendar_acl_rules')
      .filter((row) => danaCalendars().includes(String(row.calendar_id)))
      .map((row) => get(`/calendars/${enc(String(row.calendar_id))}/acl/${enc(String(row.id))}`)),
  'GET /calendars/{calendarId}/events': () =>
    danaCalendars().map((id) =>
      get(`/calendars/${enc(id)}/events`, { maxResults: 2500, showDeleted: true }),
    ),
  'GET /calendars/{calendarId}/events/{eventId}': () =>
    danaEvents().map((row) =>
      get(`/calendars/${enc(String(row.calendar_id))}/events/${enc(String(row.id))}`),
    ),
  'GET /calendars/{calendarId}/events/{eventId}/instances': () =>
    danaEvents()
      .filter((row) => row.recurrence)
      .map((row) =>
        get(`/calendars/${enc(String(row.calendar_id))}/events/${enc(String(row.id))}/instances`, {
          maxResults: 2500,
          showDeleted: true,
        }),
      ),
};

const replica = createCalendarReplica(builtinState, dana);

describe('Calendar read exposure (src/services/calendar/read-exposure.ts)', () => {
  it('declares every read route of the router, and nothing else', () => {
    expect(CalendarReadExposure.map((entry) => entry.operation).sort()).toEqual(
      readOperations().sort(),
    );
  });

  it("serves every declared column: some seed value of it is in the operation's response", () => {
    expect(
      checkExposure(CalendarReadExposure, PROBES, builtinState, (request) =>
        replica.handle(request),
      ),
    ).toEqual([]);
  });

  it('serves no user display name: calendar_users.display_name is in no answer', () => {
    expect(CalendarReadExposure.some((entry) => entry.exposes.calendar_users !== undefined)).toBe(
      false,
    );
  });
});
