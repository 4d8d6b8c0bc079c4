// calendar_2: hold the 22 April advisory board prep in the board session's room and book
// that room. The room is whatever the board session uses in this run's before-state: its
// location and the resource guest that carries the same name.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type CalendarEvent,
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

const CALENDAR = 'Customer Success';
const BOARD = 'Customer advisory board';
const PREP = 'Customer advisory board prep';
const DAY_START = '2026-04-22T00:00:00-04:00';
const DAY_END = '2026-04-23T00:00:00-04:00';

export interface Seen {
  calendarId: string;
  dayBefore: CalendarEvent[];
  board: CalendarEvent;
  prep: CalendarEvent;
}

/** The room the prep must be held in: the location text and the room's resource address. */
export interface Room {
  name: string;
  email: string;
}

async function read({ before }: Run): Promise<Seen> {
  const calendarId = await calendarNamed(before, CALENDAR);
  const dayBefore = await eventsBetween(before, calendarId, DAY_START, DAY_END);
  const board = onlyEvent(dayBefore, BOARD, 'on 22 April');
  const prep = onlyEvent(dayBefore, PREP, 'on 22 April');
  return { calendarId, dayBefore, board, prep };
}

/** The board session's room in this run: its location, booked through the resource of that name. */
function required({ board }: Seen): Room {
  const room = board.location;
  const roomGuest = guestsOf(board).find(
    (guest) => guest.resource === true && guest.displayName === room,
  );
  if (!room || !roomGuest)
    throw new AmbiguousNameError(
      `the board session names no bookable room (location ${JSON.stringify(room)})`,
    );
  return { name: room, email: roomGuest.email };
}

async function judge(
  { calendarId, dayBefore, prep }: Seen,
  room: Room,
  { after }: Run,
): Promise<VerifierResult> {
  const prepAfter = await eventOrMissing(after, calendarId, prep.id);
  const { added, removed } = guestChanges(prep, prepAfter);
  const roomEmail = room.email.toLowerCase();
  const bookedRoom = guestsOf(prepAfter).find((guest) => guest.email.toLowerCase() === roomEmail);
  const stray = changedEvents(
    dayBefore,
    await eventsBetween(after, calendarId, DAY_START, DAY_END),
    [prep.id],
  );

  return verdictOf(
    [
      {
        name: 'the prep is held where the board session is',
        ok: prepAfter?.location === room.name,
        detail: `location ${JSON.stringify(prepAfter?.location)}, board in ${JSON.stringify(room.name)}`,
      },
      {
        name: "the board session's room is invited as a resource",
        ok: bookedRoom?.resource === true && bookedRoom.responseStatus !== 'declined',
        detail: `room ${room.email}: ${JSON.stringify(bookedRoom?.responseStatus)}`,
      },
      {
        name: 'only the room is added',
        ok: added.length === 1 && added[0]!.email.toLowerCase() === roomEmail,
        detail: `added ${listedAsJson(added.map((guest) => guest.displayName ?? guest.email))}`,
      },
      {
        name: 'the prep keeps its guests',
        ok: removed.length === 0,
        detail: `removed ${listedAsJson(removed)}`,
      },
      {
        name: 'the prep keeps its time and title',
        ok:
          prepAfter !== undefined &&
          sameSlot(prep, prepAfter) &&
          prepAfter.summary === prep.summary,
        detail: `${prep.start?.dateTime} -> ${prepAfter?.start?.dateTime}`,
      },
      {
        name: 'nothing else on the calendar changed that day',
        ok: stray.length === 0,
        detail: `changed ${listedAsJson(stray)}`,
      },
    ],
    `Read the board session (${room.name}) and the prep (event ${prep.id}) on ${CALENDAR}, 22 April, and compared the prep before and after.`,
  );
}

export const plan: VerifierPlan<Seen, Room> = { read, required, judge };
export const verify = verifierOf(plan);
