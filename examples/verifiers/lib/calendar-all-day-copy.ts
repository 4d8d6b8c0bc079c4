// The verifier plan of family calendar-all-day-copy-details (calendar_7, calendar_8): a new
// all-day event, shown as free, whose copied details are what the original says in this run's
// before-state. All-day means dates without times, the end date being the day after.
import type { VerifierResult } from '../../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  changedEvents,
  eventsBetween,
  onlyEvent,
} from './calendar.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf } from './common.js';

export type CopiedField = 'description' | 'location';

export interface AllDayCopyTask {
  calendar: string;
  original: { title: string; dayStart: string; dayEnd: string };
  copied: readonly CopiedField[];
  title: string;
  /** The new event's date and the day after it (its exclusive end). */
  date: string;
  endDate: string;
}

export interface AllDaySeen {
  calendarId: string;
  original: CalendarEvent;
}

/** The copied fields and the text each must have (missing: empty). */
export type CopiedValues = Partial<Record<CopiedField, string>>;

const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-07-01T00:00:00-04:00';

export function allDayCopyPlan(task: AllDayCopyTask): VerifierPlan<AllDaySeen, CopiedValues> {
  return {
    async read({ before }: Run): Promise<AllDaySeen> {
      const calendarId = await calendarNamed(before, task.calendar);
      const day = await eventsBetween(
        before,
        calendarId,
        task.original.dayStart,
        task.original.dayEnd,
      );
      return { calendarId, original: onlyEvent(day, task.original.title, `on ${task.calendar}`) };
    },
    required: ({ original }) =>
      Object.fromEntries(task.copied.map((field) => [field, original[field] ?? ''])),
    async judge(
      { calendarId }: AllDaySeen,
      copied: CopiedValues,
      { before, after }: Run,
    ): Promise<VerifierResult> {
      const earlier = await eventsBetween(before, calendarId, WINDOW_START, WINDOW_END);
      const later = await eventsBetween(after, calendarId, WINDOW_START, WINDOW_END);
      const known = new Set(earlier.map((event) => event.id));
      const added = later.filter((event) => event.summary === task.title && !known.has(event.id));
      const event = added[0];
      const stray = changedEvents(earlier, later, event ? [event.id] : []);
      const wrongCopies = task.copied.filter(
        (field) => (event?.[field] ?? '') !== (copied[field] ?? ''),
      );
      return verdictOf(
        [
          {
            name: `one new "${task.title}" on ${task.calendar}`,
            ok: added.length === 1,
            detail: `new ${listedAsJson(added.map((one) => one.id))}`,
          },
          {
            name: `all-day on ${task.date} only`,
            ok:
              event?.start?.date === task.date &&
              event.start.dateTime === undefined &&
              event.end?.date === task.endDate,
            detail: `start ${JSON.stringify(event?.start)}, end ${JSON.stringify(event?.end)}`,
          },
          {
            name: 'shown as free',
            ok: event?.transparency === 'transparent',
            detail: `transparency ${JSON.stringify(event?.transparency ?? 'opaque')}`,
          },
          {
            name: `${task.copied.join(' and ')} copied from "${task.original.title}" as it is now`,
            ok: event !== undefined && wrongCopies.length === 0,
            detail: task.copied
              .map((field) => `${field} ${JSON.stringify(event?.[field])}`)
              .join(', '),
          },
          {
            name: `nothing else on ${task.calendar} changed`,
            ok: stray.length === 0,
            detail: `changed ${listedAsJson(stray)}`,
          },
        ],
        `Read "${task.title}" on ${task.calendar} after the run and compared it with "${task.original.title}" before it.`,
      );
    },
  };
}
