// calendar_1: add Priya Raman to the 14 April Design review on the Design Team calendar.
// The calendar and the meeting are found by exact name and date in this run's before-state;
// who "Priya Raman" is comes from the name the service shows for the new guest now.
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import {
  calendarList,
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

const CALENDAR = 'Design Team';
const TITLE = 'Design review';
const DAY_START = '2026-04-14T00:00:00-04:00';
const DAY_END = '2026-04-15T00:00:00-04:00';
const GUEST = 'Priya Raman';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const calendarId = await calendarNamed(before, CALENDAR);
    const dayBefore = await eventsBetween(before, calendarId, DAY_START, DAY_END);
    const review = onlyEvent(dayBefore, TITLE, `on ${CALENDAR} on 14 April`);
    const reviewAfter = await eventOrMissing(after, calendarId, review.id);

    const earlier = emailsOf(review);
    const added = guestsOf(reviewAfter).filter(
      (guest) => !earlier.includes(guest.email.toLowerCase()),
    );
    const removed = earlier.filter((email) => !emailsOf(reviewAfter).includes(email));
    const answersChanged = guestsOf(review).filter((guest) => {
      const now = guestsOf(reviewAfter).find(
        (other) => other.email.toLowerCase() === guest.email.toLowerCase(),
      );
      return now !== undefined && now.responseStatus !== guest.responseStatus;
    });

    // Look-alike calendars ("Design Team (archive)") must not be touched on that day either.
    const designCalendars = (await calendarList(before))
      .filter((entry) => String(entry.summary).startsWith(CALENDAR))
      .map((entry) => String(entry.id));
    const strayChanges: string[] = [];
    for (const id of designCalendars) {
      const old =
        id === calendarId ? dayBefore : await eventsBetween(before, id, DAY_START, DAY_END);
      strayChanges.push(
        ...changedEvents(old, await eventsBetween(after, id, DAY_START, DAY_END), [review.id]),
      );
    }

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
          detail: `added ${listed(added.map((guest) => guest.email))}`,
        },
        {
          name: 'the new guest is the person named Priya Raman',
          ok: added.length === 1 && added[0]!.displayName === GUEST,
          detail: `display name ${JSON.stringify(added[0]?.displayName)}`,
        },
        {
          name: 'her answer is left to her',
          ok: added.every((guest) => guest.responseStatus === 'needsAction'),
          detail: `responses ${listed(added.map((guest) => guest.responseStatus))}`,
        },
        {
          name: 'no earlier guest removed',
          ok: removed.length === 0,
          detail: `removed ${listed(removed)}`,
        },
        {
          name: 'earlier answers unchanged',
          ok: answersChanged.length === 0,
          detail: `changed ${listed(answersChanged.map((guest) => guest.email))}`,
        },
        {
          name: 'time, title and place unchanged',
          ok:
            reviewAfter !== undefined &&
            instant(reviewAfter.start) === instant(review.start) &&
            instant(reviewAfter.end) === instant(review.end) &&
            reviewAfter.summary === review.summary &&
            reviewAfter.location === review.location,
          detail: `${review.start?.dateTime} @ ${review.location}`,
        },
        {
          name: 'no other Design Team event changed that day',
          ok: strayChanges.length === 0,
          detail: `changed ${listed(strayChanges)}`,
        },
      ],
      `Found "${TITLE}" on 14 April on ${CALENDAR} (event ${review.id}) and compared its guests before and after.`,
    );
  });
}
