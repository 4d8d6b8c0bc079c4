import type { JsonValue, Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { roleRank } from '../access.js';
import { attendeesOfEvent } from '../indexes.js';
import { numberOf, stringList, text } from '../row-fields.js';
import {
  bodyObject,
  invalid,
  isPrimaryCalendar,
  needWriter,
  refuse,
  required,
  succeeded,
  visibleCalendarRow,
  type WriteCall,
} from './call.js';
import {
  type AttendeeInput,
  type EventInput,
  readEventBody,
  SIGNIFICANT_COLUMNS,
  WRITABLE_EVENT_FIELDS,
} from './event-body.js';
import { type EventTarget, locateEvent } from './event-target.js';
import { htmlLinkOf, newEtag, newEventId, stamp } from './stamps.js';

const EVENT_TYPES = ['default', 'outOfOffice', 'focusTime', 'workingLocation'];

const eventPath = (calendarId: string, eventId: string): string =>
  `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}`;

const zoneOf = (calendar: Row): string => text(calendar, 'time_zone') ?? 'UTC';

/** Google answers a write to an event already deleted with 410 Gone, reason `deleted`. */
const gone = (): never => refuse(410, 'deleted', 'Resource has been deleted');

function attendeeRow(eventId: string, guest: AttendeeInput): Row {
  return { event_id: eventId, ...guest };
}

/** The row changes that turn an event's guest list into `wanted`. */
function guestListChanges(
  current: readonly Row[],
  eventId: string,
  wanted: AttendeeInput[],
): PatchOp[] {
  const ops: PatchOp[] = [];
  const byEmail = new Map(current.map((row) => [text(row, 'email')?.toLowerCase() ?? '', row]));
  const kept = new Set<string>();
  for (const guest of wanted) {
    const key = guest.email.toLowerCase();
    const existing = byEmail.get(key);
    if (!existing) {
      ops.push({
        op: 'insert',
        table: 'calendar_event_attendees',
        row: attendeeRow(eventId, guest),
      });
      continue;
    }
    kept.add(key);
    const set: Row = {};
    if (existing.response_status !== guest.response_status)
      set.response_status = guest.response_status;
    if ((existing.optional ?? false) !== guest.optional) set.optional = guest.optional;
    if (guest.display_name !== null && existing.display_name !== guest.display_name)
      set.display_name = guest.display_name;
    if (Object.keys(set).length > 0)
      ops.push({
        op: 'update',
        table: 'calendar_event_attendees',
        key: { event_id: eventId, email: String(existing.email) },
        set,
      });
  }
  for (const [key, row] of byEmail)
    if (!kept.has(key))
      ops.push({
        op: 'delete',
        table: 'calendar_event_attendees',
        key: { event_id: eventId, email: String(row.email) },
      });
  return ops;
}

/** Whether any significant column changes (Google then increments `sequence`). */
function significant(before: Row, set: Row): boolean {
  return SIGNIFICANT_COLUMNS.some(
    (column) =>
      column in set &&
      JSON.stringify(set[column] ?? null) !== JSON.stringify(before[column] ?? null),
  );
}

/** Who organizes an event created on `calendar` by the caller (the seed's convention). */
function organizerFor(call: WriteCall, calendar: Row): { id: JsonValue; email: JsonValue } {
  if (isPrimaryCalendar(call.state, calendar))
    return { id: calendar.owner_id ?? null, email: String(calendar.id) };
  // Group calendars in the seed name the person who organized the event.
  return { id: call.actor.id, email: call.access.actorEmail ?? null };
}

/** POST /calendars/{calendarId}/events (events.insert) */
export function insertEvent(call: WriteCall, calendarParam: string): WriteResult {
  const calendar = visibleCalendarRow(call, calendarParam);
  const calendarId = String(calendar.id);
  if (roleRank(call.access.roleFor(calendarId)) < roleRank('writer')) return needWriter();
  const body = bodyObject(call);
  if (body.start === undefined) return required('Missing start time.');
  if (body.end === undefined) return required('Missing end time.');
  let id: string;
  if (body.id !== undefined) {
    if (typeof body.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(body.id))
      return invalid('Invalid resource id value.');
    id = body.id;
    if (call.state.hasTable('calendar_events') && call.state.get('calendar_events', { id }))
      return refuse(409, 'duplicate', 'The requested identifier already exists.');
  } else id = newEventId(call.env);
  const eventType = body.eventType ?? 'default';
  if (typeof eventType !== 'string' || !EVENT_TYPES.includes(eventType))
    return invalid(`Invalid value for eventType: ${JSON.stringify(eventType)}`);
  const input = readEventBody(body, zoneOf(calendar), undefined);
  const now = stamp(call.env);
  const organizer = organizerFor(call, calendar);
  const row: Row = {
    id,
    calendar_id: calendarId,
    ical_uid: `${id}@google.com`,
    summary: null,
    description: null,
    location: null,
    status: 'confirmed',
    visibility: 'default',
    transparency: 'opaque',
    event_type: eventType,
    creator_id: call.actor.id,
    organizer_id: organizer.id,
    creator_email: call.access.actorEmail ?? null,
    organizer_email: organizer.email,
    recurrence: null,
    recurring_event_id: null,
    original_start_time: null,
    sequence: 0,
    ...input.set,
    etag: newEtag(call.env),
    html_link: htmlLinkOf(id),
    created_at: now,
    updated_at: now,
  };
  const patch: PatchOp[] = [{ op: 'insert', table: 'calendar_events', row }];
  for (const guest of input.attendees ?? [])
    patch.push({ op: 'insert', table: 'calendar_event_attendees', row: attendeeRow(id, guest) });
  return succeeded(call, patch, eventPath(calendarId, id));
}

/** What a guest may change on their copy: their own answer, unless the organizer lets guests modify. */
function guestChange(
  call: WriteCall,
  target: EventTarget,
  input: EventInput,
  now: string,
): PatchOp[] {
  const row = target.row ?? target.occurrence.row;
  const forbidden = (): never =>
    refuse(
      403,
      'forbiddenForNonOrganizer',
      'Shared properties can only be changed by the organizer of the event.',
      'calendar',
    );
  const changed = Object.entries(input.set).filter(
    ([column, value]) => JSON.stringify(value) !== JSON.stringify(row[column] ?? null),
  );
  if (changed.length > 0) return forbidden();
  const eventId = target.occurrence.id;
  const sourceId = target.occurrence.attendeeSources.find(
    (id) => attendeesOfEvent(call.state, id).length > 0,
  );
  const guests = sourceId ? attendeesOfEvent(call.state, sourceId) : [];
  const mine = guests.find((guest) => text(guest, 'email')?.toLowerCase() === target.guestEmail);
  if (!mine) return forbidden();
  let answer: string | undefined;
  for (const wanted of input.attendees ?? []) {
    const key = wanted.email.toLowerCase();
    const before = guests.find((guest) => text(guest, 'email')?.toLowerCase() === key);
    if (!before) return forbidden();
    if (key === target.guestEmail) answer = wanted.response_status;
    else if (before.response_status !== wanted.response_status) return forbidden();
  }
  if (input.attendees && input.attendees.length !== guests.length) return forbidden();
  if (answer === undefined || answer === mine.response_status) return [];
  if (target.row === undefined || sourceId !== eventId)
    // Answering one occurrence of a series is an exception of its own; modelled for the whole event only.
    return forbidden();
  return [
    {
      op: 'update',
      table: 'calendar_event_attendees',
      key: { event_id: sourceId, email: String(mine.email) },
      set: { response_status: answer },
    },
    {
      op: 'update',
      table: 'calendar_events',
      key: { id: eventId },
      set: { etag: newEtag(call.env), updated_at: now },
    },
  ];
}

/**
 * The exception row Google stores when one occurrence of a series is changed or cancelled:
 * the series' details under the instance id, with `recurringEventId` and `originalStartTime`.
 */
function exceptionRow(call: WriteCall, target: EventTarget, set: Row, now: string): Row {
  const series = target.occurrence.row;
  const { occurrence } = target;
  const naive = (time: Row): string =>
    typeof time.date === 'string' ? `${time.date}T00:00:00` : String(time.dateTime).slice(0, 19);
  const start = occurrence.start as Row;
  const end = occurrence.end as Row;
  const base: Row = {
    ...series,
    id: occurrence.id,
    ical_uid: text(series, 'ical_uid') ?? `${text(series, 'id')}@google.com`,
    start,
    end,
    start_datetime: naive(start),
    end_datetime: naive(end),
    recurrence: null,
    recurring_event_id: text(series, 'id') ?? null,
    original_start_time: (occurrence.originalStartTime ?? start) as Row,
    html_link: htmlLinkOf(occurrence.id),
  };
  const sequence = numberOf(series, 'sequence') ?? 0;
  return {
    ...base,
    ...set,
    sequence: significant(base, set) ? sequence + 1 : sequence,
    etag: newEtag(call.env),
    created_at: now,
    updated_at: now,
  };
}

/** PUT (events.update) or PATCH (events.patch) /calendars/{calendarId}/events/{eventId} */
export function changeEvent(
  call: WriteCall,
  calendarParam: string,
  eventId: string,
  mode: 'update' | 'patch',
): WriteResult {
  const target = locateEvent(call, calendarParam, eventId);
  const body = bodyObject(call);
  if (mode === 'update') {
    if (body.start === undefined) return required('Missing start time.');
    if (body.end === undefined) return required('Missing end time.');
  }
  const current = target.row ?? target.occurrence.row;
  const input = readEventBody(body, zoneOf(target.calendar), current);
  if (mode === 'update') {
    // events.update replaces the resource: writable fields it does not send are cleared.
    const cleared: Row = { summary: null, description: null, location: null, color_id: null };
    for (const [column, value] of Object.entries(cleared))
      if (!(column in input.set) && column in current) input.set[column] = value;
    if (!('visibility' in input.set)) input.set.visibility = 'default';
    if (!('transparency' in input.set)) input.set.transparency = 'opaque';
    if (!('recurrence' in input.set) && target.series === undefined) input.set.recurrence = null;
    if (input.attendees === undefined) input.attendees = [];
    // A guest's update sends the event back as they see it; only their answer counts.
    if (target.rights === 'guest' && current.guests_can_modify !== true)
      for (const field of WRITABLE_EVENT_FIELDS) if (!(field in body)) delete input.set[field];
  }
  const now = stamp(call.env);
  const readBack = eventPath(String(target.calendar.id), target.occurrence.id);
  // With guestsCanModify the organizer lets guests change the event itself.
  if (target.rights === 'guest' && current.guests_can_modify !== true)
    return succeeded(call, guestChange(call, target, input, now), readBack);
  if (target.series && 'recurrence' in input.set && input.set.recurrence !== null)
    return invalid(
      'Invalid recurrence rule: an instance of a recurring event cannot have its own recurrence.',
    );
  const patch: PatchOp[] = [];
  if (target.row === undefined) {
    // The first change to one occurrence stores it as an exception of its series.
    const row = exceptionRow(call, target, input.set, now);
    patch.push({ op: 'insert', table: 'calendar_events', row });
    if (input.attendees)
      for (const guest of input.attendees)
        patch.push({
          op: 'insert',
          table: 'calendar_event_attendees',
          row: attendeeRow(row.id as string, guest),
        });
  } else {
    const row = target.row;
    const set: Row = { ...input.set };
    if (significant(row, set)) set.sequence = (numberOf(row, 'sequence') ?? 0) + 1;
    set.etag = newEtag(call.env);
    set.updated_at = now;
    patch.push({ op: 'update', table: 'calendar_events', key: { id: String(row.id) }, set });
    if (input.attendees) {
      const own = attendeesOfEvent(call.state, String(row.id));
      patch.push(...guestListChanges(own, String(row.id), input.attendees));
    }
  }
  return succeeded(call, patch, readBack);
}

/**
 * DELETE /calendars/{calendarId}/events/{eventId} (events.delete): Google keeps a cancelled
 * record (status `cancelled`, sequence incremented) that sync and showDeleted still list;
 * deleting one occurrence stores a cancelled exception; a guest deleting their copy declines.
 */
export function deleteEvent(call: WriteCall, calendarParam: string, eventId: string): WriteResult {
  const target = locateEvent(call, calendarParam, eventId);
  if (target.occurrence.status === 'cancelled') return gone();
  const now = stamp(call.env);
  if (target.rights === 'guest') {
    const input: EventInput = { set: {}, attendees: [] };
    const sourceId = target.occurrence.attendeeSources.find(
      (id) => attendeesOfEvent(call.state, id).length > 0,
    );
    for (const guest of sourceId ? attendeesOfEvent(call.state, sourceId) : [])
      input.attendees?.push({
        email: String(guest.email),
        response_status:
          text(guest, 'email')?.toLowerCase() === target.guestEmail
            ? 'declined'
            : String(guest.response_status ?? 'needsAction'),
        display_name: null,
        optional: guest.optional === true,
        resource: guest.resource === true,
      });
    return succeeded(call, guestChange(call, target, input, now), undefined);
  }
  if (target.row === undefined) {
    const row = exceptionRow(call, target, { status: 'cancelled' }, now);
    return succeeded(call, [{ op: 'insert', table: 'calendar_events', row }], undefined);
  }
  const row = target.row;
  return succeeded(
    call,
    [
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: String(row.id) },
        set: {
          status: 'cancelled',
          sequence: (numberOf(row, 'sequence') ?? 0) + 1,
          etag: newEtag(call.env),
          updated_at: now,
        },
      },
    ],
    undefined,
  );
}

/**
 * POST /calendars/{calendarId}/events/{eventId}/move?destination= (events.move): the event,
 * with its exceptions, goes to the destination calendar, which becomes its organizer.
 */
export function moveEvent(call: WriteCall, calendarParam: string, eventId: string): WriteResult {
  const destinationParam = call.query.string('destination');
  if (destinationParam === undefined) return required('Required parameter: destination');
  const target = locateEvent(call, calendarParam, eventId);
  const destination = visibleCalendarRow(call, destinationParam);
  const destinationId = String(destination.id);
  if (roleRank(call.access.roleFor(destinationId)) < roleRank('writer')) return needWriter();
  if (target.rights === 'guest')
    return refuse(
      400,
      'cannotChangeOrganizer',
      'Cannot change the organizer of this event.',
      'calendar',
    );
  if (target.series !== undefined || target.row === undefined)
    return refuse(
      400,
      'cannotChangeOrganizerOfInstance',
      'Cannot change the organizer of an instance.',
      'calendar',
    );
  const row = target.row;
  if (text(row, 'status') === 'cancelled') return gone();
  if ((text(row, 'event_type') ?? 'default') !== 'default')
    return refuse(400, 'eventTypeRestriction', 'Only default events can be moved.', 'calendar');
  const readBack = eventPath(destinationId, String(row.id));
  if (destinationId === String(target.calendar.id)) return succeeded(call, [], readBack);
  const now = stamp(call.env);
  const organizerId = isPrimaryCalendar(call.state, destination)
    ? (destination.owner_id ?? null)
    : null;
  const moved = [
    row,
    ...(stringList(row, 'recurrence').length > 0
      ? call.state.rows('calendar_events').filter((other) => other.recurring_event_id === row.id)
      : []),
  ];
  const patch: PatchOp[] = moved.map((each) => ({
    op: 'update',
    table: 'calendar_events',
    key: { id: String(each.id) },
    set: {
      calendar_id: destinationId,
      organizer_id: organizerId,
      organizer_email: destinationId,
      etag: newEtag(call.env),
      updated_at: now,
    },
  }));
  return succeeded(call, patch, readBack);
}
