// calendar_14 (family calendar-extend-all-day-keep-settings): an all-day event gets one more day
// (its end date is exclusive, so "through Saturday" ends on Sunday's date) and keeps everything
// else, in particular whether it shows as busy or free, as it is in this run. events.update
// resends the event as read. Under `related` the event was switched to busy before the run.
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
import { calendarNamed, calendarReference, eventOn, SEED_AS_IS } from './reference.js';

const { allDaySlot, guestList, moveEventCall, patchEventCall, timedSlot, updateEventCall } =
  calendar;

const TITLE = 'Spring Textile Fair (booth)';

export function extendAllDay(pack: CalendarPack): Task {
  const { edit } = writer(pack, 14);
  const marketing = pack.calendar('Marketing Events');
  const fair = pack.event(marketing, TITLE, '2026-04-15');
  const build = pack.event(marketing, 'Spring Textile Fair: booth build', '2026-04-14');
  const through = allDaySlot('2026-04-15', 4);

  const marketingId = str(marketing, 'id');
  const fairId = str(fair, 'id');
  // events.update resends the event as read in this run (guests included), with the new end;
  // `set` is what else the agent changed in what it sends back.
  const update = (state: State, transparency: string, set: Row = {}): ApiCall => {
    const read = findRow(state, 'calendar_events', { id: fairId }, TITLE);
    return updateEventCall(marketingId, fairId, {
      summary: read.summary ?? null,
      description: read.description ?? null,
      location: read.location ?? null,
      ...(read.color_id ? { colorId: read.color_id } : {}),
      visibility: read.visibility ?? null,
      transparency,
      start: read.start ?? null,
      end: through.end ?? null,
      attendees: guestList(pack.guestsOf(fairId, state)),
      ...set,
    });
  };
  const backgroundPatch: Patch = [edit(build, 1, { description: 'Bring the banner stands' })];
  const relatedPatch: Patch = [edit(fair, 0, { transparency: 'opaque' })];
  const states: Record<string, State> = {
    source: pack.base,
    background: conditionState(pack, backgroundPatch),
    related: conditionState(pack, relatedPatch),
  };
  const panel = (transparency: string, condition: string): Outcome[] => {
    const state = states[condition] as State;
    return derived(pack, `calendar_14/${condition}`, state, [
      by.complete(
        'complete',
        'the end date moved to 19 April (exclusive) with an events.update that resends the event as read',
        [update(state, transparency)],
      ),
      by.alternative('patch-end', 'only the end sent (events.patch)', [
        patchEventCall(marketingId, fairId, { end: through.end ?? null }),
      ]),
      by.fault(
        'end-date-inclusive',
        'value',
        'the end date written as 18 April, read as inclusive: the fair still ends on Friday',
        [update(state, transparency, { end: { date: '2026-04-18' } })],
      ),
      by.fault(
        'made-timed',
        'value',
        'turned into a timed event, 15 April 09:00 to 18 April 18:00 New York time',
        [
          update(state, transparency, {
            start: timedSlot('2026-04-15', '09:00', 60, NY).start ?? null,
            end: timedSlot('2026-04-18', '18:00', 0, NY).start ?? null,
          }),
        ],
      ),
      by.fault(
        'booth-build-extended',
        'identity',
        'the booth build event was changed instead of the fair',
        [
          patchEventCall(marketingId, str(build, 'id'), {
            end: timedSlot('2026-04-14', '16:00', 240, NY).end ?? null,
          }),
        ],
      ),
      by.fault(
        'busy-flag-flipped',
        'preservation',
        `saved from the form, which flipped "${transparency === 'transparent' ? 'free' : 'busy'}" to the other setting`,
        [update(state, transparency === 'transparent' ? 'opaque' : 'transparent')],
      ),
      // events.move makes Dana's calendar the organizer: the row says so.
      by.fault(
        'moved-to-own-calendar',
        'relation',
        "extended, and moved to Dana's own calendar on the way (events.move)",
        [
          patchEventCall(marketingId, fairId, { end: through.end ?? null }),
          moveEventCall(marketingId, fairId, str(pack.dana, 'email')),
        ],
      ),
      by.fault('location-lost', 'preservation', 'extended, but the location was cleared', [
        update(state, transparency, { location: null }),
      ]),
    ]);
  };

  return {
    id: 'calendar_14',
    family: 'calendar-extend-all-day-keep-settings',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction:
      'The Spring Textile Fair got an extra day. Extend the Spring Textile Fair (booth) event on the Marketing Events calendar so it runs through Saturday, April 18. Nothing else about it changes: keep its location and keep it showing as busy or free, whichever it is now.',
    reference: calendarReference(
      {
        marketing: calendarNamed('Marketing Events'),
        fair: eventOn('marketing', TITLE, '2026-04-15'),
      },
      [
        {
          kind: 'field',
          name: 'it ends after Saturday 18 April',
          category: 'value',
          reason: "through Saturday: an all-day event's end date is the day after its last day",
          target: 'fair',
          field: 'end.date',
          expect: '2026-04-19',
        },
        {
          kind: 'field',
          name: 'it still starts on 15 April, all day',
          category: 'value',
          reason: 'only the end moves',
          target: 'fair',
          field: 'start.date',
          expect: '2026-04-15',
        },
        {
          kind: 'preserved',
          name: 'busy or free stays as it was',
          category: 'preservation',
          reason: 'keep it showing as busy or free, whichever it is in this run',
          target: 'fair',
          fields: ['transparency'],
        },
        {
          kind: 'preserved',
          name: 'location, title, description and privacy stay',
          category: 'preservation',
          reason: 'nothing else about it changes',
          target: 'fair',
          fields: ['location', 'summary', 'description', 'visibility', 'status'],
        },
        {
          kind: 'field',
          name: 'it stays on Marketing Events',
          category: 'relation',
          reason: 'the event on the Marketing Events calendar is extended, not moved',
          target: 'fair',
          field: 'calendar_id',
          expect: { ref: 'marketing', field: 'id' },
        },
        unchangedCheck(
          'no other event changes',
          'identity',
          'only the fair is named',
          ['calendar_events', 'calendar_event_attendees'],
          ['fair'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'the booth build gets a description',
        patch: backgroundPatch,
      },
      related: {
        description: 'Jonah set the fair to show as busy before the run',
        change: 'preservation',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(String(fair.transparency), 'source'),
      background: panel(String(fair.transparency), 'background'),
      related: panel('opaque', 'related'),
    },
    witness: {
      decision: 'complete',
      description: 'the source update, which resent "free"',
    },
    traps: ['time-zone', 'copied-value', 'legal-alternative'],
  };
}
