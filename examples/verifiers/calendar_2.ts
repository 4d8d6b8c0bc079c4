// calendar_2: hold the 22 April advisory board prep in the board session's room and book
// that room. The room is whatever the board session uses in this run's before-state: its
// location and the resource guest that carries the same name.
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

const CALENDAR = 'Customer Success';
const BOARD = 'Customer advisory board';
const PREP = 'Customer advisory board prep';
const DAY_START = '2026-04-22T00:00:00-04:00';
const DAY_END = '2026-04-23T00:00:00-04:00';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const calendarId = await calendarNamed(before, CALENDAR);
    const dayBefore = await eventsBetween(before, calendarId, DAY_START, DAY_END);
    const board = onlyEvent(dayBefore, BOARD, 'on 22 April');
    const prep = onlyEvent(dayBefore, PREP, 'on 22 April');
    const room = board.location;
    const roomGuest = guestsOf(board).find(
      (guest) => guest.resource === true && guest.displayName === room,
    );
    if (!room || !roomGuest)
      throw new AmbiguousNameError(
        `the board session names no bookable room (location ${JSON.stringify(room)})`,
      );

    const prepAfter = await eventOrMissing(after, calendarId, prep.id);
    const earlier = emailsOf(prep);
    const added = guestsOf(prepAfter).filter(
      (guest) => !earlier.includes(guest.email.toLowerCase()),
    );
    const removed = earlier.filter((email) => !emailsOf(prepAfter).includes(email));
    const bookedRoom = guestsOf(prepAfter).find(
      (guest) => guest.email.toLowerCase() === roomGuest.email.toLowerCase(),
    );
    const stray = changedEvents(
      dayBefore,
      await eventsBetween(after, calendarId, DAY_START, DAY_END),
      [prep.id],
    );

    return verdictOf(
      [
        {
          name: 'the prep is held where the board session is',
          ok: prepAfter?.location === room,
          detail: `location ${JSON.stringify(prepAfter?.location)}, board in ${JSON.stringify(room)}`,
        },
        {
          name: "the board session's room is invited as a resource",
          ok: bookedRoom?.resource === true && bookedRoom.responseStatus !== 'declined',
          detail: `room ${roomGuest.email}: ${JSON.stringify(bookedRoom?.responseStatus)}`,
        },
        {
          name: 'only the room is added',
          ok: added.length === 1 && added[0]!.email.toLowerCase() === roomGuest.email.toLowerCase(),
          detail: `added ${listed(added.map((guest) => guest.displayName ?? guest.email))}`,
        },
        {
          name: 'the prep keeps its guests',
          ok: removed.length === 0,
          detail: `removed ${listed(removed)}`,
        },
        {
          name: 'the prep keeps its time and title',
          ok:
            prepAfter !== undefined &&
            instant(prepAfter.start) === instant(prep.start) &&
            instant(prepAfter.end) === instant(prep.end) &&
            prepAfter.summary === prep.summary,
          detail: `${prep.start?.dateTime} -> ${prepAfter?.start?.dateTime}`,
        },
        {
          name: 'nothing else on the calendar changed that day',
          ok: stray.length === 0,
          detail: `changed ${listed(stray)}`,
        },
      ],
      `Read the board session (${room}) and the prep (event ${prep.id}) on ${CALENDAR}, 22 April, and compared the prep before and after.`,
    );
  });
}
