// STALE calendar_3 (a remembered set): checks the walkthrough against the list of people
// who had accepted the kickoff when this verifier was written, instead of reading the
// kickoff's answers in this run.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
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
  verdictOf,
} from '../lib/calendar.js';

const CALENDAR = 'Offsite 2026';
const WALKTHROUGH = 'Offsite logistics walkthrough';
const WALK_DAY = '2026-04-28';
const RANGE_START = '2026-03-01T00:00:00-05:00';
const RANGE_END = '2026-06-01T00:00:00-04:00';
const TO_INVITE = ['priya.raman', 'ines.moreau', 'ruth.adeyemi', 'lena.kovac', 'marco.bellini'].map(
  (name) => `${name}@meridianloom.example`,
);

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const calendarId = await calendarNamed(before, CALENDAR);
    const allBefore = await eventsBetween(before, calendarId, RANGE_START, RANGE_END);
    const walks = allBefore.filter(
      (event) =>
        event.summary === WALKTHROUGH && String(event.start?.dateTime).startsWith(WALK_DAY),
    );
    if (walks.length !== 1)
      throw new AmbiguousNameError(
        `expected one "${WALKTHROUGH}" on ${WALK_DAY}, found ${walks.length}`,
      );
    const walk = walks[0]!;
    const invited = emailsOf(walk);
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

    return verdictOf(
      [
        {
          name: 'the acceptors are on the walkthrough',
          ok: TO_INVITE.every((email) => nowInvited.includes(email)),
          detail: `missing ${listed(TO_INVITE.filter((email) => !nowInvited.includes(email)))}`,
        },
        {
          name: 'nobody else was added',
          ok: added.every((guest) => TO_INVITE.includes(guest.email.toLowerCase())),
          detail: `added ${listed(added.map((guest) => guest.email))}`,
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
          name: 'the walkthrough keeps its time and title',
          ok:
            walkAfter !== undefined &&
            instant(walkAfter.start) === instant(walk.start) &&
            walkAfter.summary === walk.summary,
          detail: String(walk.start?.dateTime),
        },
        {
          name: 'no other offsite event changed',
          ok: stray.length === 0,
          detail: `changed ${listed(stray)}`,
        },
      ],
      `Compared walkthrough ${walk.id} with the remembered list of ${TO_INVITE.length} acceptors.`,
    );
  });
}
