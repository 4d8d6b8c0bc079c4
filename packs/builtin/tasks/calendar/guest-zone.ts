// calendar_15 (family calendar-schedule-in-guest-zone): a call at 9:00 in the guest's time zone
// (his calendar's zone, read in this run), with the event's own time zone set to it. Under
// `related` the guest's calendar moved to New York before the run.
import {
  type ApiCall,
  calendar,
  findRows,
  type Outcome,
  type Patch,
  type Row,
  type State,
  type Task,
  unchangedCheck,
} from 'agentproofbench/authoring';
import {
  BERLIN,
  by,
  type CalendarPack,
  conditionState,
  derived,
  NY,
  SEED,
  str,
  writer,
} from './context.js';
import { calendarNamed, calendarReference, SEED_AS_IS } from './reference.js';

const { insertEventCall, timedSlot } = calendar;

const TITLE = 'Vendor API check-in';
const CALL_ID = 'vendorapicheckin000001';

export function guestZone(pack: CalendarPack): Task {
  const { insert, call } = writer(pack, 15);
  const dana = str(pack.dana, 'email');
  const felix = pack.user('Felix Wagner');
  const felixEmail = str(felix, 'email');
  const mine = pack.calendar(dana);
  const felixCal = pack.calendar(felixEmail);
  const operations = pack.calendar('Operations');
  const like = findRows(pack.base, 'calendar_events', { calendar_id: str(mine, 'id') })[0] as Row;

  const create = (zone: string, minute: number, set: Row = {}, minutes = 30): Patch => [
    insert(like, CALL_ID, minute, {
      summary: TITLE,
      description: null,
      location: null,
      status: 'confirmed',
      visibility: 'default',
      transparency: 'opaque',
      calendar_id: str(mine, 'id'),
      creator_id: str(pack.dana, 'id'),
      organizer_id: str(pack.dana, 'id'),
      creator_email: dana,
      organizer_email: dana,
      ...timedSlot('2026-04-29', '09:00', minutes, zone),
      ...set,
    }),
  ];
  // events.insert with the guests in the body; Dana may list herself, as accepted.
  const guest = (email: string): Row =>
    email === dana ? { email, responseStatus: 'accepted' } : { email };
  const insertCall = (
    calendar: Row,
    zone: string,
    who: string[],
    times: Row = {},
    minutes = 30,
  ): ApiCall => {
    const slot = { ...timedSlot('2026-04-29', '09:00', minutes, zone), ...times };
    return insertEventCall(str(calendar, 'id'), {
      summary: TITLE,
      start: slot.start ?? null,
      end: slot.end ?? null,
      attendees: who.map(guest),
    });
  };
  const panel = (state: State, condition: string, zone: string): Outcome[] => {
    const otherZone = zone === BERLIN ? NY : BERLIN;
    const nine = timedSlot('2026-04-29', '09:00', 30, zone);
    const utc = (value: unknown): Row => ({
      dateTime: new Date(Date.parse(String((value as Row).dateTime)))
        .toISOString()
        .replace('.000Z', 'Z'),
      timeZone: 'UTC',
    });
    const both = [dana, felixEmail];
    return derived(pack, `calendar_15/${condition}`, state, [
      by.complete(
        'complete',
        `"${TITLE}" on Dana's calendar at 9:00 ${zone} time, in that zone, with Felix invited`,
        [insertCall(mine, zone, both)],
      ),
      by.alternative('no-organizer-row', 'created with Felix as the only listed guest', [
        insertCall(mine, zone, [felixEmail]),
      ]),
      by.fault('nine-in-other-zone', 'value', `set for 9:00 ${otherZone} time instead of his`, [
        insertCall(mine, otherZone, both),
      ]),
      by.fault(
        'utc-zone',
        'value',
        'the right moment, but written in UTC with the event zone UTC instead of his',
        [insertCall(mine, zone, both, { start: utc(nine.start), end: utc(nine.end) })],
      ),
      by.fault('hour-long', 'value', 'booked for an hour instead of 30 minutes', [
        insertCall(mine, zone, both, {}, 60),
      ]),
      by.fault('felix-not-invited', 'set', 'created without inviting Felix', [
        insertCall(mine, zone, [dana]),
      ]),
      by.fault(
        'on-operations',
        'relation',
        'created on the Operations calendar instead of Dana’s own',
        [insertCall(operations, zone, both)],
      ),
    ]);
  };
  const sourceZone = str(felixCal, 'time_zone');
  const moved = call(0);
  const felixSettings = findRows(pack.base, 'calendar_settings', {
    user_id: str(felix, 'id'),
    setting_id: 'timezone',
  });

  const backgroundPatch: Patch = create(NY, 1, {
    id: 'bgsuppliercall00001',
    html_link: 'https://www.google.com/calendar/event?eid=bgsuppliercall00001',
    ical_uid: 'bgsuppliercall00001@google.com',
    summary: 'Supplier call',
    ...timedSlot('2026-04-28', '14:00', 30, NY),
  });
  const relatedPatch: Patch = [
    {
      op: 'update',
      table: 'calendars',
      key: { id: str(felixCal, 'id') },
      set: { time_zone: NY, etag: moved.newEtag(), updated_at: moved.when },
    },
    ...felixSettings.map((setting): Patch[number] => ({
      op: 'update',
      table: 'calendar_settings',
      key: { id: setting.id ?? null },
      set: { value: NY, etag: moved.newEtag() },
    })),
  ];
  return {
    id: 'calendar_15',
    family: 'calendar-schedule-in-guest-zone',
    service: 'calendar',
    seed: SEED,
    actor: pack.actor,
    instruction: `Set up a 30-minute "${TITLE}" on my calendar with Felix Wagner (${felixEmail}) on Wednesday, April 29 at 9:00 in the morning his time, that is in the time zone of his calendar, and set the event's time zone to his.`,
    reference: calendarReference(
      {
        mine: calendarNamed(dana),
        felixCal: calendarNamed(
          felixEmail,
          "Felix's calendar, whose time zone is read in this run",
        ),
      },
      [
        {
          kind: 'created',
          name: `"${TITLE}" is on Dana's calendar`,
          category: 'relation',
          reason: 'on my calendar',
          bind: 'call',
          table: 'calendar_events',
          where: { calendar_id: { ref: 'mine', field: 'id' }, summary: TITLE },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: "its time zone is Felix's",
          category: 'value',
          reason: "set the event's time zone to his (his calendar's, in this run)",
          target: 'call',
          field: 'start.timeZone',
          expect: { ref: 'felixCal', field: 'time_zone' },
        },
        {
          kind: 'field',
          name: 'it starts at 9:00 in that zone',
          category: 'value',
          reason: 'at 9:00 in the morning his time',
          target: 'call',
          field: 'start.dateTime',
          expect: { startsWith: '2026-04-29T09:00:00' },
        },
        {
          kind: 'field',
          name: 'it lasts 30 minutes',
          category: 'value',
          reason: 'a 30-minute call',
          target: 'call',
          field: 'end.dateTime',
          expect: { startsWith: '2026-04-29T09:30:00' },
        },
        {
          kind: 'created',
          name: 'Felix is invited',
          category: 'set',
          reason: 'with Felix Wagner',
          bind: 'invite',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'call', field: 'id' }, email: felixEmail },
          cardinality: 'one',
        },
        {
          kind: 'created',
          name: 'at most Dana herself is listed besides',
          category: 'set',
          reason: 'no one else was asked for; the organizer may be listed',
          bind: 'self',
          table: 'calendar_event_attendees',
          where: { event_id: { ref: 'call', field: 'id' }, email: dana },
          cardinality: { min: 0, max: 1 },
        },
        unchangedCheck(
          'nothing else changes',
          'identity',
          'only the new call is asked for',
          ['calendar_events', 'calendar_event_attendees', 'calendars'],
          ['call', 'invite', 'self'],
        ),
      ],
    ),
    conditions: {
      source: SEED_AS_IS,
      background: {
        description: 'another call is on Dana’s calendar the day before',
        patch: backgroundPatch,
      },
      related: {
        description: 'Felix moved to the New York studio: his calendar is now in America/New_York',
        change: 'value',
        patch: relatedPatch,
      },
    },
    outcomes: {
      source: panel(pack.base, 'source', sourceZone),
      background: panel(conditionState(pack, backgroundPatch), 'background', sourceZone),
      related: panel(conditionState(pack, relatedPatch), 'related', NY),
    },
    witness: {
      decision: 'complete',
      description: 'the source call, at 9:00 Berlin time in Berlin’s zone',
    },
    traps: ['time-zone', 'legal-alternative'],
  };
}
