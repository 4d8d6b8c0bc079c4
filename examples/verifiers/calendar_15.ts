// calendar_15: a 30-minute "Vendor API check-in" on the actor's calendar with Felix Wagner on
// Wednesday 29 April at 9:00 in his calendar's time zone (read in this run), the event's own
// time zone set to it. Times are read back in that zone (the `timeZone` parameter), so any
// spelling of the same moment compares alike.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarGet,
  calendarList,
  changedEvents,
  guestsOf,
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

const TITLE = 'Vendor API check-in';
const FELIX = 'felix.wagner@meridianloom.example';
const WINDOW_START = '2026-04-27T00:00:00Z';
const WINDOW_END = '2026-05-02T00:00:00Z';

export interface Seen {
  calendarId: string;
  self: string;
}

async function read({ before, task }: Run): Promise<Seen> {
  const primary = (await calendarList(before)).filter((entry) => entry.primary);
  if (primary.length !== 1) throw new AmbiguousNameError('no single primary calendar');
  return { calendarId: primary[0]!.id, self: String(task.actor.email ?? primary[0]!.id) };
}

/** Felix's time zone: his calendar's, in this run's before-state. */
async function required(_seen: Seen, { before }: Run): Promise<string> {
  const calendar = await calendarGet(before, `calendars/${encodeURIComponent(FELIX)}`);
  return String(calendar.timeZone);
}

const listIn = (client: Run['before'], calendarId: string, timeZone: string) =>
  listAll<CalendarEvent>(client, `calendars/${encodeURIComponent(calendarId)}/events`, {
    timeMin: WINDOW_START,
    timeMax: WINDOW_END,
    singleEvents: true,
    orderBy: 'startTime',
    maxResults: 250,
    timeZone,
  });

async function judge(
  { calendarId, self }: Seen,
  zone: string,
  { before, after }: Run,
): Promise<VerifierResult> {
  const earlier = await listIn(before, calendarId, zone);
  const later = await listIn(after, calendarId, zone);
  const known = new Set(earlier.map((event) => event.id));
  const added = later.filter((event) => event.summary === TITLE && !known.has(event.id));
  const call = added[0];
  const others = guestsOf(call)
    .map((guest) => guest.email.toLowerCase())
    .filter((email) => email !== FELIX && email !== self.toLowerCase());
  const stray = changedEvents(earlier, later, call ? [call.id] : []);
  return verdictOf(
    [
      {
        name: `one new "${TITLE}" on my calendar`,
        ok: added.length === 1,
        detail: `new ${listedAsJson(added.map((event) => event.id))}`,
      },
      {
        name: `its time zone is Felix's (${zone})`,
        ok: call?.start?.timeZone === zone,
        detail: `event zone ${JSON.stringify(call?.start?.timeZone)}`,
      },
      {
        name: `9:00 to 9:30 on 29 April, ${zone} time`,
        ok:
          call?.start?.dateTime?.startsWith('2026-04-29T09:00:00') === true &&
          call.end?.dateTime?.startsWith('2026-04-29T09:30:00') === true,
        detail: `${call?.start?.dateTime} to ${call?.end?.dateTime}`,
      },
      {
        name: 'Felix is invited, nobody else',
        ok:
          guestsOf(call).some((guest) => guest.email.toLowerCase() === FELIX) &&
          others.length === 0,
        detail: `guests ${listedAsJson(guestsOf(call).map((guest) => guest.email))}`,
      },
      {
        name: 'nothing else on my calendar changed that week',
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Read Felix's calendar zone (${zone}) and my calendar's week of 29 April in that zone.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
