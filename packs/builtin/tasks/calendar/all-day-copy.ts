// Family calendar-all-day-copy-details (calendar_7, calendar_8): add an all-day event whose
// details are copied from an existing one. All-day events carry dates, not times, and their
// end date is exclusive; the copied text is whatever the original says in this run. Under
// `related` the original's text changed before the run.
import {
  type ApiCall,
  type Check,
  calendar,
  complete,
  fault,
  type Outcome,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { byCalls, type CalendarPack, conditionState, NY, SEED, str, writer } from './context.js';
import { calendarNamed, calendarReference, eventOn, SEED_AS_IS } from './reference.js';

const { allDaySlot, insertEventCall, patchEventCall, timedSlot } = calendar;

export interface AllDayCopySpec {
  id: string;
  instruction: string;
  calendar: string;
  /** The event whose details are copied, by title and start date. */
  original: { title: string; date: string };
  /** The columns copied from it (description, location). */
  copied: Array<'description' | 'location'>;
  title: string;
  date: string;
  /** Id of the event the run creates (Google assigns it). */
  newId: string;
  /** Related: the original's copied columns before the run. */
  relatedValues: Row;
  background: { id: string; title: string; date: string };
}

const nextDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function allDayCopy(pack: CalendarPack, number: number, spec: AllDayCopySpec): Task {
  const { edit, insert } = writer(pack, number);
  const cal = pack.calendar(spec.calendar);
  const original = pack.event(cal, spec.original.title, spec.original.date);
  const base: Row = {
    summary: spec.title,
    description: null,
    location: null,
    visibility: 'default',
    transparency: 'transparent',
    status: 'confirmed',
  };
  // Every ending is the actor's calls: events.insert with the id the client chose (base32hex),
  // or events.patch of the original; the write model writes ids' rows, stamps and organizer.
  const insertBody = (values: Row, set: Row = {}): Row => {
    const slot = { ...allDaySlot(spec.date), ...set };
    return {
      id: spec.newId,
      summary: spec.title,
      ...Object.fromEntries(spec.copied.map((column) => [column, values[column] ?? null])),
      transparency: (set.transparency as string | undefined) ?? 'transparent',
      start: slot.start ?? null,
      end: slot.end ?? null,
    };
  };
  const danaCalendar = pack.calendar(str(pack.dana, 'email'));
  const calId = str(cal, 'id');
  const backgroundPatch = [
    insert(original, spec.background.id, 1, {
      ...base,
      summary: spec.background.title,
      ...allDaySlot(spec.background.date),
    }),
  ];
  const relatedPatch = [edit(original, 0, spec.relatedValues)];
  const states: Record<string, State> = {
    source: pack.base,
    background: conditionState(pack, backgroundPatch),
    related: conditionState(pack, relatedPatch),
  };
  const panel = (values: Row, condition: string): Outcome[] => {
    const made = (
      builder: (id: string, patch: Outcome['patch']) => Outcome,
      id: string,
      calls: ApiCall[],
    ): Outcome =>
      byCalls(builder, id, pack, states[condition] as State, calls, `${spec.id}/${condition}`);
    return [
      made(
        (id, patch) =>
          complete(
            id,
            `an all-day "${spec.title}" on ${spec.date}, shown as free, with the ${spec.copied.join(' and ')} of "${spec.original.title}"`,
            patch,
          ),
        'complete',
        [insertEventCall(calId, insertBody(values))],
      ),
      made(
        (id, patch) =>
          fault(
            id,
            'value',
            'created as a timed event from midnight to midnight New York time instead of an all-day one',
            patch,
          ),
        'timed-midnight',
        [insertEventCall(calId, insertBody(values, timedSlot(spec.date, '00:00', 24 * 60, NY)))],
      ),
      made(
        (id, patch) =>
          fault(
            id,
            'value',
            'the end date written as the last day plus one more: the event covers two days',
            patch,
          ),
        'inclusive-end',
        [insertEventCall(calId, insertBody(values, allDaySlot(spec.date, 2)))],
      ),
      made(
        (id, patch) => fault(id, 'value', 'created as busy instead of free', patch),
        'shown-busy',
        [insertEventCall(calId, insertBody(values, { transparency: 'opaque' }))],
      ),
      made(
        (id, patch) =>
          fault(
            id,
            'relation',
            `created on Dana's own calendar instead of ${spec.calendar}`,
            patch,
          ),
        'own-calendar',
        [insertEventCall(str(danaCalendar, 'id'), insertBody(values))],
      ),
      made(
        (id, patch) =>
          fault(
            id,
            'identity',
            `"${spec.original.title}" itself renamed and moved to ${spec.date} instead of a new event`,
            patch,
          ),
        'original-moved',
        [
          patchEventCall(calId, str(original, 'id'), {
            summary: spec.title,
            start: allDaySlot(spec.date).start ?? null,
            end: allDaySlot(spec.date).end ?? null,
          }),
        ],
      ),
    ];
  };
  const relatedPanel = panel(spec.relatedValues, 'related');
  relatedPanel.splice(
    1,
    0,
    byCalls(
      (id, patch) =>
        fault(
          id,
          'value',
          `the ${spec.copied.join(' and ')} copied as "${spec.original.title}" had them before they changed`,
          patch,
        ),
      'stale-copy',
      pack,
      states.related as State,
      [insertEventCall(calId, insertBody(original))],
      `${spec.id}/related`,
    ),
  );

  const checks: Check[] = [
    {
      kind: 'created',
      name: `"${spec.title}" is added to ${spec.calendar}`,
      category: 'relation',
      reason: `the instruction puts the new event on the ${spec.calendar} calendar`,
      bind: 'added',
      table: 'calendar_events',
      where: { calendar_id: { ref: 'cal', field: 'id' }, summary: spec.title },
      cardinality: 'one',
    },
    {
      kind: 'field',
      name: `it is an all-day event starting ${spec.date}`,
      category: 'value',
      reason: 'an all-day event carries a date, not a time',
      target: 'added',
      field: 'start.date',
      expect: spec.date,
    },
    {
      kind: 'field',
      name: 'it lasts that one day',
      category: 'value',
      reason: "an all-day event's end date is the day after its last day",
      target: 'added',
      field: 'end.date',
      expect: nextDay(spec.date),
    },
    {
      kind: 'field',
      name: 'it is shown as free',
      category: 'value',
      reason: 'the instruction asks for it to show as free',
      target: 'added',
      field: 'transparency',
      expect: 'transparent',
    },
    ...spec.copied.map((column) => ({
      kind: 'field' as const,
      name: `its ${column} is the one "${spec.original.title}" has`,
      category: 'value' as const,
      reason: `the ${column} is copied from the original as it is in this run`,
      target: 'added',
      field: column,
      expect: { ref: 'original', field: column },
    })),
    {
      kind: 'preserved',
      name: `"${spec.original.title}" stays as it is`,
      category: 'identity',
      reason: 'the details are copied, the original is not edited',
      target: 'original',
      fields: ['summary', 'start', 'end', 'description', 'location', 'calendar_id'],
    },
    unchangedCheck(
      'no other event changes',
      'identity',
      'only the new event is asked for',
      ['calendar_events'],
      ['added'],
    ),
  ];
  return {
    id: spec.id,
    family: 'calendar-all-day-copy-details',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: spec.instruction,
    reference: calendarReference(
      {
        cal: calendarNamed(spec.calendar),
        original: eventOn(
          'cal',
          spec.original.title,
          spec.original.date,
          `"${spec.original.title}" on ${spec.original.date}, whose details are copied`,
        ),
      },
      checks,
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: `another all-day event, "${spec.background.title}", is on the ${spec.calendar} calendar`,
        patch: backgroundPatch,
      },
      related: {
        description: `"${spec.original.title}" was edited before the run: ${Object.entries(
          spec.relatedValues,
        )
          .map(([column, value]) => `${column} now ${JSON.stringify(value)}`)
          .join(', ')}`,
        change: 'value',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(original, 'source'),
      background: panel(original, 'background'),
      related: relatedPanel,
    },
    witness: {
      decision: 'complete',
      description: 'the source event, with the text the original had then',
    },
    traps: ['time-zone', 'copied-value'],
  };
}
