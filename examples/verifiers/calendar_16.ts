// calendar_16: take Marco Bellini off every Design review on the Design Team calendar from
// 14 April on (the reviews still taking place in this run); he stays on everything else, the
// archive's "Design review (old)" and the prep included.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  changedEvents,
  emailsOf,
  eventOrMissing,
  eventsBetween,
  eventsChangedBetween,
  guestChanges,
  sameSlot,
} from './lib/calendar.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const CALENDAR = 'Design Team';
const ARCHIVE = 'Design Team (archive)';
const TITLE = 'Design review';
const MARCO = 'marco.bellini@meridianloom.example';
const FROM = '2026-04-14T00:00:00-04:00';
const WINDOW_START = '2026-03-01T00:00:00-05:00';
const WINDOW_END = '2026-07-01T00:00:00-04:00';

export interface Seen {
  calendarId: string;
  archiveId: string;
  events: CalendarEvent[];
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const archiveId = await calendarNamed(before, ARCHIVE);
  return {
    calendarId,
    archiveId,
    events: await eventsBetween(before, calendarId, WINDOW_START, WINDOW_END),
  };
}

/** The reviews still taking place from 14 April on, in this run's before-state. */
function required({ events }: Seen): string[] {
  return events
    .filter(
      (event) =>
        event.summary === TITLE && Date.parse(String(event.start?.dateTime)) >= Date.parse(FROM),
    )
    .map((event) => event.id);
}

async function judge(
  { calendarId, archiveId, events }: Seen,
  reviews: string[],
  { before, after }: Run,
): Promise<VerifierResult> {
  const problems: string[] = [];
  for (const id of reviews) {
    const was = await eventOrMissing(before, calendarId, id);
    const now = await eventOrMissing(after, calendarId, id);
    if (!was || !now || (now.status === 'cancelled' && was.status !== 'cancelled')) {
      problems.push(`${id} is gone`);
      continue;
    }
    const { added, removed, answersChanged } = guestChanges(was, now);
    if (emailsOf(now).includes(MARCO)) problems.push(`${was.start?.dateTime}: Marco still invited`);
    if (added.length > 0 || removed.some((email) => email !== MARCO) || answersChanged.length > 0)
      problems.push(`${was.start?.dateTime}: other guests changed`);
    if (!sameSlot(was, now) || now.summary !== was.summary || now.location !== was.location)
      problems.push(`${was.start?.dateTime}: moved or renamed`);
  }
  const stray = [
    ...changedEvents(
      events,
      await eventsBetween(after, calendarId, WINDOW_START, WINDOW_END),
      reviews,
    ),
    ...(await eventsChangedBetween({ before, after }, archiveId, WINDOW_START, WINDOW_END)),
  ];
  return verdictOf(
    [
      {
        name: 'off every review from 14 April on, nothing else about them changed',
        ok: reviews.length > 0 && problems.length === 0,
        detail: `${reviews.length} reviews; ${listedAsJson(problems)}`,
      },
      {
        name: 'no other event changed (prep and archive included)',
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Found ${reviews.length} "${TITLE}" events on ${CALENDAR} from 14 April on and compared them before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string[]> = { read, required, judge };
export const verify = verifierOf(plan);
