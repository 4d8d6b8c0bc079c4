// calendar_13 (family calendar-series-location-keep-skips): give a whole recurring series a new
// location and keep its schedule, including the weeks it skips (EXDATE lines of its rule).
// events.update resends the event as the agent read it, rule included. Under `related` the
// series skips one more week, which a rule remembered from an earlier reading would bring back.
import {
  type ApiCall,
  calendar,
  findRow,
  findRows,
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
  guestEmails,
  guestListOf,
  SEED_AS_IS,
} from './reference.js';

const { guestList, instanceId, moveEventCall, patchEventCall, updateEventCall, zonedTime } =
  calendar;

const ROOM = 'NYC-3 Birch (6)';

export function seriesLocation(pack: CalendarPack): Task {
  const { edit } = writer(pack, 13);
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

  const hiringId = str(hiring, 'id');
  const seriesId = str(series, 'id');
  // events.update resends the event as read in this run (rule and guests included), with the
  // new location; `rule` and `set` are what the agent changed in what it sends back.
  const update = (state: State, rule: string[], set: Row = {}, remove: string[] = []): ApiCall => {
    const read = findRow(state, 'calendar_events', { id: seriesId }, 'the Hiring sync series');
    return updateEventCall(hiringId, seriesId, {
      summary: read.summary ?? null,
      description: read.description ?? null,
      location: ROOM,
      ...(read.color_id ? { colorId: read.color_id } : {}),
      start: read.start ?? null,
      end: read.end ?? null,
      recurrence: rule,
      transparency: read.transparency ?? null,
      visibility: read.visibility ?? null,
      attendees: guestList(pack.guestsOf(seriesId, state), { remove }),
      ...set,
    });
  };
  const backgroundPatch: Patch = [edit(debrief, 1, { description: 'Bring the scorecards' })];
  const relatedPatch: Patch = [edit(series, 0, { recurrence: relatedRule }, true)];
  const panel = (state: State, condition: string, rule: string[]): Outcome[] => {
    const outcomes = [
      by.complete(
        'complete',
        `the series' location set to ${ROOM} with an events.update that resends its rule as read`,
        [update(state, rule)],
      ),
      by.alternative('patch-location', 'only the location sent (events.patch)', [
        patchEventCall(hiringId, seriesId, { location: ROOM }),
      ]),
      by.fault(
        'skips-dropped',
        'preservation',
        'the rule rewritten from the form: the RRULE kept, the skipped weeks (EXDATE) lost',
        [
          update(
            state,
            rule.filter((line) => line.startsWith('RRULE:')),
          ),
        ],
      ),
      // events.patch of one occurrence by its instance id: the server stores an exception.
      by.fault(
        'next-meeting-only',
        'set',
        'only the next meeting (16 April) moved to the room, as a one-off exception',
        [
          patchEventCall(hiringId, instanceId(seriesId, zonedTime('2026-04-16', '09:00', NY)), {
            location: ROOM,
          }),
        ],
      ),
      by.fault('nickname', 'value', 'the location typed as "Birch room"', [
        update(state, rule, { location: 'Birch room' }),
      ]),
      by.fault(
        'debrief-moved',
        'identity',
        'the next Candidate debrief got the room instead of the Hiring sync',
        [patchEventCall(hiringId, str(debrief, 'id'), { location: ROOM })],
      ),
      // events.move makes Dana's calendar the organizer: the row says so.
      by.fault(
        'moved-to-own-calendar',
        'relation',
        "the series moved to Dana's own calendar (events.move) with the new location",
        [
          patchEventCall(hiringId, seriesId, { location: ROOM }),
          moveEventCall(hiringId, seriesId, str(pack.dana, 'email')),
        ],
      ),
      by.fault('tara-dropped', 'preservation', 'updated, but Tara fell off the guest list', [
        update(state, rule, {}, [tara]),
      ]),
    ];
    if (condition === 'related')
      outcomes.splice(
        2,
        0,
        by.fault(
          'earlier-schedule',
          'preservation',
          'updated with the rule as it was before the extra skipped week: 30 April is back',
          [update(state, sourceRule)],
        ),
      );
    return derived(pack, `calendar_13/${condition}`, state, outcomes);
  };

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
      source: panel(pack.base, 'source', sourceRule),
      background: panel(conditionState(pack, backgroundPatch), 'background', sourceRule),
      related: panel(conditionState(pack, relatedPatch), 'related', relatedRule),
    },
    witness: {
      decision: 'complete',
      description: 'the source update, which resent the rule with only the 9 April skip',
    },
    traps: ['recurrence', 'copied-value', 'legal-alternative'],
  };
}
