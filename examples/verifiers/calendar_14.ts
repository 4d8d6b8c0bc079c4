// calendar_14: the Spring Textile Fair (booth) on Marketing Events runs through Saturday 18
// April (an all-day end date is exclusive: 19 April); busy/free, location and the rest stay as
// they are in this run.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  eventOrMissing,
  eventsBetween,
  eventsChangedBetween,
  onlyEvent,
} from './lib/calendar.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const CALENDAR = 'Marketing Events';
const TITLE = 'Spring Textile Fair (booth)';
const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-06-01T00:00:00-04:00';

export interface Seen {
  calendarId: string;
  fair: CalendarEvent;
}

/** What must stay as it is: read from this run's before-state. */
export interface Kept {
  transparency: string;
  location: string;
  description: string;
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const day = await eventsBetween(
    before,
    calendarId,
    '2026-04-15T00:00:00-04:00',
    '2026-04-16T00:00:00-04:00',
  );
  return { calendarId, fair: onlyEvent(day, TITLE, `on ${CALENDAR} on 15 April`) };
}

function required({ fair }: Seen): Kept {
  return {
    transparency: fair.transparency ?? 'opaque',
    location: fair.location ?? '',
    description: fair.description ?? '',
  };
}

async function judge(
  { calendarId, fair }: Seen,
  kept: Kept,
  { before, after }: Run,
): Promise<VerifierResult> {
  const now = await eventOrMissing(after, calendarId, fair.id);
  const stray = await eventsChangedBetween(
    { before, after },
    calendarId,
    WINDOW_START,
    WINDOW_END,
    [fair.id],
  );
  return verdictOf(
    [
      {
        name: 'all day from 15 April through Saturday 18 April',
        ok:
          now?.start?.date === '2026-04-15' &&
          now.start.dateTime === undefined &&
          now.end?.date === '2026-04-19',
        detail: `start ${JSON.stringify(now?.start)}, end ${JSON.stringify(now?.end)}`,
      },
      {
        name: 'busy or free kept as it was',
        ok: (now?.transparency ?? 'opaque') === kept.transparency,
        detail: `${kept.transparency} -> ${now?.transparency ?? 'opaque'}`,
      },
      {
        name: 'location and description kept',
        ok:
          (now?.location ?? '') === kept.location && (now?.description ?? '') === kept.description,
        detail: `location ${JSON.stringify(now?.location)}`,
      },
      {
        name: 'title and privacy kept',
        ok: now?.summary === fair.summary && now?.visibility === fair.visibility,
        detail: String(fair.summary),
      },
      {
        name: `nothing else on ${CALENDAR} changed`,
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Found "${TITLE}" (event ${fair.id}) on ${CALENDAR} and compared it before and after.`,
  );
}

export const plan: VerifierPlan<Seen, Kept> = { read, required, judge };
export const verify = verifierOf(plan);
