// calendar_4: reschedule, keep privacy.
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

const { guestList, moveEventCall, patchEventCall, updateEventCall, zonedTime } = calendar;

export function keepPrivacy(pack: CalendarPack): Task {
  const { event, user } = pack;
  const { edit: editEvent, respond } = writer(pack, 4);
  const nyTime = (date: string, time: string): Row => zonedTime(date, time, NY);
  const elise = user('Elise Fontaine');
  const eliseCal = findRow(pack.base, 'calendars', { id: str(elise, 'email') }, "Elise's calendar");
  const call = event(eliseCal, 'Investor update call', '2026-04-15');
  const januaryCall = event(eliseCal, 'Investor update call', '2026-01-14');
  const prepCall = event(eliseCal, 'Investor update call (prep)', '2026-04-14');
  const board = event(eliseCal, 'Board meeting', '2026-05-06');
  const lena = user('Lena Kovac');

  const moveTo = (date: string, time: string, endTime: string): Row => ({
    start: nyTime(date, time),
    end: nyTime(date, endTime),
    start_datetime: `${date}T${time}:00`,
    end_datetime: `${date}T${endTime}:00`,
  });
  const friday = moveTo('2026-04-17', '10:00', '10:45');
  const eliseId = str(eliseCal, 'id');
  // events.update resends the whole resource as the agent read it in this run: text, times,
  // visibility and the guest list (an update that left the guests out would clear them).
  const fullUpdate = (
    state: State,
    row: Row,
    times: Row,
    visibility: string,
    remove: string[] = [],
  ): ApiCall =>
    updateEventCall(eliseId, str(row, 'id'), {
      summary: row.summary ?? null,
      description: row.description ?? null,
      location: row.location ?? null,
      ...(row.color_id ? { colorId: row.color_id } : {}),
      start: times.start ?? null,
      end: times.end ?? null,
      transparency: row.transparency ?? null,
      visibility,
      attendees: guestList(pack.guestsOf(row.id, state), { remove }),
    });
  const times = (slot: Row): Row => ({ start: slot.start ?? null, end: slot.end ?? null });
  const panel = (state: State, condition: string): Outcome[] => {
    const current = event(eliseCal, 'Investor update call', '2026-04-15', state);
    const visibility = str(current, 'visibility');
    const outcomes = [
      by.complete(
        'complete',
        'moved to Friday 17 April 10:00-10:45 with an events.update that resends the event as read',
        [fullUpdate(state, current, friday, visibility)],
      ),
      by.alternative('times-only', 'moved with an events.patch of the start and end only', [
        patchEventCall(eliseId, str(current, 'id'), times(friday)),
      ]),
      by.fault(
        'visibility-reset',
        'preservation',
        'recreated from the form: privacy back to the calendar default',
        [fullUpdate(state, current, friday, 'default')],
      ),
      by.fault('wrong-day', 'value', 'moved to Thursday 16 April', [
        fullUpdate(state, current, moveTo('2026-04-16', '10:00', '10:45'), visibility),
      ]),
      // events.move makes Dana's calendar the organizer: the row says so.
      by.fault(
        'moved-to-own-calendar',
        'relation',
        "moved to Dana's calendar (events.move) at the new time",
        [
          patchEventCall(eliseId, str(current, 'id'), times(friday)),
          moveEventCall(eliseId, str(current, 'id'), str(pack.dana, 'email')),
        ],
      ),
      by.fault('january-call-moved', 'identity', 'the January investor call was moved instead', [
        fullUpdate(state, januaryCall, friday, str(januaryCall, 'visibility')),
      ]),
      by.fault('lena-dropped', 'preservation', 'moved, but Lena fell off the guest list', [
        fullUpdate(state, current, friday, visibility, [str(lena, 'email')]),
      ]),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault(
          'made-private-again',
          'preservation',
          'moved and set back to private, as the call used to be',
          [fullUpdate(state, current, friday, 'private')],
        ),
      );
    return derived(pack, `calendar_4/${condition}`, state, outcomes);
  };
  const backgroundPatch: Patch = [
    editEvent(prepCall, 1, moveTo('2026-04-14', '15:00', '15:30'), true),
    ...respond(board, str(lena, 'email'), 'declined', 1),
  ];
  const relatedPatch: Patch = [editEvent(call, 0, { visibility: 'public' }, true)];

  return {
    id: 'calendar_4',
    family: 'calendar-reschedule-keep-privacy',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: `Elise's Investor update call on Wednesday, April 15 (on her calendar, ${str(elise, 'email')}) has to move to Friday, April 17, 10:00 to 10:45 New York time. Keep it on her calendar with the same guests, and keep whatever privacy setting it has now.`,
    reference: calendarReference(
      {
        eliseCal: calendarNamed(
          str(elise, 'email'),
          "Elise's primary calendar, named by her address in the instruction",
        ),
        call: eventOn('eliseCal', 'Investor update call', '2026-04-15'),
        callGuests: guestListOf('call'),
      },
      [
        {
          kind: 'field',
          name: 'starts Friday 17 April 10:00 New York time',
          category: 'value',
          reason: 'the instruction gives the new start',
          target: 'call',
          field: 'start.dateTime',
          expect: '2026-04-17T10:00:00-04:00',
        },
        {
          kind: 'field',
          name: 'ends 10:45 New York time',
          category: 'value',
          reason: 'the instruction gives the new end',
          target: 'call',
          field: 'end.dateTime',
          expect: '2026-04-17T10:45:00-04:00',
        },
        {
          kind: 'field',
          name: 'local start column agrees',
          category: 'value',
          reason: 'the stored local start is the same moment',
          target: 'call',
          field: 'start_datetime',
          expect: '2026-04-17T10:00:00',
        },
        {
          kind: 'field',
          name: "stays on Elise's calendar",
          category: 'relation',
          reason: 'keep it on her calendar',
          target: 'call',
          field: 'calendar_id',
          expect: { ref: 'eliseCal', field: 'id' },
        },
        {
          kind: 'preserved',
          name: 'privacy setting is the one it had',
          category: 'preservation',
          reason: 'keep whatever privacy setting it has now (read from this run)',
          target: 'call',
          fields: ['visibility'],
        },
        {
          kind: 'preserved',
          name: 'title, description and organizer stay',
          category: 'preservation',
          reason: 'only the time moves',
          target: 'call',
          fields: ['summary', 'description', 'organizer_email', 'transparency', 'status'],
        },
        guestEmails(
          'same guests',
          'preservation',
          'keep it with the same guests',
          'call',
          'callGuests',
          'equal',
        ),
        unchangedCheck(
          'no other event moves',
          'identity',
          'the April call is named, not the January one or the prep',
          ['calendar_events'],
          ['call'],
        ),
        unchangedCheck(
          'answers stay as they were',
          'preservation',
          'guests and their answers are kept',
          ['calendar_event_attendees'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'the prep call moves to 15:00 and Lena declines the board meeting',
        patch: backgroundPatch,
      },
      related: {
        description: 'Elise made the call public to the company before the run',
        change: 'preservation',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source'),
      background: panel(conditionState(pack, backgroundPatch), 'background'),
      related: panel(conditionState(pack, relatedPatch), 'related'),
    },
    witness: {
      decision: 'complete',
      description: 'the source update, which rewrote visibility "private"',
    },
    traps: ['shared-name', 'copied-value', 'time-zone', 'legal-alternative'],
  };
}
