// calendar_3: everyone who accepted the Offsite 2026 kickoff goes on the 28 April logistics
// walkthrough. The set is computed from this run's kickoff answers (people, not rooms), and
// only the ones missing may be added.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
  calendarNamed,
  changedEvents,
  emailsOf,
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

const CALENDAR = 'Offsite 2026';
const KICKOFF = 'Offsite 2026 kickoff';
const WALKTHROUGH = 'Offsite logistics walkthrough';
const WALK_DAY = '2026-04-28';
const RANGE_START = '2026-03-01T00:00:00-05:00';
const RANGE_END = '2026-06-01T00:00:00-04:00';

export interface Seen {
  calendarId: string;
  allBefore: CalendarEvent[];
  kickoff: CalendarEvent;
  walk: CalendarEvent;
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const allBefore = await eventsBetween(before, calendarId, RANGE_START, RANGE_END);
  const kickoff = onlyEvent(allBefore, KICKOFF, `on ${CALENDAR}`);
  const walks = allBefore.filter(
    (event) => event.summary === WALKTHROUGH && String(event.start?.dateTime).startsWith(WALK_DAY),
  );
  if (walks.length !== 1)
    throw new AmbiguousNameError(
      `expected one "${WALKTHROUGH}" on ${WALK_DAY}, found ${walks.length}`,
    );
  return { calendarId, allBefore, kickoff, walk: walks[0]! };
}

/** Who must be on the walkthrough: the people (not rooms) who accepted the kickoff in this run. */
function required({ kickoff }: Seen): string[] {
  return guestsOf(kickoff)
    .filter((guest) => guest.responseStatus === 'accepted' && guest.resource !== true)
    .map((guest) => guest.email.toLowerCase());
}

async function judge(
  { calendarId, allBefore, kickoff, walk }: Seen,
  accepted: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  const invited = emailsOf(walk);
  const missing = accepted.filter((email) => !invited.includes(email));
  const walkAfter = await eventOrMissing(after, calendarId, walk.id);
  const nowInvited = emailsOf(walkAfter);
  const { added, removed, answersChanged } = guestChanges(walk, walkAfter);
  const stray = changedEvents(
    allBefore,
    await eventsBetween(after, calendarId, RANGE_START, RANGE_END),
    [walk.id],
  );

  return verdictOf(
    [
      {
        name: 'every kickoff acceptor is on the walkthrough',
        ok: accepted.every((email) => nowInvited.includes(email)),
        detail: `missing ${listedAsJson(accepted.filter((email) => !nowInvited.includes(email)))}`,
      },
      {
        name: 'only missing acceptors were added',
        ok:
          added.length === missing.length &&
          added.every((guest) => missing.includes(guest.email.toLowerCase())),
        detail: `added ${listedAsJson(added.map((guest) => guest.email))}; needed ${listedAsJson(missing)}`,
      },
      {
        name: 'new guests have not answered yet',
        ok: added.every((guest) => guest.responseStatus === 'needsAction'),
        detail: `responses ${listedAsJson(added.map((guest) => guest.responseStatus))}`,
      },
      {
        name: 'nobody already invited was removed',
        ok: removed.length === 0,
        detail: `removed ${listedAsJson(removed)}`,
      },
      {
        name: 'earlier guests keep their answers',
        ok: answersChanged.length === 0,
        detail: `changed ${listedAsJson(answersChanged.map((guest) => guest.email))}`,
      },
      {
        name: 'the walkthrough keeps its time and title',
        ok:
          walkAfter !== undefined &&
          sameSlot(walk, walkAfter) &&
          walkAfter.summary === walk.summary &&
          walkAfter.location === walk.location,
        detail: String(walk.start?.dateTime),
      },
      {
        name: 'no other offsite event changed (kickoff answers included)',
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Kickoff ${kickoff.id} has ${accepted.length} acceptor(s); ${missing.length} were not on the walkthrough ${walk.id}.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
