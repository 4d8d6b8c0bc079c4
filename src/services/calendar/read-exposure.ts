import type { ServiceReadExposure } from '../read-exposure.js';

// What each route of the router serves (docs/replicas.md, "What each read operation exposes").
// `calendar_users` has no route of its own: a user is seen only as an address (an event's
// organizer or attendee, an ACL scope), never by the display name stored on the user row.
// test/services/calendar/read-exposure.test.ts finds each column's value in the answers.

const EVENT = [
  'id',
  'calendar_id',
  'summary',
  'description',
  'location',
  'status',
  'start',
  'end',
  'start_datetime',
  'end_datetime',
  'organizer_email',
  'creator_email',
  'transparency',
  'visibility',
  'recurrence',
  'recurring_event_id',
  'original_start_time',
  'ical_uid',
  'html_link',
  'event_type',
  'etag',
  'created_at',
  'updated_at',
] as const;
const ATTENDEE = ['event_id', 'email', 'display_name', 'response_status', 'resource'] as const;
const EVENTS = { calendar_events: EVENT, calendar_event_attendees: ATTENDEE } as const;
const CALENDAR = ['id', 'summary', 'description', 'location', 'time_zone', 'etag'] as const;
const LIST_ENTRY = [
  'calendar_id',
  'access_role',
  'color_id',
  'hidden',
  'selected',
  'primary',
  'etag',
] as const;
/** A list entry carries its own etag, not the calendar's. */
const LISTED_CALENDAR = CALENDAR.filter((column) => column !== 'etag');
const ACL = ['id', 'calendar_id', 'role', 'scope_type', 'scope_value', 'etag'] as const;
const SETTING = ['setting_id', 'value', 'etag'] as const;

export const CalendarReadExposure: ServiceReadExposure = [
  { operation: 'GET /colors', exposes: {} },
  {
    operation: 'POST /freeBusy',
    exposes: { calendar_events: ['calendar_id', 'start_datetime', 'end_datetime'] },
  },
  {
    operation: 'GET /users/me/calendarList',
    exposes: { calendar_list_entries: LIST_ENTRY, calendars: LISTED_CALENDAR },
  },
  {
    operation: 'GET /users/me/calendarList/{calendarId}',
    exposes: { calendar_list_entries: LIST_ENTRY, calendars: LISTED_CALENDAR },
  },
  { operation: 'GET /users/me/settings', exposes: { calendar_settings: SETTING } },
  { operation: 'GET /users/me/settings/{setting}', exposes: { calendar_settings: SETTING } },
  { operation: 'GET /calendars/{calendarId}', exposes: { calendars: CALENDAR } },
  { operation: 'GET /calendars/{calendarId}/acl', exposes: { calendar_acl_rules: ACL } },
  { operation: 'GET /calendars/{calendarId}/acl/{ruleId}', exposes: { calendar_acl_rules: ACL } },
  { operation: 'GET /calendars/{calendarId}/events', exposes: EVENTS },
  { operation: 'GET /calendars/{calendarId}/events/{eventId}', exposes: EVENTS },
  // Instances carry `recurringEventId`, not the series' rule.
  {
    operation: 'GET /calendars/{calendarId}/events/{eventId}/instances',
    exposes: {
      calendar_events: EVENT.filter((column) => column !== 'recurrence'),
      calendar_event_attendees: ATTENDEE,
    },
  },
];
