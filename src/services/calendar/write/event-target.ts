import type { Row } from '../../../schema/json.js';
import { roleRank } from '../access.js';
import { createContext } from '../context.js';
import { findEvent } from '../events.js';
import { attendeesOfEvent } from '../indexes.js';
import type { Occurrence } from '../occurrences.js';
import { QueryParams } from '../query.js';
import { text } from '../row-fields.js';
import {
  isPrimaryCalendar,
  needWriter,
  notFound,
  visibleCalendarRow,
  type WriteCall,
} from './call.js';

/**
 * The event a write names: a stored row (single event, series, exception) or an occurrence of
 * a series computed from its rule, as the read replica resolves ids (events.ts, findEvent).
 */
export interface EventTarget {
  /** The calendar the event is stored on. */
  calendar: Row;
  occurrence: Occurrence;
  /** The stored row under this id; undefined for an occurrence not stored yet. */
  row: Row | undefined;
  /** The series an occurrence or exception belongs to. */
  series: Row | undefined;
  /**
   * `organizer`: the caller edits the event itself (writer on the organizer's calendar, or on
   * a group calendar that holds it). `guest`: the caller edits a guest's copy (their own, or
   * one on a calendar they write), where only the guest's own answer is theirs to change.
   */
  rights: 'organizer' | 'guest';
  /** The guest whose copy this is (rights `guest`). */
  guestEmail: string | undefined;
}

const lower = (value: string | undefined): string | undefined => value?.toLowerCase();

function occurrenceOn(call: WriteCall, calendar: Row, eventId: string): Occurrence | undefined {
  const ctx = createContext(
    call.state,
    call.access,
    new QueryParams({}, new URLSearchParams()),
    {},
  );
  return findEvent(ctx, String(calendar.id), text(calendar, 'time_zone'), eventId);
}

function isGuest(call: WriteCall, occurrence: Occurrence, email: string | undefined): boolean {
  if (!email) return false;
  return occurrence.attendeeSources.some((id) =>
    attendeesOfEvent(call.state, id).some((guest) => lower(text(guest, 'email')) === email),
  );
}

function targetOf(
  call: WriteCall,
  calendar: Row,
  occurrence: Occurrence,
  rights: EventTarget['rights'],
  guestEmail: string | undefined,
): EventTarget {
  const stored = occurrence.row.id === occurrence.id ? occurrence.row : undefined;
  const seriesId = occurrence.recurringEventId;
  const series = seriesId
    ? call.state.hasTable('calendar_events')
      ? call.state.get('calendar_events', { id: seriesId })
      : undefined
    : undefined;
  return { calendar, occurrence, row: stored, series, rights, guestEmail };
}

/**
 * The event `eventId` on the calendar a path names, with the caller's rights on it. An event
 * stored elsewhere is found on the caller's own primary calendar when they are its guest (the
 * guest's copy, same id, as on Google). Anything else the caller cannot see is 404; seeing
 * without writer access is 403 requiredAccessLevel.
 */
export function locateEvent(call: WriteCall, calendarParam: string, eventId: string): EventTarget {
  const calendar = visibleCalendarRow(call, calendarParam);
  const calendarId = String(calendar.id);
  const occurrence = occurrenceOn(call, calendar, eventId);
  const me = call.access.actorEmail;
  if (occurrence) {
    if (roleRank(call.access.roleFor(calendarId)) < roleRank('writer')) return needWriter();
    // On a person's primary calendar, an event organized by someone else is that person's
    // copy as a guest; on a group calendar, its writers act for the organizer.
    const organizer = lower(text(occurrence.row, 'organizer_email'));
    if (isPrimaryCalendar(call.state, calendar) && organizer !== lower(calendarId))
      return targetOf(call, calendar, occurrence, 'guest', lower(calendarId));
    return targetOf(call, calendar, occurrence, 'organizer', undefined);
  }
  if (calendarId.toLowerCase() === call.access.primaryCalendarId()?.toLowerCase() && me) {
    for (const other of call.state.hasTable('calendars') ? call.state.rows('calendars') : []) {
      if (other.id === calendarId) continue;
      const found = occurrenceOn(call, other, eventId);
      if (found && isGuest(call, found, me)) return targetOf(call, other, found, 'guest', me);
    }
  }
  return notFound();
}
