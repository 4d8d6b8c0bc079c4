// Family calendar-cancel-person-bookings (calendar_9, calendar_10): cancel every desk booking
// of one person from a date on, on the Studio desks calendar. The calendar holds nine bookings a
// workday, so the set spans more than one page of events.list (250 by default); some of the
// person's bookings are already cancelled and must stay so (events.delete keeps a cancelled record,
// so deleting is an alternative of marking them cancelled). Under `related` the person booked
// more desks and handed one booking to a colleague before the run.
import {
  type ApiCall,
  applyPatch,
  calendar,
  findRows,
  type Outcome,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { by, type CalendarPack, conditionState, derived, SEED, str, writer } from './context.js';
import { calendarNamed, calendarReference, SEED_AS_IS } from './reference.js';

const { allDaySlot, deleteEventCall, patchEventCall } = calendar;

export interface CancelBookingsSpec {
  id: string;
  instruction: string;
  person: string;
  /** First day (`YYYY-MM-DD`) whose bookings go. */
  from: string;
  /** Related: desks the person booked before the run (date, desk). */
  extraBookings: Array<{ id: string; date: string; desk: string }>;
  /** Related: one of the person's bookings handed to a colleague. */
  handedOver: { date: string; to: string };
}

const DESKS = 'Studio desks';
const EVENTS_PAGE = 250;

export function cancelBookings(pack: CalendarPack, number: number, spec: CancelBookingsSpec): Task {
  const { edit, insert } = writer(pack, number);
  const desks = pack.calendar(DESKS);
  const suffix = `: ${spec.person}`;
  const onDesks = (state: State): Row[] =>
    findRows(state, 'calendar_events', (row) => row.calendar_id === desks.id);
  const dateOf = (row: Row): string => String((row.start as Row).date);
  const bookingsOf = (state: State, status: string): Row[] =>
    onDesks(state).filter(
      (row) =>
        str(row, 'summary').endsWith(suffix) && dateOf(row) >= spec.from && row.status === status,
    );
  /** The first page of events.list from `from` on (cancelled left out, by start then id). */
  const firstPage = (state: State): Set<string> =>
    new Set(
      onDesks(state)
        .filter((row) => dateOf(row) >= spec.from && row.status !== 'cancelled')
        .sort(
          (a, b) => dateOf(a).localeCompare(dateOf(b)) || str(a, 'id').localeCompare(str(b, 'id')),
        )
        .slice(0, EVENTS_PAGE)
        .map((row) => str(row, 'id')),
    );
  const desksId = str(desks, 'id');
  /** events.patch of each booking's status (the client's way of cancelling that keeps it listed). */
  const setStatus = (rows: Row[], status: string): ApiCall[] =>
    rows.map((row) => patchEventCall(desksId, str(row, 'id'), { status }));
  const cancel = (rows: Row[]): ApiCall[] => setStatus(rows, 'cancelled');

  const like = bookingsOf(pack.base, 'confirmed')[0] as Row;
  const handed = bookingsOf(pack.base, 'confirmed').find(
    (row) => dateOf(row) === spec.handedOver.date,
  );
  if (!handed) throw new Error(`${spec.person} has no booking on ${spec.handedOver.date}`);
  const relatedPatch: Patch = [
    ...spec.extraBookings.map((booking) =>
      insert(like, booking.id, 0, {
        summary: `Desk ${booking.desk}${suffix}`,
        ...allDaySlot(booking.date),
      }),
    ),
    edit(handed, 0, {
      summary: str(handed, 'summary').replace(spec.person, spec.handedOver.to),
    }),
  ];

  const panel = (state: State, condition: string): Outcome[] => {
    const targets = bookingsOf(state, 'confirmed');
    const page = firstPage(state);
    const cancelled = bookingsOf(state, 'cancelled');
    const weekBefore = onDesks(state).filter(
      (row) =>
        str(row, 'summary').endsWith(suffix) &&
        row.status === 'confirmed' &&
        dateOf(row) < spec.from &&
        Date.parse(spec.from) - Date.parse(dateOf(row)) <= 7 * 86_400_000,
    );
    const desk = str(targets[0] as Row, 'summary').split(':')[0] as string;
    const sameDesk = onDesks(state).filter(
      (row) =>
        str(row, 'summary').startsWith(`${desk}:`) &&
        dateOf(row) >= spec.from &&
        row.status === 'confirmed',
    );
    if (targets.every((row) => page.has(str(row, 'id'))))
      throw new Error('the set must reach past the first page');
    const outcomes = [
      by.complete(
        'complete',
        `all ${targets.length} of ${spec.person}'s bookings from ${spec.from} cancelled`,
        cancel(targets),
      ),
      // events.delete never removes the row: Google keeps each as a cancelled record.
      by.alternative(
        'deleted',
        'the bookings deleted (events.delete) instead of patched to cancelled: Google keeps each as a cancelled record',
        targets.map((row) => deleteEventCall(desksId, str(row, 'id'))),
      ),
      by.fault(
        'first-page-only',
        'set',
        'only the bookings on the first page of the listing (250 events) cancelled',
        cancel(targets.filter((row) => page.has(str(row, 'id')))),
      ),
      by.fault(
        'week-before-too',
        'set',
        `the bookings of the week before ${spec.from} cancelled as well`,
        cancel([...weekBefore, ...targets]),
      ),
      by.fault(
        'whole-desk',
        'identity',
        `every ${desk} booking from ${spec.from} cancelled, the desk's other regular's included`,
        cancel(sameDesk),
      ),
      by.fault(
        'cancelled-one-revived',
        'preservation',
        'the cancellations done, but a booking cancelled earlier was toggled back to confirmed',
        [...cancel(targets), ...setStatus([cancelled[0] as Row], 'confirmed')],
      ),
      by.fault(
        'released-not-cancelled',
        'value',
        'the bookings renamed to "released" but left confirmed, so the desks stay taken',
        targets.map((row) =>
          patchEventCall(desksId, str(row, 'id'), {
            summary: `${str(row, 'summary').split(':')[0]}: (released)`,
          }),
        ),
      ),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault(
          'source-set-only',
          'set',
          'the bookings of the source run cancelled: the new ones stay, the handed-over one goes',
          cancel(bookingsOf(pack.base, 'confirmed')),
        ),
      );
    return derived(pack, `${spec.id}/${condition}`, state, outcomes);
  };
  const relatedState = applyPatch(pack.base, relatedPatch, `${spec.id} related`);
  const backgroundPatch: Patch = [
    insert(like, `bgdesk${number}extra0000001`, 1, {
      summary: 'Desk 3F-21: Grace Liu',
      ...allDaySlot('2026-03-31'),
    }),
  ];
  const bookingWhere = (status: string) => ({
    calendar_id: { ref: 'desks', field: 'id' },
    summary: { endsWith: suffix },
    start_datetime: { gte: spec.from },
    status,
  });
  return {
    id: spec.id,
    family: 'calendar-cancel-person-bookings',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: spec.instruction,
    reference: calendarReference(
      {
        desks: calendarNamed(DESKS),
        bookings: {
          table: 'calendar_events',
          where: bookingWhere('confirmed'),
          cardinality: 'some',
          description: `${spec.person}'s live bookings from ${spec.from} on, in this run`,
        },
        alreadyCancelled: {
          table: 'calendar_events',
          where: bookingWhere('cancelled'),
          cardinality: 'some',
        },
      },
      [
        {
          kind: 'count',
          name: `none of ${spec.person}'s bookings from ${spec.from} is still live`,
          category: 'set',
          reason: 'every one of them is to be cancelled (deleted or marked cancelled)',
          table: 'calendar_events',
          where: { id: { in: { refs: 'bookings', field: 'id' } }, status: 'confirmed' },
          scope: 'after',
          expect: 0,
        },
        {
          kind: 'count',
          name: 'earlier bookings are kept',
          category: 'set',
          reason: `only bookings from ${spec.from} on go`,
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'desks', field: 'id' },
            summary: { endsWith: suffix },
            start_datetime: { lt: spec.from },
          },
          scope: 'updated',
          expect: 0,
        },
        {
          kind: 'count',
          name: 'cancelled bookings stay cancelled',
          category: 'preservation',
          reason: 'a booking given up earlier is not brought back',
          table: 'calendar_events',
          where: {
            id: { in: { refs: 'alreadyCancelled', field: 'id' } },
            status: { neq: 'cancelled' },
          },
          scope: 'after',
          expect: 0,
        },
        unchangedCheck(
          'no other booking changes',
          'identity',
          "only this person's bookings are cancelled",
          ['calendar_events'],
          ['bookings'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'a colleague booked one more desk, in March',
        patch: backgroundPatch,
      },
      related: {
        description: `${spec.person} booked ${spec.extraBookings.length} more desks and handed the ${spec.handedOver.date} booking to ${spec.handedOver.to}`,
        change: 'membership',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source'),
      background: panel(conditionState(pack, backgroundPatch), 'background'),
      related: panel(relatedState, 'related'),
    },
    witness: {
      decision: 'complete',
      description: 'cancelling the bookings the person had in the source run',
    },
    traps: ['pagination', 'archived-or-trashed', 'legal-alternative'],
  };
}
