// calendar_13 (family calendar-series-location-keep-skips): give a whole recurring series a new
// location and keep its schedule, including the weeks it skips (EXDATE lines of its rule).
// events.update resends the event as the agent read it, rule included. Under `related` the
// series skips one more week, which a rule remembered from an earlier reading would bring back.
import {
  cancelOccurrence,
  dropGuest,
  moveEventCall,
  patchEventCall,
  zonedTime,
} from '../../../src/authoring/calendar.js';
import {
  alternative,
  complete,
  fault,
  findRow,
  findRows,
  unchangedCheck,
} from '../../../src/authoring/index.js';
import type { Row } from '../../../src/schema/json.js';
import type { Patch } from '../../../src/schema/patch.js';
import type { Outcome, Task } from '../../../src/schema/task.js';
import type { State } from '../../../src/state/state.js';
import { byCalls, type CalendarPack, conditionState, NY, SEED, str, writer } from './context.js';
import {
  calendarNamed,
  calendarReference,
  guestEmails,
  guestListOf,
  SEED_AS_IS,
} from './reference.js';

const ROOM = 'NYC-3 Birch (6)';

export function seriesLocation(pack: CalendarPack): Task {
  const { edit, call } = writer(pack, 13);
  const hiring = pack.calendar('Hiring');
  const series = findRow(
    pack.base,
    'calendar_events',
    (row) =>
      row.calendar_id === hiring.id && row.summary === 'Hiring sync' && !row.recurring_event_id,
    'the Hiring sync series',
  );
  // The first Candidate debrief after 10 April (several follow).
  const debrief = findRows(
    pack.base,
    'calendar_events',
    (row) =>
      row.calendar_id === hiring.id &&
      row.summary === 'Candidate debrief' &&
      String(row.start_datetime) >= '2026-04-10',
  ).sort((a, b) => str(a, 'start_datetime').localeCompare(str(b, 'start_datetime')))[0] as Row;
  const sourceRule = (series.recurrence as string[]).map(String);
  const relatedRule = [...sourceRule, 'EXDATE;TZID=America/New_York:20260430T090000'];
  const tara = str(pack.user('Tara Singh'), 'email');

  // events.update resends the event as read, with the new location.
  const update = (rule: string[], minute: number, set: Row = {}): Patch => [
    edit(
      series,
      minute,
      {
        summary: series.summary ?? null,
        description: series.description ?? null,
        location: ROOM,
        start: series.start ?? null,
        end: series.end ?? null,
        recurrence: rule,
        transparency: series.transparency ?? null,
        visibility: series.visibility ?? null,
        ...set,
      },
      true,
    ),
  ];
  const backgroundPatch: Patch = [edit(debrief, 1, { description: 'Bring the scorecards' })];
  const relatedPatch: Patch = [edit(series, 0, { recurrence: relatedRule }, true)];
  const states: Record<string, State> = {
    source: pack.base,
    background: conditionState(pack, backgroundPatch),
    related: conditionState(pack, relatedPatch),
  };
  const panel = (rule: string[], condition: string): Outcome[] => {
    const before = states[condition] as State;
    return [
      complete(
        'complete',
        `the series' location set to ${ROOM} with an events.update that resends its rule as read`,
        update(rule, 2),
      ),
      alternative('patch-location', 'only the location sent (events.patch)', [
        edit(series, 3, { location: ROOM }, true),
      ]),
      fault(
        'skips-dropped',
        'preservation',
        'the rule rewritten from the form: the RRULE kept, the skipped weeks (EXDATE) lost',
        update(
          rule.filter((line) => line.startsWith('RRULE:')),
          4,
        ),
      ),
      fault(
        'next-meeting-only',
        'set',
        'only the next meeting (16 April) moved to the room, as a one-off exception',
        [
          cancelOccurrence(
            series,
            zonedTime('2026-04-16', '09:00', NY),
            zonedTime('2026-04-16', '09:30', NY),
            call(5),
            { status: 'confirmed', location: ROOM },
          ),
        ],
      ),
      fault(
        'nickname',
        'value',
        'the location typed as "Birch room"',
        update(rule, 6, { location: 'Birch room' }),
      ),
      fault(
        'debrief-moved',
        'identity',
        'the next Candidate debrief got the room instead of the Hiring sync',
        [edit(debrief, 7, { location: ROOM }, true)],
      ),
      // events.move makes Dana's calendar the organizer: written as the calls, so the row says so.
      byCalls(
        (id, patch) =>
          fault(
            id,
            'relation',
            "the series moved to Dana's own calendar (events.move) with the new location",
            patch,
          ),
        'moved-to-own-calendar',
        pack,
        before,
        [
          patchEventCall(str(hiring, 'id'), str(series, 'id'), { location: ROOM }),
          moveEventCall(str(hiring, 'id'), str(series, 'id'), str(pack.dana, 'email')),
        ],
        `calendar_13/${condition}`,
      ),
      fault('tara-dropped', 'preservation', 'updated, but Tara fell off the guest list', [
        ...update(rule, 8),
        dropGuest(str(series, 'id'), tara),
      ]),
    ];
  };
  const relatedPanel = panel(relatedRule, 'related');
  relatedPanel.splice(
    2,
    0,
    fault(
      'earlier-schedule',
      'preservation',
      'updated with the rule as it was before the extra skipped week: 30 April is back',
      update(sourceRule, 9),
    ),
  );

  return {
    id: 'calendar_13',
    family: 'calendar-series-location-keep-skips',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: `From now on the Hiring sync meets in ${ROOM}. Set that as the location of the whole series on the Hiring calendar. Keep its schedule exactly as it is, including the weeks it skips, and keep its guests.`,
    reference: calendarReference(
      {
        hiring: calendarNamed('Hiring'),
        series: {
          table: 'calendar_events',
          where: {
            calendar_id: { ref: 'hiring', field: 'id' },
            summary: 'Hiring sync',
            recurrence: { exists: true },
            recurring_event_id: { exists: false },
          },
          cardinality: 'one',
        },
        guests: guestListOf('series'),
      },
      [
        {
          kind: 'field',
          name: `the series meets in ${ROOM}`,
          category: 'value',
          reason: 'the instruction gives the location, exactly',
          target: 'series',
          field: 'location',
          expect: ROOM,
        },
        {
          kind: 'preserved',
          name: 'its rule, skipped weeks included, is the one it had',
          category: 'preservation',
          reason: 'keep its schedule exactly as it is (read from this run)',
          target: 'series',
          fields: ['recurrence'],
        },
        {
          kind: 'preserved',
          name: 'time, title and status stay',
          category: 'preservation',
          reason: 'only the location changes',
          target: 'series',
          fields: ['start', 'end', 'summary', 'status'],
        },
        {
          kind: 'field',
          name: 'it stays on the Hiring calendar',
          category: 'relation',
          reason: 'the series of the Hiring calendar changes its location, not its calendar',
          target: 'series',
          field: 'calendar_id',
          expect: { ref: 'hiring', field: 'id' },
        },
        {
          kind: 'count',
          name: 'the whole series, not one meeting',
          category: 'set',
          reason: 'the location is set on the series; no meeting becomes an exception',
          table: 'calendar_events',
          where: { recurring_event_id: { ref: 'series', field: 'id' } },
          scope: 'inserted',
          expect: 0,
        },
        guestEmails('same guests', 'preservation', 'keep its guests', 'series', 'guests', 'equal'),
        unchangedCheck(
          'no other event changes',
          'identity',
          'only the Hiring sync is named',
          ['calendar_events'],
          ['series'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'the next Candidate debrief gets a description',
        patch: backgroundPatch,
      },
      related: {
        description:
          'Ruth skipped one more week (30 April) before the run: the rule has a second EXDATE',
        change: 'preservation',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(sourceRule, 'source'),
      background: panel(sourceRule, 'background'),
      related: relatedPanel,
    },
    witness: {
      decision: 'complete',
      description: 'the source update, which resent the rule with only the 9 April skip',
    },
    traps: ['recurrence', 'copied-value', 'legal-alternative'],
  };
}
