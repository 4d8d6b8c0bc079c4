// calendar_13: the whole Hiring sync series (Hiring calendar) meets in NYC-3 Birch (6) from now
// on; its schedule, skipped weeks included, and its guests stay as they are in this run.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  changedEvents,
  eventOrMissing,
  eventsBetween,
  guestsOf,
  instant,
  listAll,
} from './lib/calendar.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';

const CALENDAR = 'Hiring';
const TITLE = 'Hiring sync';
const ROOM = 'NYC-3 Birch (6)';
const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-06-01T00:00:00-04:00';

type Series = CalendarEvent & { recurrence?: string[] };

export interface Seen {
  calendarId: string;
  series: Series;
  exceptions: number;
}

/** The stored events titled exactly so (series and exceptions, not expanded). */
async function stored(client: Run['before'], calendarId: string): Promise<Series[]> {
  const items = await listAll<Series>(
    client,
    `calendars/${encodeURIComponent(calendarId)}/events`,
    {
      q: TITLE,
      showDeleted: true,
      maxResults: 250,
    },
  );
  return items.filter((event) => event.summary === TITLE);
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const rows = await stored(before, calendarId);
  const series = rows.filter((event) => event.recurrence && !event.recurringEventId);
  if (series.length !== 1)
    throw new AmbiguousNameError(
      `expected one "${TITLE}" series on ${CALENDAR}, found ${series.length}`,
    );
  const id = series[0]!.id;
  return {
    calendarId,
    series: series[0]!,
    exceptions: rows.filter((event) => event.recurringEventId === id).length,
  };
}

/** The rule to keep: the series' rule (EXDATE lines included) in this run's before-state. */
function required({ series }: Seen): string[] {
  return series.recurrence ?? [];
}

const answers = (event: CalendarEvent | undefined): string =>
  JSON.stringify(
    guestsOf(event)
      .map((guest) => `${guest.email.toLowerCase()}=${guest.responseStatus}`)
      .sort(),
  );

async function judge(
  { calendarId, series, exceptions }: Seen,
  rule: string[],
  { before, after }: Run,
): Promise<VerifierResult> {
  const now = (await eventOrMissing(after, calendarId, series.id)) as Series | undefined;
  const exceptionsAfter = (await stored(after, calendarId)).filter(
    (event) => event.recurringEventId === series.id,
  ).length;
  const earlier = await eventsBetween(before, calendarId, WINDOW_START, WINDOW_END);
  const later = await eventsBetween(after, calendarId, WINDOW_START, WINDOW_END);
  const ofSeries = [...earlier, ...later]
    .filter((event) => event.recurringEventId === series.id)
    .map((event) => event.id);
  const stray = changedEvents(earlier, later, ofSeries);
  return verdictOf(
    [
      {
        name: `the series meets in ${ROOM}`,
        ok: now?.location === ROOM,
        detail: `location ${JSON.stringify(now?.location)}`,
      },
      {
        name: 'its rule, skipped weeks included, is kept',
        ok: JSON.stringify(now?.recurrence ?? []) === JSON.stringify(rule),
        detail: `${listedAsJson(rule)} -> ${listedAsJson(now?.recurrence ?? [])}`,
      },
      {
        name: 'time, title and status kept',
        ok:
          now !== undefined &&
          instant(now.start) === instant(series.start) &&
          instant(now.end) === instant(series.end) &&
          now.summary === series.summary &&
          now.status === series.status,
        detail: `${series.start?.dateTime}`,
      },
      {
        name: 'set on the series, not as one-off exceptions',
        ok: exceptionsAfter === exceptions,
        detail: `${exceptions} exceptions before, ${exceptionsAfter} after`,
      },
      {
        name: 'same guests with the same answers',
        ok: answers(now) === answers(series),
        detail: `${answers(series)} -> ${answers(now)}`,
      },
      {
        name: `nothing else on ${CALENDAR} changed`,
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Found the "${TITLE}" series (${series.id}) on ${CALENDAR} and compared it before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string[]> = { read, required, judge };
export const verify = verifierOf(plan);
