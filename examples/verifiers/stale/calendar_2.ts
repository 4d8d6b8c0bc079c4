// STALE calendar_2 (a remembered literal value): books the room the board session used
// when this verifier was written instead of reading where it is now.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import {
  AmbiguousNameError,
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
} from '../lib/calendar.js';

const CALENDAR = 'Customer Success';
const PREP = 'Customer advisory board prep';
const DAY_START = '2026-04-22T00:00:00-04:00';
const DAY_END = '2026-04-23T00:00:00-04:00';
const ROOM = 'NYC-3 Cedar (12)';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const calendarId = await calendarNamed(before, CALENDAR);
    const dayBefore = await eventsBetween(before, calendarId, DAY_START, DAY_END);
    const prep = onlyEvent(dayBefore, PREP, 'on 22 April');
    const roomId = (await calendarList(before)).find((entry) => entry.summary === ROOM)?.id;
    if (!roomId) throw new AmbiguousNameError(`no room calendar named ${ROOM}`);

    const prepAfter = await eventOrMissing(after, calendarId, prep.id);
    const earlier = emailsOf(prep);
    const added = guestsOf(prepAfter).filter(
      (guest) => !earlier.includes(guest.email.toLowerCase()),
    );
    const removed = earlier.filter((email) => !emailsOf(prepAfter).includes(email));
    const bookedRoom = guestsOf(prepAfter).find((guest) => guest.email === roomId);
    const stray = changedEvents(
      dayBefore,
      await eventsBetween(after, calendarId, DAY_START, DAY_END),
      [prep.id],
    );

    return verdictOf(
      [
        {
          name: 'the prep is in the board room',
          ok: prepAfter?.location === ROOM,
          detail: `location ${JSON.stringify(prepAfter?.location)}`,
        },
        {
          name: 'the room is invited as a resource',
          ok: bookedRoom?.resource === true && bookedRoom.responseStatus !== 'declined',
          detail: `room ${roomId}`,
        },
        {
          name: 'only the room is added',
          ok: added.length === 1 && added[0]!.email === roomId,
          detail: `added ${listed(added.map((guest) => guest.email))}`,
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
          detail: String(prep.start?.dateTime),
        },
        {
          name: 'nothing else on the calendar changed that day',
          ok: stray.length === 0,
          detail: `changed ${listed(stray)}`,
        },
      ],
      `Checked the prep (event ${prep.id}) against ${ROOM}.`,
    );
  });
}
