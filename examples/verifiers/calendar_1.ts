// calendar_1: add Priya Raman to the 14 April Design review on the Design Team calendar, with
// the address she has on the Design review prep the day before. The calendar and both meetings
// are found by exact name and date in this run's before-state; her address is the prep guest
// shown as exactly "Priya Raman" there now. A name typed on the new guest proves nothing: an
// invite can carry any display name.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type Attendee,
  type CalendarEvent,
  calendarList,
  calendarNamed,
  changedEvents,
  eventOrMissing,
  eventsBetween,
  guestChanges,
  guestsOf,
  onlyEvent,
  sameSlot,
} from './lib/calendar.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';

const CALENDAR = 'Design Team';
const TITLE = 'Design review';
const PREP = 'Design review prep';
const DAY_START = '2026-04-14T00:00:00-04:00';
const DAY_END = '2026-04-15T00:00:00-04:00';
const PREP_START = '2026-04-13T00:00:00-04:00';
const GUEST = 'Priya Raman';

export interface Seen {
  calendarId: string;
  dayBefore: CalendarEvent[];
  review: CalendarEvent;
  prep: CalendarEvent;
}

/** How the new guest is recognised: by one field of the attendee and the value it must have. */
export interface GuestIdentity {
  field: 'displayName' | 'email';
  value: string;
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const dayBefore = await eventsBetween(before, calendarId, DAY_START, DAY_END);
  const review = onlyEvent(dayBefore, TITLE, `on ${CALENDAR} on 14 April`);
  const prepDay = await eventsBetween(before, calendarId, PREP_START, DAY_START);
  const prep = onlyEvent(prepDay, PREP, `on ${CALENDAR} on 13 April`);
  return { calendarId, dayBefore, review, prep };
}

/** Her address: the prep guest shown as exactly "Priya Raman" in this run's before-state. */
function required({ prep }: Seen): GuestIdentity {
  const named = guestsOf(prep).filter((guest) => guest.displayName === GUEST);
  if (named.length !== 1)
    throw new AmbiguousNameError(`expected one "${GUEST}" on the ${PREP}, found ${named.length}`);
  return { field: 'email', value: named[0]!.email.toLowerCase() };
}

async function judge(
  { calendarId, dayBefore, review }: Seen,
  guest: GuestIdentity,
  { before, after }: Run,
): Promise<VerifierResult> {
  const reviewAfter = await eventOrMissing(after, calendarId, review.id);
  const { added, removed, answersChanged } = guestChanges(review, reviewAfter);

  // Look-alike calendars ("Design Team (archive)") must not be touched on that day either.
  const designCalendars = (await calendarList(before))
    .filter((entry) => String(entry.summary).startsWith(CALENDAR))
    .map((entry) => String(entry.id));
  const strayChanges: string[] = [];
  for (const id of designCalendars) {
    const old = id === calendarId ? dayBefore : await eventsBetween(before, id, DAY_START, DAY_END);
    strayChanges.push(
      ...changedEvents(old, await eventsBetween(after, id, DAY_START, DAY_END), [review.id]),
    );
  }
  const newcomer: Attendee | undefined = added[0];

  return verdictOf(
    [
      {
        name: 'the review still exists',
        ok: reviewAfter !== undefined && reviewAfter.status !== 'cancelled',
        detail: `event ${review.id}`,
      },
      {
        name: 'exactly one guest added',
        ok: added.length === 1,
        detail: `added ${listedAsJson(added.map((one) => one.email))}`,
      },
      {
        name: 'the new guest is the person named Priya Raman',
        ok: added.length === 1 && newcomer?.[guest.field]?.toLowerCase() === guest.value,
        detail: `${guest.field === 'email' ? 'email' : 'display name'} ${JSON.stringify(newcomer?.[guest.field])}`,
      },
      {
        name: 'her answer is left to her',
        ok: added.every((one) => one.responseStatus === 'needsAction'),
        detail: `responses ${listedAsJson(added.map((one) => one.responseStatus))}`,
      },
      {
        name: 'no earlier guest removed',
        ok: removed.length === 0,
        detail: `removed ${listedAsJson(removed)}`,
      },
      {
        name: 'earlier answers unchanged',
        ok: answersChanged.length === 0,
        detail: `changed ${listedAsJson(answersChanged.map((one) => one.email))}`,
      },
      {
        name: 'time, title and place unchanged',
        ok:
          reviewAfter !== undefined &&
          sameSlot(review, reviewAfter) &&
          reviewAfter.summary === review.summary &&
          reviewAfter.location === review.location,
        detail: `${review.start?.dateTime} @ ${review.location}`,
      },
      {
        name: 'no other Design Team event changed that day',
        ok: strayChanges.length === 0,
        detail: `changed ${listedAsJson(strayChanges)}`,
      },
    ],
    `Found "${TITLE}" on 14 April on ${CALENDAR} (event ${review.id}) and compared its guests before and after.`,
  );
}

export const plan: VerifierPlan<Seen, GuestIdentity> = { read, required, judge };
export const verify = verifierOf(plan);
