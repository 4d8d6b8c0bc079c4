// A small calendar seed for the write-model tests: few enough rows that every expectation is
// written out by hand. Dana writes the Team calendar, reads Board and Priya's primary; Wren reads Team.
import type { Row } from '../../../../src/schema/json.js';
import type { Actor } from '../../../../src/schema/task.js';
import type { ApiRequest } from '../../../../src/services/api.js';
import { createCalendarReplica } from '../../../../src/services/calendar/index.js';
import { CalendarTableKeys } from '../../../../src/services/calendar/tables.js';
import { calendarWriteModel } from '../../../../src/services/calendar/write/index.js';
import { createWriteEnvironment, type WriteResult } from '../../../../src/services/write-model.js';
import { State } from '../../../../src/state/state.js';

export const DANA: Actor = { id: 'u_dana', name: 'Dana', email: 'dana@ex.example' };
export const PRIYA: Actor = { id: 'u_priya', name: 'Priya', email: 'priya@ex.example' };
export const WREN: Actor = { id: 'u_wren', name: 'Wren', email: 'wren@ex.example' };
export const TEAM = 'c_team@group.calendar.google.com';
export const BOARD = 'c_board@group.calendar.google.com';
const NY = 'America/New_York';

const stamps = { created_at: '2026-03-01T09:00:00', updated_at: '2026-03-01T09:00:00' };
const user = (id: string, email: string, name: string): Row => ({
  id,
  email,
  display_name: name,
  ...stamps,
});
const calendar = (id: string, summary: string, owner: string): Row => ({
  id,
  summary,
  description: null,
  location: null,
  owner_id: owner,
  time_zone: NY,
  etag: `"1${id.length}00"`,
  ...stamps,
});
const rule = (calendarId: string, email: string, role: string): Row => ({
  id: `user:${email}`,
  calendar_id: calendarId,
  role,
  scope_type: 'user',
  scope_value: email,
  etag: '"2000"',
  ...stamps,
});
const entry = (
  id: string,
  userId: string,
  calendarId: string,
  role: string,
  primary = false,
): Row => ({
  id,
  user_id: userId,
  calendar_id: calendarId,
  access_role: role,
  primary,
  selected: true,
  hidden: false,
  deleted: false,
  color_id: '7',
  summary_override: null,
  etag: '"3000"',
  ...stamps,
});
const slot = (date: string, start: string, end: string): Row => ({
  start: { dateTime: `${date}T${start}:00-04:00`, timeZone: NY },
  end: { dateTime: `${date}T${end}:00-04:00`, timeZone: NY },
  start_datetime: `${date}T${start}:00`,
  end_datetime: `${date}T${end}:00`,
});
export const event = (id: string, calendarId: string, summary: string, extra: Row): Row => ({
  id,
  calendar_id: calendarId,
  ical_uid: `${id}@google.com`,
  summary,
  description: null,
  location: null,
  status: 'confirmed',
  visibility: 'default',
  transparency: 'opaque',
  event_type: 'default',
  creator_id: 'u_priya',
  organizer_id: 'u_priya',
  creator_email: 'priya@ex.example',
  organizer_email: 'priya@ex.example',
  recurrence: null,
  recurring_event_id: null,
  original_start_time: null,
  sequence: 0,
  etag: '"4000"',
  html_link: `https://www.google.com/calendar/event?eid=${id}`,
  ...stamps,
  ...extra,
});
const guest = (eventId: string, email: string, response: string): Row => ({
  event_id: eventId,
  email,
  response_status: response,
  display_name: null,
  optional: false,
  resource: false,
});

export const ROWS: Record<string, Row[]> = {
  calendar_users: [
    user('u_dana', 'dana@ex.example', 'Dana'),
    user('u_priya', 'priya@ex.example', 'Priya'),
    user('u_wren', 'wren@ex.example', 'Wren'),
  ],
  calendars: [
    calendar('dana@ex.example', 'dana@ex.example', 'u_dana'),
    calendar('priya@ex.example', 'priya@ex.example', 'u_priya'),
    calendar(TEAM, 'Team', 'u_priya'),
    calendar(BOARD, 'Board', 'u_priya'),
  ],
  calendar_list_entries: [
    entry('le_dana_1', 'u_dana', 'dana@ex.example', 'owner', true),
    entry('le_dana_2', 'u_dana', TEAM, 'writer'),
    entry('le_dana_3', 'u_dana', BOARD, 'reader'),
    entry('le_dana_4', 'u_dana', 'priya@ex.example', 'reader'),
    entry('le_priya_1', 'u_priya', 'priya@ex.example', 'owner', true),
    entry('le_priya_2', 'u_priya', TEAM, 'owner'),
    entry('le_wren_1', 'u_wren', TEAM, 'reader'),
  ],
  calendar_acl_rules: [
    rule('dana@ex.example', 'dana@ex.example', 'owner'),
    rule('priya@ex.example', 'priya@ex.example', 'owner'),
    rule('priya@ex.example', 'dana@ex.example', 'reader'),
    rule(TEAM, 'priya@ex.example', 'owner'),
    rule(TEAM, 'dana@ex.example', 'writer'),
    rule(TEAM, 'wren@ex.example', 'reader'),
    rule(BOARD, 'priya@ex.example', 'owner'),
    rule(BOARD, 'dana@ex.example', 'reader'),
  ],
  calendar_events: [
    // Weekly on Mondays at 10:00 New York, six times from 6 April.
    event('evsync0001', TEAM, 'Design sync', {
      ...slot('2026-04-06', '10:00', '10:45'),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6'],
    }),
    event('evreview01', TEAM, 'Review', slot('2026-04-14', '15:00', '16:00')),
    event('evgone0001', TEAM, 'Old plan', {
      ...slot('2026-04-16', '09:00', '09:30'),
      status: 'cancelled',
      sequence: 1,
    }),
    event('evlunch001', 'priya@ex.example', 'Lunch', slot('2026-04-15', '12:00', '13:00')),
  ],
  calendar_event_attendees: [
    guest('evsync0001', 'priya@ex.example', 'accepted'),
    guest('evsync0001', 'dana@ex.example', 'accepted'),
    guest('evreview01', 'priya@ex.example', 'accepted'),
    guest('evreview01', 'dana@ex.example', 'needsAction'),
    guest('evlunch001', 'priya@ex.example', 'accepted'),
    guest('evlunch001', 'dana@ex.example', 'needsAction'),
  ],
};

export const miniState = State.fromSeed({
  name: 'mini-calendar-write',
  service: 'calendar',
  tables: Object.fromEntries(
    Object.entries(ROWS).map(([table, rows]) => [
      table,
      { key: [...(CalendarTableKeys[table] ?? ['id'])], rows },
    ]),
  ),
});

export const CLOCK = {
  start: '2026-04-10T14:00:00Z',
  stepMs: 60_000,
  idSeed: 'calendar-write-test',
};

/** One call as `actor` on `state`, on a fresh stream named `stream`. */
export function run(
  actor: Actor,
  request: ApiRequest,
  state: State = miniState,
  stream = 'test',
): WriteResult {
  return calendarWriteModel.apply(state, actor, request, createWriteEnvironment(CLOCK, stream));
}

/** The rows a successful call wrote, applied; fails loudly when the call was refused. */
export function applied(result: WriteResult, state: State = miniState): State {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal.body)}`);
  const applied = state.apply(result.patch);
  if (applied.errors.length > 0) throw new Error(applied.errors.map((e) => e.message).join('; '));
  return applied.state;
}

/** A GET through the read replica, as `actor`. */
export function read(
  state: State,
  path: string,
  actor: Actor = DANA,
  query: Record<string, string> = {},
) {
  return createCalendarReplica(state, actor).handle({ method: 'GET', path, query });
}

/** The error body Google sends, for comparing refusals. */
export function googleErrorBody(code: number, reason: string, message: string, domain = 'global') {
  return { error: { code, message, errors: [{ domain, reason, message }] } };
}
