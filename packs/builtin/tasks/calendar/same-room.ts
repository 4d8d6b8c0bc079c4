// calendar_2: book the same room.
import {
  type ApiCall,
  calendar,
  findRow,
  type Outcome,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import {
  by,
  type CalendarPack,
  conditionState,
  derived,
  NY,
  SEED,
  str,
  writer,
} from './context.js';
import {
  calendarNamed,
  calendarReference,
  eventOn,
  guestEmails,
  guestListOf,
  SEED_AS_IS,
} from './reference.js';

const { attendee, dropGuest, guestList, patchEventCall, zonedTime } = calendar;

export function sameRoom(pack: CalendarPack): Task {
  const { calendar, event, user } = pack;
  const { edit: editEvent, respond, insert: newEvent } = writer(pack, 2);
  const nyTime = (date: string, time: string): Row => zonedTime(date, time, NY);
  const cs = calendar('Customer Success');
  const board = event(cs, 'Customer advisory board', '2026-04-22');
  const prep = event(cs, 'Customer advisory board prep', '2026-04-22');
  const dryRun = event(cs, 'Customer advisory board (dry run)', '2026-04-21');
  const cedar = calendar('NYC-3 Cedar (12)');
  const lounge = calendar('NYC-3 Cedar Lounge (20)');
  const berlin = calendar('BER-1 Cedar (6)');
  const boardCopy = findRow(
    pack.base,
    'calendar_events',
    (row) =>
      row.calendar_id === str(cedar, 'id') &&
      row.summary === str(board, 'summary') &&
      row.start_datetime === board.start_datetime,
    'room copy of the board',
  );
  const sam = user('Sam Okafor');

  const csId = str(cs, 'id');
  const prepId = str(prep, 'id');
  // A room is booked by inviting its resource calendar: events.patch of the prep with its guest
  // list as read plus the room. Room calendars are read-only for Dana (domain reader), so the
  // room's own answer and the booking on its calendar are the room's doing, not the actor's:
  // every ending here leaves the room invited and not yet answered.
  const withRoom = (state: State, room: Row): Row => ({
    attendees: guestList(pack.guestsOf(prepId, state), {
      add: [{ email: str(room, 'id'), displayName: str(room, 'summary'), resource: true }],
    }),
  });
  const book = (state: State, room: Row, location = str(room, 'summary')): ApiCall =>
    patchEventCall(csId, prepId, { location, ...withRoom(state, room) });
  const panel = (state: State, condition: string, room: Row): Outcome[] => {
    const outcomes = [
      by.complete(
        'complete',
        `prep moved into ${str(room, 'summary')} and the room invited as a resource in one events.patch`,
        [book(state, room)],
      ),
      by.alternative(
        'room-pending',
        'the location set in one events.patch, the room invited in a second one',
        [
          patchEventCall(csId, prepId, { location: str(room, 'summary') }),
          patchEventCall(csId, prepId, withRoom(state, room)),
        ],
      ),
      by.fault('similar-room', 'identity', 'booked the Berlin room of a similar name', [
        book(state, berlin),
      ]),
      by.fault(
        'location-only',
        'relation',
        'location typed in but the room never invited, so nothing is booked',
        [patchEventCall(csId, prepId, { location: str(room, 'summary') })],
      ),
      by.fault(
        'loose-location',
        'value',
        'the right room booked but the location written as a nickname',
        [book(state, room, 'Cedar room, 3rd floor')],
      ),
      by.fault(
        'time-moved',
        'preservation',
        'the prep was also moved to 12:30 to sit next to the board',
        [
          book(state, room),
          patchEventCall(csId, prepId, {
            start: nyTime('2026-04-22', '12:30'),
            end: nyTime('2026-04-22', '13:30'),
          }),
        ],
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault('previous-room', 'value', 'booked Cedar (12), where the board used to be', [
          book(state, cedar),
        ]),
      );
    return derived(pack, `calendar_2/${condition}`, state, outcomes);
  };
  const backgroundPatch: Patch = [
    editEvent(
      dryRun,
      1,
      {
        start: nyTime('2026-04-21', '16:00'),
        end: nyTime('2026-04-21', '17:00'),
        start_datetime: '2026-04-21T16:00:00',
        end_datetime: '2026-04-21T17:00:00',
      },
      true,
    ),
    ...respond(board, str(sam, 'email'), 'declined', 1),
  ];
  const relatedPatch: Patch = [
    editEvent(board, 0, { location: str(lounge, 'summary') }, true),
    dropGuest(str(board, 'id'), str(cedar, 'id')),
    attendee(str(board, 'id'), str(lounge, 'id'), 'accepted', {
      display_name: str(lounge, 'summary'),
      resource: true,
    }),
    // The room's copy is not removed: Google keeps it as a cancelled record.
    editEvent(boardCopy, 0, { status: 'cancelled' }, true),
    newEvent(board, 'boardbookinglounge0001', 0, {
      calendar_id: str(lounge, 'id'),
      location: str(lounge, 'summary'),
      ical_uid: str(board, 'ical_uid'),
      description: null,
    }),
  ];

  return {
    id: 'calendar_2',
    family: 'calendar-book-same-room',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction:
      'Put the Customer advisory board prep on Wednesday, April 22 (Customer Success calendar) in the same room as the Customer advisory board session that afternoon, and add that room to the invite so it is actually booked. Keep the prep at its current time.',
    reference: calendarReference(
      {
        cs: calendarNamed('Customer Success'),
        board: eventOn('cs', 'Customer advisory board', '2026-04-22'),
        prep: eventOn('cs', 'Customer advisory board prep', '2026-04-22'),
        room: {
          table: 'calendars',
          where: { summary: { ref: 'board', field: 'location' } },
          cardinality: 'one',
          description: 'the room calendar named as the board session location in this run',
        },
        prepGuests: guestListOf('prep'),
      },
      [
        {
          kind: 'field',
          name: 'the prep is where the board session is',
          category: 'value',
          reason: 'same room as the board session, whose location is read from this run',
          target: 'prep',
          field: 'location',
          expect: { ref: 'board', field: 'location' },
        },
        {
          kind: 'created',
          name: "the board session's room is invited as a resource",
          category: 'relation',
          reason: 'a room is booked by adding its resource calendar to the invite',
          bind: 'roomGuest',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'prep', field: 'id' },
            email: { ref: 'room', field: 'id' },
            resource: true,
          },
          cardinality: 'one',
        },
        {
          kind: 'count',
          name: 'only the room is added to the invite',
          category: 'set',
          reason: 'no other guests were asked for',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'prep', field: 'id' } },
          scope: 'inserted',
          expect: 1,
        },
        guestEmails(
          'the prep keeps its guests',
          'preservation',
          'only the room changes',
          'prep',
          'prepGuests',
          'superset',
        ),
        {
          kind: 'preserved',
          name: 'the prep keeps its time and title',
          category: 'preservation',
          reason: 'keep the prep at its current time',
          target: 'prep',
          fields: ['start', 'end', 'start_datetime', 'end_datetime', 'summary', 'status'],
        },
        {
          kind: 'created',
          name: "the room's own calendar shows at most this booking",
          category: 'relation',
          reason:
            'a booking confirmed by the room appears on the room calendar, and nothing else does',
          bind: 'roomCopy',
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'room', field: 'id' },
            summary: 'Customer advisory board prep',
          },
          cardinality: { min: 0, max: 1 },
        },
        unchangedCheck(
          'no other event changes',
          'identity',
          'the board session and the dry run stay as they are',
          ['calendar_events'],
          ['prep', 'roomCopy'],
        ),
        unchangedCheck(
          'no other invite changes',
          'identity',
          'only the prep gains its room',
          ['calendar_event_attendees'],
          ['roomGuest'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'the dry run moves an hour later and Sam declines the board session',
        patch: backgroundPatch,
      },
      related: {
        description:
          'the board session moved to the bigger NYC-3 Cedar Lounge (20): location, room guest and room booking all changed',
        change: 'value',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source', cedar),
      background: panel(conditionState(pack, backgroundPatch), 'background', cedar),
      related: panel(conditionState(pack, relatedPatch), 'related', lounge),
    },
    witness: {
      decision: 'complete',
      description: 'booking the room the board used in the source run',
    },
    traps: ['shared-name', 'copied-value', 'legal-alternative'],
  };
}
