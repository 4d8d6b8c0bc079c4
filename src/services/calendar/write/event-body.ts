import type { JsonValue, Row } from '../../../schema/json.js';
import {
  formatInZone,
  instantToWall,
  isKnownTimeZone,
  parseDate,
  parseNaive,
  parseRfc3339,
  wallToInstant,
} from '../time-zones.js';
import { invalid, refuse, required } from './call.js';

/**
 * An event resource sent to events.insert / update / patch, read into the replica's columns.
 * Only fields the body carries are returned (patch semantics); update fills the rest itself.
 */

/** Event fields a client may write, and the column each is stored in. */
const SIMPLE_FIELDS: Readonly<Record<string, string>> = {
  summary: 'summary',
  description: 'description',
  location: 'location',
  colorId: 'color_id',
  visibility: 'visibility',
  transparency: 'transparency',
  guestsCanModify: 'guests_can_modify',
};

const ENUMS: Readonly<Record<string, readonly string[]>> = {
  status: ['confirmed', 'tentative', 'cancelled'],
  visibility: ['default', 'public', 'private', 'confidential'],
  transparency: ['opaque', 'transparent'],
  responseStatus: ['needsAction', 'declined', 'tentative', 'accepted'],
};

/** Every writable event field (update clears those it does not send). */
export const WRITABLE_EVENT_FIELDS = [
  ...Object.keys(SIMPLE_FIELDS),
  'status',
  'start',
  'end',
  'recurrence',
  'attendees',
] as const;

export interface AttendeeInput {
  email: string;
  response_status: string;
  display_name: string | null;
  optional: boolean;
  resource: boolean;
}

export interface EventInput {
  /** Column values to write (start/end and their naive columns included). */
  set: Row;
  /** The guest list, when the body carries `attendees`. */
  attendees?: AttendeeInput[];
}

function enumValue(field: string, value: unknown): string {
  const allowed = ENUMS[field] ?? [];
  if (typeof value !== 'string' || !allowed.includes(value))
    return invalid(`Invalid value for ${field}: ${JSON.stringify(value)}`);
  return value;
}

interface TimeInput {
  time: Row;
  naive: string;
  allDay: boolean;
  /** Instant (timed) or wall-clock midnight (all-day), for the order check. */
  ms: number;
}

/**
 * One `start`/`end` object: a `date`, or a `dateTime` with an offset or a `timeZone`. Google
 * stores a zoned dateTime written in that zone's offset, and the naive columns keep the wall time.
 */
function readTime(field: 'start' | 'end', value: unknown, calendarZone: string): TimeInput {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return required(`Missing ${field} time.`);
  const time = value as Record<string, unknown>;
  const zone = time.timeZone;
  if (zone !== undefined && (typeof zone !== 'string' || !isKnownTimeZone(zone)))
    return invalid(`Invalid time zone definition for ${field} time.`);
  if (typeof time.date === 'string' && time.dateTime === undefined) {
    const day = parseDate(time.date);
    if (day === undefined) return invalid(`Invalid ${field} time.`);
    return {
      time: { date: time.date, ...(zone ? { timeZone: zone } : {}) },
      naive: `${time.date}T00:00:00`,
      allDay: true,
      ms: day,
    };
  }
  if (typeof time.dateTime !== 'string' || time.date !== undefined)
    return required(`Missing ${field} time.`);
  const exact = parseRfc3339(time.dateTime);
  const ownZone = typeof zone === 'string' ? zone : undefined;
  let ms = exact;
  if (ms === undefined) {
    // A dateTime without an offset is wall time in its timeZone, which is then required.
    const wall = parseNaive(time.dateTime);
    if (wall === undefined || time.dateTime.length > 19 || !ownZone)
      return required(`Missing time zone definition for ${field} time.`);
    ms = wallToInstant(wall, ownZone);
  }
  const shownIn = ownZone ?? calendarZone;
  const naive = new Date(instantToWall(ms, shownIn)).toISOString().slice(0, 19);
  return {
    time: ownZone
      ? { dateTime: formatInZone(ms, ownZone), timeZone: ownZone }
      : { dateTime: time.dateTime },
    naive,
    allDay: false,
    ms,
  };
}

function readAttendees(value: unknown): AttendeeInput[] {
  if (!Array.isArray(value)) return invalid('Invalid value for attendees.');
  const seen = new Set<string>();
  const out: AttendeeInput[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      return invalid('Invalid attendee.');
    const guest = item as Record<string, unknown>;
    if (typeof guest.email !== 'string' || guest.email.trim() === '')
      return required('Missing attendee email.');
    const email = guest.email.trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) return invalid('Invalid attendee email.');
    // Google keeps one guest per address.
    if (seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push({
      email,
      response_status:
        guest.responseStatus === undefined
          ? 'needsAction'
          : enumValue('responseStatus', guest.responseStatus),
      display_name: typeof guest.displayName === 'string' ? guest.displayName : null,
      optional: guest.optional === true,
      resource: guest.resource === true,
    });
  }
  return out;
}

function readRecurrence(value: unknown): string[] | null {
  if (value === null) return null;
  if (!Array.isArray(value) || value.some((line) => typeof line !== 'string'))
    return invalid('Invalid recurrence rule.');
  const lines = value as string[];
  for (const line of lines) {
    if (!/^(RRULE|EXRULE|RDATE|EXDATE)[:;]/i.test(line)) return invalid('Invalid recurrence rule.');
    if (
      /^RRULE:/i.test(line) &&
      !/FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY|HOURLY|MINUTELY|SECONDLY)/i.test(line)
    )
      return invalid('Invalid recurrence rule.');
  }
  return lines.length === 0 ? null : lines;
}

/**
 * The columns a body writes, checked as Google checks them. `current` is the row the body
 * changes (its start or end stays when the body sends only the other one).
 */
export function readEventBody(
  body: Record<string, unknown>,
  calendarZone: string,
  current: Row | undefined,
): EventInput {
  const set: Row = {};
  for (const [field, column] of Object.entries(SIMPLE_FIELDS)) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value === null) {
      set[column] = null;
      continue;
    }
    if (field in ENUMS) set[column] = enumValue(field, value);
    else if (field === 'guestsCanModify') {
      if (typeof value !== 'boolean') return invalid('Invalid value for guestsCanModify.');
      set[column] = value;
    } else if (field === 'colorId') {
      if (typeof value !== 'string' || !/^(?:[1-9]|1[01])$/.test(value))
        return invalid(`Invalid value for colorId: ${JSON.stringify(value)}`);
      set[column] = value;
    } else {
      if (typeof value !== 'string') return invalid(`Invalid value for ${field}.`);
      set[column] = value;
    }
  }
  if ('status' in body) set.status = enumValue('status', body.status);
  if ('recurrence' in body) set.recurrence = readRecurrence(body.recurrence) as JsonValue;
  if ('start' in body || 'end' in body) {
    const start = readTime('start', 'start' in body ? body.start : current?.start, calendarZone);
    const end = readTime('end', 'end' in body ? body.end : current?.end, calendarZone);
    if (start.allDay !== end.allDay)
      return invalid('Start and end times must either both be date or both be dateTime.');
    if (end.ms < start.ms || (start.allDay && end.ms === start.ms))
      return refuse(400, 'timeRangeEmpty', 'The specified time range is empty.', 'calendar');
    set.start = start.time;
    set.end = end.time;
    set.start_datetime = start.naive;
    set.end_datetime = end.naive;
  }
  const attendees = 'attendees' in body ? readAttendees(body.attendees ?? []) : undefined;
  return attendees === undefined ? { set } : { set, attendees };
}

/** Columns Google counts as a significant change (RFC 5545 SEQUENCE): times, rule, status. */
export const SIGNIFICANT_COLUMNS = ['start', 'end', 'recurrence', 'status'] as const;
