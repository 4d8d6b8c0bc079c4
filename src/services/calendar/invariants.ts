import type { Row } from '../../schema/json.js';
import { eachRow, foreignKey, type InvariantRule, quote } from '../invariant.js';
import { type EventTime, timeOf } from './event-timing.js';
import { text } from './row-fields.js';
import {
  isKnownTimeZone,
  parseDate,
  parseNaive,
  parseRfc3339,
  wallToInstant,
} from './time-zones.js';

/** An instant (timed) or a day (all-day) of one end of an event, undefined when unreadable. */
function pointOf(
  time: EventTime | undefined,
  naive: string | undefined,
  zone: string,
): { allDay: boolean; ms: number } | undefined {
  if (time?.date) {
    const day = parseDate(time.date);
    return day === undefined ? undefined : { allDay: true, ms: day };
  }
  const dateTime = time?.dateTime ?? naive;
  if (!dateTime) return undefined;
  const exact = parseRfc3339(dateTime);
  if (exact !== undefined) return { allDay: false, ms: exact };
  const own = time?.timeZone && isKnownTimeZone(time.timeZone) ? time.timeZone : zone;
  const wall = parseNaive(dateTime);
  return wall === undefined ? undefined : { allDay: false, ms: wallToInstant(wall, own) };
}

function timingProblem(row: Row): string | undefined {
  const startTime = timeOf(row, 'start');
  const zone =
    startTime?.timeZone && isKnownTimeZone(startTime.timeZone) ? startTime.timeZone : 'UTC';
  const start = pointOf(startTime, text(row, 'start_datetime'), zone);
  const end = pointOf(timeOf(row, 'end'), text(row, 'end_datetime'), zone);
  // An event without readable times (e.g. a cancelled instance) is not this rule's business.
  if (!start || !end) return undefined;
  const id = quote(row.id);
  if (start.allDay !== end.allDay)
    return `event ${id} has an all-day ${start.allDay ? 'start' : 'end'} and a timed ${start.allDay ? 'end' : 'start'}`;
  if (start.allDay && end.ms <= start.ms)
    return `all-day event ${id} ends on ${quote(timeOf(row, 'end')?.date)}, not after its start ${quote(startTime?.date)} (the end date is exclusive)`;
  if (!start.allDay && end.ms < start.ms)
    return `event ${id} ends at ${new Date(end.ms).toISOString()}, before its start ${new Date(start.ms).toISOString()}`;
  return undefined;
}

const eventEndsAfterStart = eachRow({
  name: 'calendar.event-ends-after-start',
  service: 'calendar',
  affectsOtherRows: () => false,
  tables: ['calendar_events'],
  test: (row) => {
    const message = timingProblem(row);
    return message ? { message } : undefined;
  },
  description:
    'an all-day event ends on a later date than it starts (the end date is exclusive); a timed event does not end before it starts; start and end are both dates or both times',
  why: 'Google Calendar refuses an event whose end precedes its start (timeRangeEmpty) and one that mixes date and dateTime',
  fix: 'move the end after the start (for all-day events, the day after the last day)',
});

const eventCalendarExists = foreignKey({
  name: 'calendar.event-calendar-exists',
  service: 'calendar',
  refs: [{ table: 'calendar_events', column: 'calendar_id', target: 'calendars' }],
  description: "an event's calendar_id names an existing calendar",
  why: 'every Google Calendar event lives in a calendar; events.insert refuses an unknown calendar (404)',
  fix: 'point calendar_id at an existing calendar',
});

const attendeeEventExists = foreignKey({
  name: 'calendar.attendee-event-exists',
  service: 'calendar',
  refs: [{ table: 'calendar_event_attendees', column: 'event_id', target: 'calendar_events' }],
  description: "an attendee row's event_id names an existing event",
  why: "attendees are part of their event's resource in Google Calendar; they cannot exist without it",
  fix: 'point event_id at an existing event, or delete the attendees with their event',
});

/** Google Calendar's invariants (docs/pack-format.md, "Service invariants"). */
export const CalendarInvariants: readonly InvariantRule[] = [
  eventEndsAfterStart,
  eventCalendarExists,
  attendeeEventExists,
];
