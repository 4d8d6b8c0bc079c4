// Row builders for Google Calendar: each returns the row changes one Calendar API call makes
// on the replica's tables (docs/pack-format.md, Authoring), so a pack's outcomes read like the
// calls an agent made. Ids, etags and timestamps are parameters: the caller owns the sequences
// and the clock, so the same inputs always give the same patch.
import type { ApiCall } from '../schema/call.js';
import type { Row } from '../schema/json.js';
import type { DeleteOp, InsertOp, PatchOp, UpdateOp } from '../schema/patch.js';
import { formatInZone, wallToInstant } from '../services/calendar/time-zones.js';
import { idOf } from './lookup.js';

/** What every Calendar builder that writes a row needs: when the call ran, and its etags. */
export interface CalendarCall {
  /** The call's time as the seed's bookkeeping columns write it: naive UTC `YYYY-MM-DDTHH:MM:SS`. */
  when: string;
  /** A fresh etag for each row the call writes (an etagSequence). */
  newEtag: () => string;
}

/** Deterministic etags in Google's quoted-number form, `"35<prefix><counter>"`; no two calls repeat. */
export function etagSequence(prefix: number): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `"35${String(prefix).padStart(4, '0')}${String(counter).padStart(10, '0')}"`;
  };
}

/** `{dateTime, timeZone}` of a wall-clock time in an IANA zone, with that day's offset (`-04:00`). */
export function zonedTime(date: string, time: string, timeZone: string): Row {
  const wall = Date.parse(`${date}T${time}:00Z`);
  return { dateTime: formatInZone(wallToInstant(wall, timeZone), timeZone), timeZone };
}

/** The four time columns of a timed event: `start`/`end` objects and the naive local columns. */
export function timedSlot(
  date: string,
  time: string,
  minutes: number,
  timeZone: string,
): Pick<Row, 'start' | 'end' | 'start_datetime' | 'end_datetime'> {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const endWall = wall + minutes * 60_000;
  const naive = (ms: number): string => new Date(ms).toISOString().slice(0, 19);
  const startMs = wallToInstant(wall, timeZone);
  return {
    start: { dateTime: formatInZone(startMs, timeZone), timeZone },
    end: { dateTime: formatInZone(startMs + minutes * 60_000, timeZone), timeZone },
    start_datetime: naive(wall),
    end_datetime: naive(endWall),
  };
}

/** The four time columns of an all-day event of `days` days; the end date is exclusive, as on Google. */
export function allDaySlot(
  date: string,
  days = 1,
): Pick<Row, 'start' | 'end' | 'start_datetime' | 'end_datetime'> {
  const end = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return {
    start: { date },
    end: { date: end },
    start_datetime: `${date}T00:00:00`,
    end_datetime: `${end}T00:00:00`,
  };
}

/** Google's id of one instance of a series: `<series>_20260417T190000Z` (UTC) or `<series>_20260417` (all-day). */
export function instanceId(seriesId: string, originalStart: Row): string {
  if (typeof originalStart.date === 'string')
    return `${seriesId}_${originalStart.date.replaceAll('-', '')}`;
  const stamp = new Date(Date.parse(String(originalStart.dateTime)))
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${seriesId}_${stamp}`;
}

/** A guest added to an event (events.patch with a longer `attendees` list writes this row). */
export function attendee(
  eventId: string,
  email: string,
  response: string,
  extra: Row = {},
): InsertOp {
  return {
    op: 'insert',
    table: 'calendar_event_attendees',
    row: {
      event_id: eventId,
      email,
      response_status: response,
      display_name: null,
      optional: false,
      resource: false,
      ...extra,
    },
  };
}

/** A guest taken off an event's list. */
export function dropGuest(eventId: string, email: string): DeleteOp {
  return { op: 'delete', table: 'calendar_event_attendees', key: { event_id: eventId, email } };
}

/** A guest's answer changed (what the guest's own RSVP writes on the attendee row). */
export function setResponse(eventId: string, email: string, response: string): UpdateOp {
  return {
    op: 'update',
    table: 'calendar_event_attendees',
    key: { event_id: eventId, email },
    set: { response_status: response },
  };
}

/**
 * events.patch / events.update: the fields sent, a new etag and updated time, and `sequence`
 * bumped when `notify` (times or guests moved, so guests get an update).
 */
export function editEvent(row: Row, set: Row, call: CalendarCall, notify = false): UpdateOp {
  return {
    op: 'update',
    table: 'calendar_events',
    key: { id: idOf(row) },
    set: {
      ...set,
      ...(notify ? { sequence: Number(row.sequence ?? 0) + 1 } : {}),
      etag: call.newEtag(),
      updated_at: call.when,
    },
  };
}

/** A guest answering: their response changes, and the event's etag and updated time with it. */
export function respond(row: Row, email: string, response: string, call: CalendarCall): PatchOp[] {
  return [setResponse(idOf(row), email, response), editEvent(row, {}, call)];
}

/** events.insert: a new event row with every column of `like`, overridden by `set`. */
export function newEvent(like: Row, id: string, set: Row, call: CalendarCall): InsertOp {
  return {
    op: 'insert',
    table: 'calendar_events',
    row: {
      ...like,
      id,
      html_link: `https://www.google.com/calendar/event?eid=${id}`,
      ical_uid: `${id}@google.com`,
      sequence: 0,
      recurrence: null,
      recurring_event_id: null,
      original_start_time: null,
      etag: call.newEtag(),
      created_at: call.when,
      updated_at: call.when,
      ...set,
    },
  };
}

/**
 * events.delete (or a patch to `cancelled`) of one instance of a series: Google stores an
 * exception row under the instance id, with the series' details, `cancelled` and the
 * instance's original start.
 */
export function cancelOccurrence(
  series: Row,
  originalStart: Row,
  originalEnd: Row,
  call: CalendarCall,
  set: Row = {},
): InsertOp {
  const id = instanceId(idOf(series), originalStart);
  const naive = (time: Row): string =>
    typeof time.date === 'string' ? `${time.date}T00:00:00` : String(time.dateTime).slice(0, 19);
  return newEvent(
    series,
    id,
    {
      ical_uid: series.ical_uid ?? `${idOf(series)}@google.com`,
      status: 'cancelled',
      start: originalStart,
      end: originalEnd,
      start_datetime: naive(originalStart),
      end_datetime: naive(originalEnd),
      recurring_event_id: idOf(series),
      original_start_time: originalStart,
      sequence: Number(series.sequence ?? 0) + 1,
      ...set,
    },
    call,
  );
}

/** acl.insert: a sharing rule of a calendar; its id is `<scope type>:<scope value>`, as on Google. */
export function aclRule(
  calendarId: string,
  scopeType: 'user' | 'group' | 'domain' | 'default',
  scopeValue: string | null,
  role: string,
  call: CalendarCall,
): InsertOp {
  return {
    op: 'insert',
    table: 'calendar_acl_rules',
    row: {
      id: scopeType === 'default' ? 'default' : `${scopeType}:${scopeValue}`,
      calendar_id: calendarId,
      role,
      scope_type: scopeType,
      scope_value: scopeValue,
      etag: call.newEtag(),
      created_at: call.when,
      updated_at: call.when,
    },
  };
}

/** acl.patch of a rule's role. */
export function editAclRule(rule: Row, role: string, call: CalendarCall): UpdateOp {
  return {
    op: 'update',
    table: 'calendar_acl_rules',
    key: { calendar_id: String(rule.calendar_id), id: idOf(rule) },
    set: { role, etag: call.newEtag(), updated_at: call.when },
  };
}

/** acl.delete of a rule. */
export function dropAclRule(rule: Row): DeleteOp {
  return {
    op: 'delete',
    table: 'calendar_acl_rules',
    key: { calendar_id: String(rule.calendar_id), id: idOf(rule) },
  };
}

/** calendarList.insert: a calendar added to a user's list with the role they hold on it. */
export function listEntry(
  id: string,
  userId: string,
  calendarId: string,
  accessRole: string,
  call: CalendarCall,
  extra: Row = {},
): InsertOp {
  return {
    op: 'insert',
    table: 'calendar_list_entries',
    row: {
      id,
      user_id: userId,
      calendar_id: calendarId,
      access_role: accessRole,
      primary: false,
      selected: true,
      hidden: false,
      deleted: false,
      color_id: '14',
      summary_override: null,
      etag: call.newEtag(),
      created_at: call.when,
      updated_at: call.when,
      ...extra,
    },
  };
}

// Calls: the requests a Google Calendar client sends (docs/pack-format.md, "Outcomes as API
// calls"). The write model (src/services/calendar/write/) derives their rows, ids and stamps.

const calendarPath = (calendarId: string): string => `/calendars/${encodeURIComponent(calendarId)}`;
const eventPath = (calendarId: string, eventId: string): string =>
  `${calendarPath(calendarId)}/events/${encodeURIComponent(eventId)}`;

/** events.insert on a calendar. */
export function insertEventCall(calendarId: string, body: Row): ApiCall {
  return { method: 'POST', path: `${calendarPath(calendarId)}/events`, body };
}

/** events.patch of an event, or of one occurrence of a series by its instance id. */
export function patchEventCall(calendarId: string, eventId: string, body: Row): ApiCall {
  return { method: 'PATCH', path: eventPath(calendarId, eventId), body };
}

/** events.update of an event: the whole resource, as the client read it (unsent fields are cleared). */
export function updateEventCall(calendarId: string, eventId: string, body: Row): ApiCall {
  return { method: 'PUT', path: eventPath(calendarId, eventId), body };
}

/** events.delete (a cancelled record stays; an occurrence becomes a cancelled exception). */
export function deleteEventCall(calendarId: string, eventId: string): ApiCall {
  return { method: 'DELETE', path: eventPath(calendarId, eventId) };
}

/** events.move to another calendar, which becomes the organizer. */
export function moveEventCall(calendarId: string, eventId: string, destination: string): ApiCall {
  return { method: 'POST', path: `${eventPath(calendarId, eventId)}/move`, query: { destination } };
}

/** acl.insert of a sharing rule (replaces the role of an existing rule for the scope). */
export function insertAclCall(
  calendarId: string,
  scopeType: 'user' | 'group' | 'domain' | 'default',
  scopeValue: string | null,
  role: string,
): ApiCall {
  const scope: Row =
    scopeType === 'default' ? { type: scopeType } : { type: scopeType, value: scopeValue };
  return { method: 'POST', path: `${calendarPath(calendarId)}/acl`, body: { role, scope } };
}

/** acl.patch of a rule's role. */
export function patchAclCall(calendarId: string, ruleId: string, role: string): ApiCall {
  return {
    method: 'PATCH',
    path: `${calendarPath(calendarId)}/acl/${encodeURIComponent(ruleId)}`,
    body: { role },
  };
}

/** acl.delete of a rule. */
export function deleteAclCall(calendarId: string, ruleId: string): ApiCall {
  return {
    method: 'DELETE',
    path: `${calendarPath(calendarId)}/acl/${encodeURIComponent(ruleId)}`,
  };
}

/** calendarList.insert: the actor adds a calendar to their own list. */
export function insertListEntryCall(calendarId: string, body: Row = {}): ApiCall {
  return { method: 'POST', path: '/users/me/calendarList', body: { id: calendarId, ...body } };
}

/** The `attendees` body of a patch: every guest row of an event, with `changes` applied by address. */
export function guestList(
  guests: readonly Row[],
  changes: {
    add?: readonly Row[];
    remove?: readonly string[];
    answer?: Record<string, string>;
  } = {},
): Row[] {
  const removed = new Set((changes.remove ?? []).map((email) => email.toLowerCase()));
  const kept = guests
    .filter((guest) => !removed.has(String(guest.email).toLowerCase()))
    .map((guest) => {
      const email = String(guest.email);
      const answer = changes.answer?.[email] ?? String(guest.response_status ?? 'needsAction');
      return {
        email,
        responseStatus: answer,
        ...(typeof guest.display_name === 'string' ? { displayName: guest.display_name } : {}),
        ...(guest.optional === true ? { optional: true } : {}),
        ...(guest.resource === true ? { resource: true } : {}),
      };
    });
  return [...kept, ...(changes.add ?? [])];
}
