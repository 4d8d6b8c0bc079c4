// calendar_3: invite the accepted set.
import {
  type ApiCall,
  calendar,
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

const { attendee, guestList, patchEventCall, setResponse, zonedTime } = calendar;

export function acceptedSet(pack: CalendarPack): Task {
  const { calendar, event, user, guestsOf } = pack;
  const { edit: editEvent, insert: newEvent } = writer(pack, 3);
  const nyTime = (date: string, time: string): Row => zonedTime(date, time, NY);
  const offsite = calendar('Offsite 2026');
  const kickoff = event(offsite, 'Offsite 2026 kickoff', '2026-04-08');
  const walkthrough = event(offsite, 'Offsite logistics walkthrough', '2026-04-28');
  const draft = event(offsite, 'Offsite logistics walkthrough (draft)', '2026-04-27');
  const venue = event(offsite, 'Venue visit: Catskills lodge', '2026-04-17');
  const kofi = user('Kofi Mensah');
  const toAdd = (responses: Row[]): string[] => {
    const current = new Set(guestsOf(str(walkthrough, 'id')).map((row) => row.email));
    return responses
      .filter(
        (row) =>
          row.response_status === 'accepted' && row.resource !== true && !current.has(row.email),
      )
      .map((row) => String(row.email));
  };
  const sourceAdds = toAdd(guestsOf(str(kickoff, 'id')));
  // related: Marco now declines, Grace and Amara accept.
  const flips: Array<[string, string]> = [
    ['Marco Bellini', 'declined'],
    ['Grace Liu', 'accepted'],
    ['Amara Okonjo', 'accepted'],
  ];
  const relatedResponses = guestsOf(str(kickoff, 'id')).map((row) => {
    const flip = flips.find(([name]) => user(name).email === row.email);
    return flip ? { ...row, response_status: flip[1] } : row;
  });
  const relatedAdds = toAdd(relatedResponses);
  const tentative = guestsOf(str(kickoff, 'id'))
    .filter((row) => row.response_status === 'tentative')
    .map((row) => String(row.email));

  // events.patch of a guest list sends the whole list: the guests of `event` in this run, with
  // `list` added (the server writes them as needsAction) and `remove` taken off.
  const add = (state: State, event: Row, list: string[], remove: string[] = []): ApiCall =>
    patchEventCall(str(offsite, 'id'), str(event, 'id'), {
      attendees: guestList(guestsOf(str(event, 'id'), state), {
        add: list.map((email) => ({ email })),
        remove,
      }),
    });
  const panel = (state: State, condition: string, adds: string[]): Outcome[] => {
    const firstBatch = adds.slice(0, 3);
    const outcomes = [
      by.complete('complete', `the ${adds.length} accepted guests who were missing are invited`, [
        add(state, walkthrough, adds),
      ]),
      by.alternative('two-batches', 'invited in two edits', [
        add(state, walkthrough, firstBatch),
        add(state, walkthrough, adds),
      ]),
      by.prefix('first-batch', 'the run after its first edit: only the first three are invited', [
        add(state, walkthrough, firstBatch),
      ]),
      by.fault('missed-one', 'set', 'one accepted guest left out', [
        add(state, walkthrough, adds.slice(0, -1)),
      ]),
      by.fault('tentative-too', 'set', 'the tentative guests invited as well', [
        add(state, walkthrough, [...adds, ...tentative.filter((email) => !adds.includes(email))]),
      ]),
      by.fault(
        'kofi-dropped',
        'preservation',
        'the guest list rewritten without Kofi, who was already invited',
        [add(state, walkthrough, adds, [str(kofi, 'email')])],
      ),
      by.fault(
        'draft-walkthrough',
        'identity',
        'invited to the draft walkthrough of 27 April instead',
        [add(state, draft, adds)],
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        3,
        0,
        by.fault(
          'last-weeks-acceptors',
          'set',
          'invited the people who had accepted before the answers changed',
          [add(state, walkthrough, sourceAdds)],
        ),
      );
    return derived(pack, `calendar_3/${condition}`, state, outcomes);
  };
  if (JSON.stringify([...sourceAdds].sort()) === JSON.stringify([...relatedAdds].sort()))
    throw new Error('related must change the set');

  const backgroundPatch: Patch = [
    editEvent(
      venue,
      1,
      {
        start: nyTime('2026-04-17', '12:00'),
        end: nyTime('2026-04-17', '18:00'),
        start_datetime: '2026-04-17T12:00:00',
        end_datetime: '2026-04-17T18:00:00',
      },
      true,
    ),
    newEvent(walkthrough, 'bgbusquotecall00000001', 1, {
      summary: 'Bus quote call',
      description: 'Two coaches, Friday return',
      start: nyTime('2026-04-20', '11:00'),
      end: nyTime('2026-04-20', '11:30'),
      start_datetime: '2026-04-20T11:00:00',
      end_datetime: '2026-04-20T11:30:00',
    }),
    attendee('bgbusquotecall00000001', str(kofi, 'email'), 'accepted'),
  ];
  const relatedPatch: Patch = [
    ...flips.map(([name, response]) =>
      setResponse(str(kickoff, 'id'), str(user(name), 'email'), response),
    ),
    editEvent(kickoff, 0, {}),
  ];
  return {
    id: 'calendar_3',
    family: 'calendar-invite-accepted-set',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction:
      'Everyone who accepted the Offsite 2026 kickoff should also be on the Offsite logistics walkthrough on April 28. Please invite whoever is missing, and do not remove anyone who is already invited.',
    reference: calendarReference(
      {
        offsite: calendarNamed('Offsite 2026'),
        kickoff: {
          table: 'calendar_events',
          where: { calendar_id: { ref: 'offsite', field: 'id' }, summary: 'Offsite 2026 kickoff' },
          cardinality: 'one',
        },
        walkthrough: eventOn('offsite', 'Offsite logistics walkthrough', '2026-04-28'),
        walkGuests: guestListOf('walkthrough'),
        accepted: {
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'kickoff', field: 'id' },
            response_status: 'accepted',
            resource: false,
          },
          cardinality: 'some',
          description: 'people (not rooms) whose answer to the kickoff is accepted in this run',
        },
        missing: {
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'kickoff', field: 'id' },
            response_status: 'accepted',
            resource: false,
            email: { nin: { refs: 'walkGuests', field: 'email' } },
          },
          cardinality: 'some',
        },
      },
      [
        guestEmails(
          'every kickoff acceptor is on the walkthrough',
          'set',
          'everyone who accepted the kickoff should be on the walkthrough',
          'walkthrough',
          'accepted',
          'superset',
        ),
        {
          kind: 'created',
          name: 'the new invites are guests of the walkthrough',
          category: 'set',
          reason: 'whoever is missing is invited',
          bind: 'added',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'walkthrough', field: 'id' } },
          cardinality: 'some',
        },
        {
          kind: 'set',
          name: 'only missing acceptors are added',
          category: 'set',
          reason: 'declined or tentative kickoff guests are not asked for',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'walkthrough', field: 'id' },
            email: { nin: { refs: 'walkGuests', field: 'email' } },
          },
          field: 'email',
          expect: { refs: 'missing', field: 'email' },
          mode: 'equal',
        },
        {
          kind: 'count',
          name: 'new guests have not answered yet',
          category: 'value',
          reason: 'an organizer cannot answer for the people invited',
          table: 'calendar_event_attendees',
          where: {
            event_id: { ref: 'walkthrough', field: 'id' },
            response_status: { neq: 'needsAction' },
          },
          scope: 'inserted',
          expect: 0,
        },
        guestEmails(
          'nobody already invited is removed',
          'preservation',
          'do not remove anyone who is already invited',
          'walkthrough',
          'walkGuests',
          'superset',
        ),
        {
          kind: 'preserved',
          name: 'the walkthrough keeps its time and title',
          category: 'preservation',
          reason: 'only the guest list changes',
          target: 'walkthrough',
          fields: ['start', 'end', 'summary', 'location', 'status'],
        },
        unchangedCheck(
          'no other event changes',
          'identity',
          'the named walkthrough is the 28 April one, not the draft',
          ['calendar_events'],
          ['walkthrough'],
        ),
        unchangedCheck(
          'no other guest list or answer changes',
          'identity',
          'the kickoff answers are read, not written',
          ['calendar_event_attendees'],
          ['added'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description:
          'the venue visit moves to the afternoon and a bus-quote call is added to the offsite calendar',
        patch: backgroundPatch,
      },
      related: {
        description: 'kickoff answers changed: Marco now declines, Grace and Amara accept',
        change: 'membership',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source', sourceAdds),
      background: panel(conditionState(pack, backgroundPatch), 'background', sourceAdds),
      related: panel(conditionState(pack, relatedPatch), 'related', relatedAdds),
    },
    witness: {
      decision: 'complete',
      description: 'inviting the people who had accepted in the source run',
    },
    traps: ['legal-alternative'],
  };
}
