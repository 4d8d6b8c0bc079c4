// calendar_4: move Elise's 15 April Investor update call to Friday 17 April 10:00-10:45
// New York time, on her calendar, same guests, and the privacy setting it has in this run.
// Elise's calendar is the listed personal calendar whose call she organizes.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarList,
  eventOrMissing,
  eventsBetween,
  eventsChangedBetween,
  guestsOf,
  instant,
} from './lib/calendar.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';

const OWNER = 'Elise Fontaine';
const TITLE = 'Investor update call';
const FROM_START = '2026-04-15T00:00:00-04:00';
const FROM_END = '2026-04-16T00:00:00-04:00';
const NEW_START = Date.parse('2026-04-17T10:00:00-04:00');
const NEW_END = Date.parse('2026-04-17T10:45:00-04:00');
// Wide enough to see the other investor calls and the days around the move.
const WATCH_START = '2026-01-01T00:00:00-05:00';
const WATCH_END = '2026-06-01T00:00:00-04:00';

export interface Seen {
  calendarId: string;
  call: CalendarEvent;
}

async function read({ before }: Run): Promise<Seen> {
  const personal = (await calendarList(before)).filter(
    (entry) => String(entry.id).includes('@') && !String(entry.id).endsWith('calendar.google.com'),
  );
  const found: Seen[] = [];
  for (const entry of personal) {
    const calendarId = String(entry.id);
    const events = await eventsBetween(before, calendarId, FROM_START, FROM_END, TITLE);
    for (const event of events) {
      if (
        event.summary === TITLE &&
        event.organizer?.displayName === OWNER &&
        event.organizer.email === calendarId
      )
        found.push({ calendarId, call: event });
    }
  }
  if (found.length !== 1)
    throw new AmbiguousNameError(
      `expected one "${TITLE}" organized by ${OWNER} on her calendar on 15 April, found ${found.length}`,
    );
  return found[0]!;
}

/** The privacy setting to keep: the one the call has in this run's before-state. */
function required({ call }: Seen): string {
  return call.visibility ?? 'default';
}

const answers = (event: CalendarEvent | undefined): string[] =>
  guestsOf(event)
    .map((guest) => `${guest.email.toLowerCase()}=${guest.responseStatus}`)
    .sort();

async function judge(
  { calendarId, call }: Seen,
  visibility: string,
  { before, after }: Run,
): Promise<VerifierResult> {
  const moved = await eventOrMissing(after, calendarId, call.id);
  const guestsBefore = answers(call);
  const guestsAfter = answers(moved);
  const stray = await eventsChangedBetween({ before, after }, calendarId, WATCH_START, WATCH_END, [
    call.id,
  ]);

  return verdictOf(
    [
      {
        name: "the call is still on Elise's calendar",
        ok: moved !== undefined && moved.status !== 'cancelled',
        detail: `calendar ${calendarId}, event ${call.id}`,
      },
      {
        name: 'starts Friday 17 April 10:00 New York time',
        ok: instant(moved?.start) === NEW_START,
        detail: `start ${JSON.stringify(moved?.start?.dateTime)}`,
      },
      {
        name: 'ends 10:45 New York time',
        ok: instant(moved?.end) === NEW_END,
        detail: `end ${JSON.stringify(moved?.end?.dateTime)}`,
      },
      {
        name: 'privacy setting kept as it was',
        ok: (moved?.visibility ?? 'default') === visibility,
        detail: `${visibility} -> ${moved?.visibility ?? 'default'}`,
      },
      {
        name: 'title, description and organizer kept',
        ok:
          moved?.summary === call.summary &&
          moved?.description === call.description &&
          moved?.organizer?.email === call.organizer?.email &&
          (moved?.transparency ?? 'opaque') === (call.transparency ?? 'opaque'),
        detail: String(call.summary),
      },
      {
        name: 'same guests with the same answers',
        ok: JSON.stringify(guestsBefore) === JSON.stringify(guestsAfter),
        detail: `${listedAsJson(guestsBefore)} -> ${listedAsJson(guestsAfter)}`,
      },
      {
        name: 'no other event on her calendar changed',
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Found "${TITLE}" (event ${call.id}) on ${calendarId}, organized by ${OWNER}, and compared it before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
