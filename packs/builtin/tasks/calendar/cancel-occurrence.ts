// Family calendar-cancel-one-occurrence (calendar_5, calendar_6): cancel one instance of a
// weekly series and leave the rest of it. Deleting an instance makes Google store a cancelled
// exception under the instance id, whose suffix is the original start in UTC: in April that is
// 19:00Z for a 15:00 New York meeting, although the series' first start in March was 20:00Z.
// Under `related` the series was split before the run ("this and following events"): the old
// series ends earlier and was renamed, and a new series of the same name holds the instance.
// Every ending is written as the actor's calls (events.delete / events.patch of an instance id);
// an instance id that names no occurrence is refused by Google (404), so no ending uses one.
import { createReplica } from 'agentproofbench';
import {
  calendar,
  complete,
  fault,
  findRow,
  type Outcome,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import { byCalls, type CalendarPack, conditionState, NY, SEED, str, writer } from './context.js';
import { calendarNamed, calendarReference, SEED_AS_IS } from './reference.js';

const { attendee, deleteEventCall, instanceId, patchEventCall, timedSlot, zonedTime } = calendar;

export interface CancelOccurrenceSpec {
  id: string;
  instruction: string;
  calendar: string;
  title: string;
  /** The instance to cancel: local date and start (`HH:MM`, New York). */
  date: string;
  time: string;
  minutes: number;
  /** Another instance of the series, for the wrong-week fault. */
  otherDate: string;
  /** Related: the last date the old series keeps, its new name, and the new series' first date. */
  splitUntil: string;
  oldSeriesName: string;
  newSeriesFrom: string;
  /** Background: a one-off event added to the same calendar. */
  background: { id: string; title: string; date: string; time: string };
}

const endOf = (date: string, time: string, minutes: number): string => {
  const wall = Date.parse(`${date}T${time}:00Z`) + minutes * 60_000;
  return new Date(wall).toISOString().slice(11, 16);
};

/** The series' RRULE with its UNTIL moved to the end of `date` (New York). */
function untilEndOf(recurrence: readonly string[], date: string): string[] {
  const until = `UNTIL=${date.replaceAll('-', '')}T235959Z`;
  return recurrence.map((line) =>
    line.startsWith('RRULE:') ? line.replace(/UNTIL=[0-9TZ]+/, until) : line,
  );
}

/** The id of the last occurrence of a series that `state` still holds (read as the actor). */
function lastOccurrence(
  state: State,
  pack: CalendarPack,
  calendarId: string,
  seriesId: string,
): string {
  const path = `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(seriesId)}/instances`;
  const answer = createReplica('calendar', state, pack.actor).handle({ method: 'GET', path });
  const items = (answer.body as { items?: { id: string }[] }).items ?? [];
  const last = items.at(-1);
  if (answer.status !== 200 || !last) throw new Error(`series ${seriesId} has no occurrence left`);
  return last.id;
}

export function cancelOneOccurrence(
  pack: CalendarPack,
  number: number,
  spec: CancelOccurrenceSpec,
): Task {
  const { edit, insert, call } = writer(pack, number);
  const cal = pack.calendar(spec.calendar);
  const series = findRow(
    pack.base,
    'calendar_events',
    (row) =>
      row.calendar_id === cal.id &&
      row.summary === spec.title &&
      Array.isArray(row.recurrence) &&
      !row.recurring_event_id,
    `series ${spec.title}`,
  );
  const recurrence = (series.recurrence as string[]).map(String);
  const slot = (date: string): { start: Row; end: Row } => ({
    start: zonedTime(date, spec.time, NY),
    end: zonedTime(date, endOf(date, spec.time, spec.minutes), NY),
  });
  // Related: "this and following" from the new series' first date.
  const newId = `${str(series, 'id')}_R${spec.newSeriesFrom.replaceAll('-', '')}`;
  const newSeriesSlot = slot(spec.newSeriesFrom);
  const newSeries: Row = {
    ...series,
    id: newId,
    ical_uid: `${newId}@google.com`,
    html_link: `https://www.google.com/calendar/event?eid=${newId}`,
    start: newSeriesSlot.start,
    end: newSeriesSlot.end,
    start_datetime: `${spec.newSeriesFrom}T${spec.time}:00`,
    end_datetime: `${spec.newSeriesFrom}T${endOf(spec.newSeriesFrom, spec.time, spec.minutes)}:00`,
    sequence: 0,
  };
  const split = call(0);
  const backgroundPatch: Patch = [
    insert(series, spec.background.id, 1, {
      summary: spec.background.title,
      description: null,
      ...timedSlot(spec.background.date, spec.background.time, 30, NY),
    }),
  ];
  const relatedPatch: Patch = [
    edit(
      series,
      0,
      { summary: spec.oldSeriesName, recurrence: untilEndOf(recurrence, spec.splitUntil) },
      true,
    ),
    {
      op: 'insert',
      table: 'calendar_events',
      row: { ...newSeries, etag: split.newEtag(), created_at: split.when, updated_at: split.when },
    },
    ...pack.guestsOf(series.id).map((guest) =>
      attendee(newId, str(guest, 'email'), str(guest, 'response_status'), {
        display_name: guest.display_name ?? null,
        optional: guest.optional ?? false,
        resource: guest.resource ?? false,
      }),
    ),
  ];

  const calendarId = str(cal, 'id');
  // The instance id Google gives the occurrence of `of` that starts on `date` (New York time).
  const occurrence = (of: Row, date: string): string => instanceId(str(of, 'id'), slot(date).start);
  const sourceState = pack.base;
  const backgroundState = conditionState(pack, backgroundPatch);
  const relatedState = conditionState(pack, relatedPatch);

  // Every ending is the actor's calls on that condition's before-state.
  const panel = (of: Row, before: State, condition: string): Outcome[] => {
    const stream = `${spec.id}/${condition}`;
    const made = (
      builder: (id: string, patch: Patch) => Outcome,
      id: string,
      calls: ReturnType<typeof deleteEventCall>[],
    ) => byCalls(builder, id, pack, before, calls, stream);
    return [
      made(
        (id, patch) =>
          complete(
            id,
            `the ${spec.date} ${spec.title} deleted: a cancelled exception under its instance id`,
            patch,
          ),
        'complete',
        [deleteEventCall(calendarId, occurrence(of, spec.date))],
      ),
      made(
        (id, patch) =>
          fault(id, 'set', 'the whole series cancelled instead of the one meeting', patch),
        'whole-series',
        [deleteEventCall(calendarId, str(of, 'id'))],
      ),
      made(
        (id, patch) =>
          fault(
            id,
            'set',
            '"this and following events" chosen: the series now ends the day before',
            patch,
          ),
        'this-and-following',
        [
          patchEventCall(calendarId, str(of, 'id'), {
            recurrence: untilEndOf(
              (of.recurrence as string[]).map(String),
              new Date(Date.parse(`${spec.date}T00:00:00Z`) - 86_400_000)
                .toISOString()
                .slice(0, 10),
            ),
          }),
        ],
      ),
      made(
        (id, patch) => fault(id, 'value', `the ${spec.otherDate} meeting cancelled instead`, patch),
        'wrong-week',
        [deleteEventCall(calendarId, occurrence(of, spec.otherDate))],
      ),
      // An exception under the instance id of the series' first (winter-time) UTC start names
      // no occurrence (Google answers 404), so that state cannot exist. The value fault kept
      // in its place is reachable: the meeting answered as tentative instead of cancelled.
      made(
        (id, patch) =>
          fault(
            id,
            'value',
            'the meeting set to tentative instead of cancelled: it stays on every calendar',
            patch,
          ),
        'marked-tentative',
        [patchEventCall(calendarId, occurrence(of, spec.date), { status: 'tentative' })],
      ),
    ];
  };
  // The last meeting the renamed old series still holds (it no longer holds the one asked for).
  const oldSeriesLast = lastOccurrence(relatedState, pack, calendarId, str(series, 'id'));
  const relatedPanel = panel(newSeries, relatedState, 'related');
  relatedPanel.splice(
    1,
    0,
    byCalls(
      (id, patch) =>
        fault(
          id,
          'identity',
          `the meeting cancelled in the old series (now "${spec.oldSeriesName}"), which no longer holds it: its last meeting goes instead`,
          patch,
        ),
      'old-series',
      pack,
      relatedState,
      [deleteEventCall(calendarId, oldSeriesLast)],
      `${spec.id}/related`,
    ),
  );

  const original = slot(spec.date).start;
  return {
    id: spec.id,
    family: 'calendar-cancel-one-occurrence',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: spec.instruction,
    reference: calendarReference(
      {
        cal: calendarNamed(spec.calendar),
        series: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'cal', field: 'id' },
            summary: spec.title,
            recurrence: { exists: true },
            recurring_event_id: { exists: false },
          },
          cardinality: 'one',
          description: `the recurring series called exactly "${spec.title}" in this run`,
        },
      },
      [
        {
          kind: 'created',
          name: `the ${spec.date} meeting of the series is cancelled`,
          category: 'identity',
          reason: `the instruction cancels the ${spec.title} on ${spec.date}; deleting an instance stores a cancelled exception of its series`,
          bind: 'cancelled',
          table: 'calendar_events',
          where: {
            recurring_event_id: { ref: 'series', field: 'id' },
            status: 'cancelled',
          },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'the exception replaces that meeting',
          category: 'value',
          reason: `an exception names the instance it replaces by its original start (${String(original.dateTime)})`,
          target: 'cancelled',
          field: 'original_start_time.dateTime',
          expect: String(original.dateTime),
        },
        {
          kind: 'preserved',
          name: 'the rest of the series stays',
          category: 'set',
          reason: 'only that one meeting is cancelled; the series keeps its rule and status',
          target: 'series',
          fields: ['recurrence', 'status', 'start', 'end', 'summary'],
        },
        unchangedCheck(
          'no other event changes',
          'identity',
          'nothing else on any calendar is asked for',
          ['calendar_events'],
          ['series', 'cancelled'],
        ),
        unchangedCheck(
          'guest lists stay',
          'preservation',
          'cancelling one meeting does not touch anyone’s invitation to the others',
          ['calendar_event_attendees'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: `a one-off "${spec.background.title}" is added to the ${spec.calendar} calendar`,
        patch: backgroundPatch,
      },
      related: {
        description: `the series was split before the run: the old one ends ${spec.splitUntil} and is now "${spec.oldSeriesName}"; a new "${spec.title}" series runs from ${spec.newSeriesFrom}`,
        change: 'binding',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(series, sourceState, 'source'),
      background: panel(series, backgroundState, 'background'),
      related: relatedPanel,
    },
    // Replayed by its series id, the source decision names no occurrence of the split old
    // series (Google answers 404): the stale run cancels that series' last meeting instead.
    witness: {
      decision: 'complete',
      description:
        'the source decision replayed on the series that held the meeting then: the old series, which no longer holds it, loses its last meeting',
      calls: [deleteEventCall(calendarId, oldSeriesLast)],
    },
    traps: ['recurrence', 'time-zone', 'renamed-entity'],
  };
}
