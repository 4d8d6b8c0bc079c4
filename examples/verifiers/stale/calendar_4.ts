// STALE calendar_4 (a literal initial value): checks the privacy setting against "private",
// the value the call had when this verifier was written, instead of the value it had before this run.
// calendar_4: move Elise's 15 April Investor update call to Friday 17 April 10:00-10:45
// New York time, on her calendar, same guests, and the privacy setting it has in this run.
// Elise's calendar is the listed personal calendar whose call she organizes.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import {
  AmbiguousNameError,
  type CalendarEvent,
  calendarList,
  changedEvents,
  eventOrMissing,
  eventsBetween,
  guestsOf,
  instant,
  judging,
  listed,
  verdictOf,
} from '../lib/calendar.js';

const OWNER = 'Elise Fontaine';
const TITLE = 'Investor update call';
const FROM_START = '2026-04-15T00:00:00-04:00';
const FROM_END = '2026-04-16T00:00:00-04:00';
const NEW_START = Date.parse('2026-04-17T10:00:00-04:00');
const NEW_END = Date.parse('2026-04-17T10:45:00-04:00');
// Wide enough to see the other investor calls and the days around the move.
const WATCH_START = '2026-01-01T00:00:00-05:00';
const WATCH_END = '2026-06-01T00:00:00-04:00';

async function findCall(client: ApiClient): Promise<{ calendarId: string; call: CalendarEvent }> {
  const personal = (await calendarList(client)).filter(
    (entry) => String(entry.id).includes('@') && !String(entry.id).endsWith('calendar.google.com'),
  );
  const found: Array<{ calendarId: string; call: CalendarEvent }> = [];
  for (const entry of personal) {
    const calendarId = String(entry.id);
    const events = await eventsBetween(client, calendarId, FROM_START, FROM_END, TITLE);
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

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const { calendarId, call } = await findCall(before);
    const moved = await eventOrMissing(after, calendarId, call.id);
    const guestsBefore = guestsOf(call)
      .map((guest) => `${guest.email.toLowerCase()}=${guest.responseStatus}`)
      .sort();
    const guestsAfter = guestsOf(moved)
      .map((guest) => `${guest.email.toLowerCase()}=${guest.responseStatus}`)
      .sort();
    const stray = changedEvents(
      await eventsBetween(before, calendarId, WATCH_START, WATCH_END),
      await eventsBetween(after, calendarId, WATCH_START, WATCH_END),
      [call.id],
    );

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
          name: 'the call stays private',
          ok: moved?.visibility === 'private',
          detail: `visibility ${moved?.visibility ?? 'default'}`,
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
          detail: `${listed(guestsBefore)} -> ${listed(guestsAfter)}`,
        },
        {
          name: 'no other event on her calendar changed',
          ok: stray.length === 0,
          detail: `changed ${listed(stray)}`,
        },
      ],
      `Found "${TITLE}" (event ${call.id}) on ${calendarId}, organized by ${OWNER}, and compared it before and after.`,
    );
  });
}
