// Google Calendar API v3's documented read methods and response fields, from its reference
// (developers.google.com/calendar/api/v3/reference): the resources as Google sends them,
// where fields at their default value (visibility "default", transparency "opaque",
// hidden false) are omitted, so only always-present fields are listed here.
import type { Row } from '../../../src/schema/json.js';
import type { Catalogue } from './catalogue.js';
import type { SeedContext } from './seeds.js';
import type { Shape } from './shape.js';

const time: Shape = { timeZone: 'string' };

const event: Shape = {
  kind: 'string',
  etag: 'string',
  id: 'string',
  status: 'string',
  htmlLink: 'string',
  created: 'string',
  updated: 'string',
  summary: 'string',
  creator: { email: 'string' },
  organizer: { email: 'string' },
  start: 'object',
  end: 'object',
  iCalUID: 'string',
  sequence: 'number',
  reminders: { useDefault: 'boolean' },
  eventType: 'string',
};

const eventsEnvelope: Shape = {
  kind: 'string',
  etag: 'string',
  summary: 'string',
  updated: 'string',
  timeZone: 'string',
  accessRole: 'string',
  defaultReminders: 'array',
};

const listEntry: Shape = {
  kind: 'string',
  etag: 'string',
  id: 'string',
  summary: 'string',
  timeZone: 'string',
  colorId: 'string',
  backgroundColor: 'string',
  foregroundColor: 'string',
  accessRole: 'string',
  defaultReminders: 'array',
  conferenceProperties: { allowedConferenceSolutionTypes: 'array' },
};

const primaryEntry: Shape = {
  ...listEntry,
  selected: 'boolean',
  primary: 'boolean',
  notificationSettings: { notifications: [{ type: 'string', method: 'string' }] },
};

const aclRule: Shape = {
  kind: 'string',
  etag: 'string',
  id: 'string',
  scope: { type: 'string' },
  role: 'string',
};

const setting: Shape = { kind: 'string', etag: 'string', id: 'string', value: 'string' };

const googleError: Shape = {
  error: {
    code: 'number',
    message: 'string',
    errors: [{ domain: 'string', reason: 'string', message: 'string' }],
  },
};

const color: Shape = { background: 'string', foreground: 'string' };

const get = (path: string, query: Record<string, string | number> = {}) => ({
  method: 'GET',
  path,
  query,
});

function primary(seed: SeedContext): string {
  const entry = seed
    .rows('calendar_list_entries')
    .find((row) => row.user_id === seed.actor.id && row.primary === true);
  return String(entry!.calendar_id);
}

/** A recurring event on a calendar in the actor's list, the primary one first. */
function recurring(seed: SeedContext): Row {
  const listed = seed
    .rows('calendar_list_entries')
    .filter((row) => row.user_id === seed.actor.id && row.deleted !== true)
    .sort((a, b) => Number(b.primary === true) - Number(a.primary === true))
    .map((row) => row.calendar_id);
  const series = seed
    .rows('calendar_events')
    .filter(
      (row) =>
        row.status !== 'cancelled' && Array.isArray(row.recurrence) && row.recurrence.length > 0,
    );
  for (const calendarId of listed) {
    const found = series.find((row) => row.calendar_id === calendarId);
    if (found) return found;
  }
  throw new Error('the seed has no recurring event on a listed calendar');
}

function recurringPath(seed: SeedContext): string {
  const row = recurring(seed);
  return `/calendars/${encodeURIComponent(String(row.calendar_id))}/events/${String(row.id)}`;
}

function eventsPath(seed: SeedContext): string {
  return `/calendars/${encodeURIComponent(primary(seed))}/events`;
}

/** Free/busy of the primary calendar over a window that holds every seeded event. */
function freeBusyAllTime(seed: SeedContext) {
  return {
    method: 'POST',
    path: '/freeBusy',
    body: {
      timeMin: '2000-01-01T00:00:00Z',
      timeMax: '2040-01-01T00:00:00Z',
      items: [{ id: primary(seed) }],
    },
  };
}

/** An ACL rule on the primary calendar. */
function rule(seed: SeedContext): string {
  const id = primary(seed);
  return String(seed.rows('calendar_acl_rules').find((row) => row.calendar_id === id)!.id);
}

export const calendarCatalogue: Catalogue = {
  'GET /calendars/{calendarId}/events/{eventId}': [
    {
      name: 'a recurring event',
      request: (seed) => get(recurringPath(seed)),
      status: 200,
      shape: event,
    },
    {
      name: 'unknown event',
      request: (seed) => get(`${eventsPath(seed)}/nosuchevent404`),
      status: 404,
      error: true,
      shape: googleError,
    },
  ],
  'POST /freeBusy': [
    {
      name: 'the primary calendar over all time',
      request: freeBusyAllTime,
      status: 200,
      shape: { kind: 'string', timeMin: 'string', timeMax: 'string', calendars: 'object' },
    },
    {
      name: 'busy periods of the calendar',
      request: freeBusyAllTime,
      status: 200,
      shape: { busy: [{ start: 'string', end: 'string' }] },
      body: (raw) => Object.values((raw as { calendars: Record<string, unknown> }).calendars)[0],
    },
  ],
  'GET /calendars/{calendarId}': [
    {
      name: 'the primary calendar',
      request: (seed) => get(`/calendars/${encodeURIComponent(primary(seed))}`),
      status: 200,
      shape: {
        kind: 'string',
        etag: 'string',
        id: 'string',
        summary: 'string',
        timeZone: 'string',
        conferenceProperties: { allowedConferenceSolutionTypes: 'array' },
      },
    },
    {
      name: 'unknown calendar',
      request: () => get('/calendars/nobody%40nowhere.example'),
      status: 404,
      error: true,
      shape: googleError,
    },
  ],
  'GET /calendars/{calendarId}/events': [
    {
      name: 'first page',
      request: (seed) => get(eventsPath(seed), { maxResults: 1 }),
      status: 200,
      shape: { ...eventsEnvelope, nextPageToken: 'string', items: [event] },
    },
    {
      name: 'the last page',
      request: (seed) => get(eventsPath(seed), { maxResults: 2500 }),
      status: 200,
      shape: { ...eventsEnvelope, nextSyncToken: 'string', items: [event] },
    },
    {
      name: 'a sync token it did not issue',
      request: (seed) => get(eventsPath(seed), { syncToken: 'bm90LW91cnM' }),
      status: 410,
      error: true,
      shape: googleError,
    },
  ],
  'GET /users/me/calendarList': [
    {
      name: 'first page',
      request: () => get('/users/me/calendarList', { maxResults: 2 }),
      status: 200,
      shape: { kind: 'string', etag: 'string', nextPageToken: 'string', items: [listEntry] },
    },
    {
      name: 'the last page',
      request: () => get('/users/me/calendarList', { maxResults: 250 }),
      status: 200,
      shape: { kind: 'string', etag: 'string', nextSyncToken: 'string', items: [listEntry] },
    },
  ],
  'GET /calendars/{calendarId}/acl': [
    {
      name: 'the primary calendar',
      request: (seed) => get(`/calendars/${encodeURIComponent(primary(seed))}/acl`),
      status: 200,
      shape: { kind: 'string', etag: 'string', nextSyncToken: 'string', items: [aclRule] },
    },
  ],
  'GET /users/me/settings/{setting}': [
    {
      name: 'timezone',
      request: () => get('/users/me/settings/timezone'),
      status: 200,
      shape: setting,
    },
    {
      name: 'a setting never changed',
      request: () => get('/users/me/settings/hideWeekends'),
      status: 200,
      shape: setting,
    },
  ],
  'GET /calendars/{calendarId}/events/{eventId}/instances': [
    {
      name: 'a recurring event',
      request: (seed) => get(`${recurringPath(seed)}/instances`, { maxResults: 3 }),
      status: 200,
      shape: {
        ...eventsEnvelope,
        items: [{ ...event, recurringEventId: 'string', originalStartTime: time }],
      },
    },
  ],
  'GET /calendars/{calendarId}/acl/{ruleId}': [
    {
      name: 'a rule',
      request: (seed) =>
        get(
          `/calendars/${encodeURIComponent(primary(seed))}/acl/${encodeURIComponent(rule(seed))}`,
        ),
      status: 200,
      shape: aclRule,
    },
  ],
  'GET /users/me/settings': [
    {
      name: 'every setting',
      request: () => get('/users/me/settings'),
      status: 200,
      shape: { kind: 'string', etag: 'string', nextSyncToken: 'string', items: [setting] },
    },
  ],
  'GET /users/me/calendarList/{calendarId}': [
    {
      name: 'the primary entry',
      request: (seed) => get(`/users/me/calendarList/${encodeURIComponent(primary(seed))}`),
      status: 200,
      shape: primaryEntry,
    },
  ],
  'GET /colors': [
    {
      name: 'the palette',
      request: () => get('/colors'),
      status: 200,
      shape: {
        kind: 'string',
        updated: 'string',
        calendar: { '1': color, '24': color },
        event: { '1': color, '11': color },
      },
    },
  ],
};
