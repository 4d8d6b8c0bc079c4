// calendar_3: everyone who accepted the Offsite 2026 kickoff goes on the 28 April logistics
// walkthrough. The set is computed from this run's kickoff answers (people, not rooms), and
// only the ones missing may be added.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import {
  AmbiguousNameError,
  calendarNamed,
  changedEvents,
  emailsOf,
  eventOrMissing,
  eventsBetween,
  guestsOf,
  instant,
  judging,
  listed,
  onlyEvent,
  verdictOf,
} from './lib/calendar.js';

const CALENDAR = 'Offsite 2026';
const KICKOFF = 'Offsite 2026 kickoff';
const WALKTHROUGH = 'Offsite logistics walkthrough';
const WALK_DAY = '2026-04-28';
const RANGE_START = '2026-03-01T00:00:00-05:00';
const RANGE_END = '2026-06-01T00:00:00-04:00';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const calendarId = await calendarNamed(before, CALENDAR);
    const allBefore = await eventsBetween(before, calendarId, RANGE_START, RANGE_END);
    const kickoff = onlyEvent(allBefore, KICKOFF, `on ${CALENDAR}`);
    const walks = allBefore.filter(
      (event) =>
        event.summary === WALKTHROUGH && String(event.start?.dateTime).startsWith(WALK_DAY),
    );
    if (walks.length !== 1)
      throw new AmbiguousNameError(
        `expected one "${WALKTHROUGH}" on ${WALK_DAY}, found ${walks.length}`,
      );
    const walk = walks[0]!;

    const accepted = guestsOf(kickoff)
      .filter((guest) => guest.responseStatus === 'accepted' && guest.resource !== true)
      .map((guest) => guest.email.toLowerCase());
    const invited = emailsOf(walk);
    const missing = accepted.filter((email) => !invited.includes(email));
    const walkAfter = await eventOrMissing(after, calendarId, walk.id);
    const nowInvited = emailsOf(walkAfter);
    const added = guestsOf(walkAfter).filter(
      (guest) => !invited.includes(guest.email.toLowerCase()),
    );
    const stray = changedEvents(
      allBefore,
      await eventsBetween(after, calendarId, RANGE_START, RANGE_END),
      [walk.id],
    );
    const answersChanged = guestsOf(walk).filter((guest) =>
      guestsOf(walkAfter).some(
        (now) =>
          now.email.toLowerCase() === guest.email.toLowerCase() &&
          now.responseStatus !== guest.responseStatus,
      ),
    );

    return verdictOf(
      [
        {
          name: 'every kickoff acceptor is on the walkthrough',
          ok: accepted.every((email) => nowInvited.includes(email)),
          detail: `missing ${listed(accepted.filter((email) => !nowInvited.includes(email)))}`,
        },
        {
          name: 'only missing acceptors were added',
          ok:
            added.length === missing.length &&
            added.every((guest) => missing.includes(guest.email.toLowerCase())),
          detail: `added ${listed(added.map((guest) => guest.email))}; needed ${listed(missing)}`,
        },
        {
          name: 'new guests have not answered yet',
          ok: added.every((guest) => guest.responseStatus === 'needsAction'),
          detail: `responses ${listed(added.map((guest) => guest.responseStatus))}`,
        },
        {
          name: 'nobody already invited was removed',
          ok: invited.every((email) => nowInvited.includes(email)),
          detail: `removed ${listed(invited.filter((email) => !nowInvited.includes(email)))}`,
        },
        {
          name: 'earlier guests keep their answers',
          ok: answersChanged.length === 0,
          detail: `changed ${listed(answersChanged.map((guest) => guest.email))}`,
        },
        {
          name: 'the walkthrough keeps its time and title',
          ok:
            walkAfter !== undefined &&
            instant(walkAfter.start) === instant(walk.start) &&
            instant(walkAfter.end) === instant(walk.end) &&
            walkAfter.summary === walk.summary &&
            walkAfter.location === walk.location,
          detail: String(walk.start?.dateTime),
        },
        {
          name: 'no other offsite event changed (kickoff answers included)',
          ok: stray.length === 0,
          detail: `changed ${listed(stray)}`,
        },
      ],
      `Kickoff ${kickoff.id} has ${accepted.length} acceptor(s); ${missing.length} were not on the walkthrough ${walk.id}.`,
    );
  });
}
