// The verifier plan of family calendar-cancel-one-occurrence (calendar_5, calendar_6): one
// meeting of a series is cancelled, nothing else moves. The meeting is the instance with that
// title on that day in this run's before-state; its id and series come from the listing, never
// computed from the series' first start (whose UTC offset differs in winter).
import type { VerifierResult } from '../../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  eventOrMissing,
  eventsBetween,
  eventsChangedBetween,
  fingerprint,
  listAll,
  onlyEvent,
} from './calendar.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
} from './common.js';

export interface CancelOccurrenceTask {
  calendar: string;
  title: string;
  /** The day of the meeting, as New York day bounds (RFC 3339). */
  dayStart: string;
  dayEnd: string;
}

export interface OccurrenceSeen {
  calendarId: string;
  instance: CalendarEvent;
}

/** Which meeting is to be cancelled: its series and its instance id. */
export interface Occurrence {
  seriesId: string;
  instanceId: string;
}

// Wide enough for every meeting of the spring series and the events around them.
const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-06-01T00:00:00-04:00';
const enc = encodeURIComponent;

const instancesOf = (client: Run['before'], calendarId: string, seriesId: string) =>
  listAll<CalendarEvent>(client, `calendars/${enc(calendarId)}/events/${enc(seriesId)}/instances`, {
    timeMin: WINDOW_START,
    timeMax: WINDOW_END,
    maxResults: 250,
  });

const seriesShape = (event: CalendarEvent | undefined): string =>
  JSON.stringify({
    status: event?.status,
    summary: event?.summary,
    recurrence: (event as { recurrence?: unknown } | undefined)?.recurrence,
    start: event?.start,
    end: event?.end,
  });

export function cancelOccurrencePlan(
  task: CancelOccurrenceTask,
): VerifierPlan<OccurrenceSeen, Occurrence> {
  return {
    async read({ before }: Run): Promise<OccurrenceSeen> {
      const calendarId = await calendarNamed(before, task.calendar);
      const day = await eventsBetween(before, calendarId, task.dayStart, task.dayEnd);
      const instance = onlyEvent(day, task.title, `on ${task.calendar} that day`);
      if (!instance.recurringEventId)
        throw new AmbiguousNameError(`"${task.title}" that day is not a meeting of a series`);
      return { calendarId, instance };
    },
    required: ({ instance }) => ({
      seriesId: String(instance.recurringEventId),
      instanceId: instance.id,
    }),
    async judge(
      { calendarId }: OccurrenceSeen,
      { seriesId, instanceId }: Occurrence,
      { before, after }: Run,
    ): Promise<VerifierResult> {
      const meeting = await eventOrMissing(after, calendarId, instanceId);
      const masterBefore = await eventOrMissing(before, calendarId, seriesId);
      const masterAfter = await eventOrMissing(after, calendarId, seriesId);
      const othersBefore = (await instancesOf(before, calendarId, seriesId)).filter(
        (event) => event.id !== instanceId,
      );
      const othersAfter = await instancesOf(after, calendarId, seriesId);
      const afterById = new Map(othersAfter.map((event) => [event.id, event]));
      const movedOrGone = othersBefore
        .filter((event) => {
          const now = afterById.get(event.id);
          return !now || fingerprint(now) !== fingerprint(event);
        })
        .map((event) => event.start?.dateTime ?? event.start?.date ?? event.id);
      const extra = othersAfter.filter(
        (event) => event.id === instanceId || !othersBefore.some((old) => old.id === event.id),
      );
      const stray = await eventsChangedBetween(
        { before, after },
        calendarId,
        WINDOW_START,
        WINDOW_END,
        [instanceId],
      );
      return verdictOf(
        [
          {
            name: 'that meeting is cancelled',
            ok: meeting === undefined || meeting.status === 'cancelled',
            detail: `instance ${instanceId}: ${meeting?.status ?? 'gone'}`,
          },
          {
            name: 'the series keeps its rule, time and title',
            ok: masterAfter !== undefined && seriesShape(masterBefore) === seriesShape(masterAfter),
            detail: `series ${seriesId}`,
          },
          {
            name: 'every other meeting of the series stays as it was',
            ok: movedOrGone.length === 0 && extra.length === 0,
            detail: `changed ${listedAsJson(movedOrGone)}, unexpected ${listedAsJson(extra.map((event) => event.id))}`,
          },
          {
            name: `nothing else on ${task.calendar} changed`,
            ok: stray.length === 0,
            detail: `changed ${listedAsJson(stray)}`,
          },
        ],
        `Found "${task.title}" (instance ${instanceId} of series ${seriesId}) on ${task.calendar} and compared the series before and after.`,
      );
    },
  };
}
