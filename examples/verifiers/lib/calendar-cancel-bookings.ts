// The verifier plan of family calendar-cancel-person-bookings (calendar_9, calendar_10): every
// live booking of one person on the Studio desks calendar from a date on is cancelled (marked
// cancelled or deleted), and nothing else changes. The calendar holds more events than one
// page, so every listing follows nextPageToken; cancelled bookings are listed too
// (showDeleted), because one brought back to life is a change as well.
import type { VerifierResult } from '../../../src/contract/verifier.js';
import { type CalendarEvent, calendarNamed, fingerprint, listAll } from './calendar.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf } from './common.js';

export interface CancelBookingsTask {
  person: string;
  /** First day (`YYYY-MM-DD`) whose bookings go. */
  from: string;
}

export interface BookingsSeen {
  calendarId: string;
  events: CalendarEvent[];
}

const CALENDAR = 'Studio desks';
const enc = encodeURIComponent;

/** Every event of the calendar in the spring, cancelled ones included, all pages. */
const everything = (client: Run['before'], calendarId: string): Promise<CalendarEvent[]> =>
  listAll<CalendarEvent>(client, `calendars/${enc(calendarId)}/events`, {
    timeMin: '2026-01-01T00:00:00-05:00',
    timeMax: '2026-07-01T00:00:00-04:00',
    singleEvents: true,
    showDeleted: true,
    maxResults: 250,
  });

const dayOf = (event: CalendarEvent): string =>
  event.start?.date ?? event.start?.dateTime?.slice(0, 10) ?? '';

export function cancelBookingsPlan(task: CancelBookingsTask): VerifierPlan<BookingsSeen, string[]> {
  return {
    async read({ before }: Run): Promise<BookingsSeen> {
      const calendarId = await calendarNamed(before, CALENDAR);
      return { calendarId, events: await everything(before, calendarId) };
    },
    /** The person's bookings that are live from the date on, in this run's before-state. */
    required: ({ events }) =>
      events
        .filter(
          (event) =>
            String(event.summary).endsWith(`: ${task.person}`) &&
            dayOf(event) >= task.from &&
            event.status !== 'cancelled',
        )
        .map((event) => event.id),
    async judge(
      { calendarId, events }: BookingsSeen,
      toCancel: string[],
      { after }: Run,
    ): Promise<VerifierResult> {
      const later = await everything(after, calendarId);
      const afterById = new Map(later.map((event) => [event.id, event]));
      const stillLive = toCancel.filter((id) => {
        const now = afterById.get(id);
        return now !== undefined && now.status !== 'cancelled';
      });
      const known = new Set(events.map((event) => event.id));
      const otherChanges = [
        ...events
          .filter((event) => !toCancel.includes(event.id))
          .filter((event) => {
            const now = afterById.get(event.id);
            return !now || fingerprint(now) !== fingerprint(event);
          })
          .map((event) => `${event.summary} on ${dayOf(event)}`),
        ...later
          .filter((event) => !known.has(event.id))
          .map((event) => `${event.summary} on ${dayOf(event)} (new)`),
      ];
      return verdictOf(
        [
          {
            name: `every booking of ${task.person} from ${task.from} is cancelled`,
            ok: stillLive.length === 0,
            detail: `${toCancel.length} to cancel, still live ${listedAsJson(stillLive)}`,
          },
          {
            name: 'no other booking changed, cancelled ones included',
            ok: otherChanges.length === 0,
            detail: `changed ${listedAsJson(otherChanges)}`,
          },
        ],
        `Listed every booking on ${CALENDAR} (all pages, cancelled ones too) before and after the run.`,
      );
    },
  };
}
