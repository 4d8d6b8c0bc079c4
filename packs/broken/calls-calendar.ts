// Broken packs for the four Calendar states no API call can produce (issue #27): each written
// as the actor's calls on a small one-task pack, refused by the loader with the file, the JSON
// path of the call and Google's own error, or, where the hand-written patch claims rows the
// server never writes, with the disagreement between the patch and its calls. Used by broken.ts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// biome-ignore lint/suspicious/noExplicitAny: the fixtures are written as untyped JSON on purpose
type Json = any;

const writeJson = (file: string, data: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
};

const OSLO = 'Europe/Oslo';
const at = (dateTime: string) => ({ dateTime, timeZone: OSLO });
const stamps = { created_at: '2026-03-01T09:00:00', updated_at: '2026-03-01T09:00:00' };

const event = (id: string, summary: string, start: string, end: string, extra: Json = {}) => ({
  id,
  calendar_id: 'cal-studio',
  ical_uid: `${id}@google.com`,
  summary,
  description: null,
  location: null,
  status: 'confirmed',
  visibility: 'default',
  transparency: 'opaque',
  event_type: 'default',
  start: at(start),
  end: at(end),
  start_datetime: start.slice(0, 19),
  end_datetime: end.slice(0, 19),
  creator_id: 'user-sol',
  organizer_id: 'user-sol',
  creator_email: 'sol@studio.example',
  organizer_email: 'sol@studio.example',
  recurrence: null,
  recurring_event_id: null,
  original_start_time: null,
  sequence: 0,
  etag: '"3100000000000001"',
  html_link: `https://www.google.com/calendar/event?eid=${id}`,
  ...stamps,
  ...extra,
});

const seed = {
  name: 'mini-calendar-calls',
  service: 'calendar',
  tables: {
    calendar_users: {
      key: ['id'],
      rows: [
        { id: 'user-sol', email: 'sol@studio.example', display_name: 'Sol Varga', self: true },
        { id: 'user-ana', email: 'ana@studio.example', display_name: 'Ana Berg', self: false },
      ],
    },
    calendars: {
      key: ['id'],
      rows: [
        { id: 'cal-studio', summary: 'Studio', owner_id: 'user-sol', time_zone: OSLO, ...stamps },
        { id: 'cal-home', summary: 'Home', owner_id: 'user-sol', time_zone: OSLO, ...stamps },
        {
          id: 'ana@studio.example',
          summary: 'ana@studio.example',
          owner_id: 'user-ana',
          time_zone: OSLO,
          ...stamps,
        },
      ],
    },
    calendar_list_entries: {
      key: ['id'],
      rows: [
        {
          id: 'le-sol-studio',
          user_id: 'user-sol',
          calendar_id: 'cal-studio',
          access_role: 'owner',
          primary: false,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '7',
          summary_override: null,
          etag: '"3200000000000001"',
          ...stamps,
        },
        {
          id: 'le-sol-home',
          user_id: 'user-sol',
          calendar_id: 'cal-home',
          access_role: 'owner',
          primary: false,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '8',
          summary_override: null,
          etag: '"3200000000000002"',
          ...stamps,
        },
        {
          id: 'le-ana-own',
          user_id: 'user-ana',
          calendar_id: 'ana@studio.example',
          access_role: 'owner',
          primary: true,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '9',
          summary_override: null,
          etag: '"3200000000000003"',
          ...stamps,
        },
        {
          id: 'le-ana-studio',
          user_id: 'user-ana',
          calendar_id: 'cal-studio',
          access_role: 'reader',
          primary: false,
          selected: true,
          hidden: false,
          deleted: false,
          color_id: '7',
          summary_override: null,
          etag: '"3200000000000004"',
          ...stamps,
        },
      ],
    },
    calendar_acl_rules: {
      key: ['calendar_id', 'id'],
      rows: [
        {
          id: 'user:sol@studio.example',
          calendar_id: 'cal-studio',
          role: 'owner',
          scope_type: 'user',
          scope_value: 'sol@studio.example',
          etag: '"3300000000000001"',
          ...stamps,
        },
        {
          id: 'user:ana@studio.example',
          calendar_id: 'cal-studio',
          role: 'reader',
          scope_type: 'user',
          scope_value: 'ana@studio.example',
          etag: '"3300000000000002"',
          ...stamps,
        },
        {
          id: 'user:sol@studio.example',
          calendar_id: 'cal-home',
          role: 'owner',
          scope_type: 'user',
          scope_value: 'sol@studio.example',
          etag: '"3300000000000003"',
          ...stamps,
        },
        {
          id: 'user:ana@studio.example',
          calendar_id: 'ana@studio.example',
          role: 'owner',
          scope_type: 'user',
          scope_value: 'ana@studio.example',
          etag: '"3300000000000004"',
          ...stamps,
        },
      ],
    },
    calendar_events: {
      key: ['id'],
      rows: [
        event(
          'ev-review',
          'Design review',
          '2026-04-14T10:00:00+02:00',
          '2026-04-14T11:00:00+02:00',
        ),
        // Mondays at 09:00 Oslo (07:00Z in April), four times from 13 April.
        event('evstandup', 'Standup', '2026-04-13T09:00:00+02:00', '2026-04-13T09:15:00+02:00', {
          recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4'],
        }),
      ],
    },
    calendar_event_attendees: {
      key: ['event_id', 'email'],
      rows: [
        {
          event_id: 'ev-review',
          email: 'sol@studio.example',
          response_status: 'accepted',
          display_name: null,
          optional: false,
          resource: false,
        },
        {
          event_id: 'ev-review',
          email: 'ana@studio.example',
          response_status: 'needsAction',
          display_name: null,
          optional: false,
          resource: false,
        },
      ],
    },
  },
};

const shortenTo = (end: string) => ({
  method: 'PATCH',
  path: '/calendars/cal-studio/events/ev-review',
  body: { end: at(end) },
});

const task = {
  id: 'calendar_calls_mini',
  family: 'mini-calendar-calls',
  service: 'calendar',
  seed: seed.name,
  actor: { id: 'user-sol', name: 'Sol Varga', email: 'sol@studio.example' },
  instruction: 'Shorten the design review so it ends at 10:30.',
  reference: {
    kind: 'declarative',
    version: 1,
    selectors: {},
    checks: [
      {
        kind: 'count',
        name: 'the review ends at 10:30',
        category: 'value',
        reason: 'the instruction asks for exactly this',
        table: 'calendar_events',
        where: { id: 'ev-review', end_datetime: '2026-04-14T10:30:00' },
        expect: 1,
      },
    ],
  },
  conditions: {
    source: { description: 'the seed as is', patch: [] },
    related: {
      description: 'the standup moved to 09:30',
      change: 'value',
      patch: [
        {
          op: 'update',
          table: 'calendar_events',
          key: { id: 'evstandup' },
          set: {
            start: at('2026-04-13T09:30:00+02:00'),
            end: at('2026-04-13T09:45:00+02:00'),
            start_datetime: '2026-04-13T09:30:00',
            end_datetime: '2026-04-13T09:45:00',
          },
        },
      ],
    },
  },
  outcomes: {
    source: [
      {
        id: 'complete',
        role: 'complete',
        label: 'valid',
        description: 'the review ends at 10:30',
        calls: [shortenTo('2026-04-14T10:30:00+02:00')],
      },
      {
        id: 'half-hour-later',
        role: 'fault',
        label: 'invalid',
        fault: 'value',
        description: 'the review ends at 11:30',
        calls: [shortenTo('2026-04-14T11:30:00+02:00')],
      },
    ],
    related: [
      {
        id: 'complete',
        role: 'complete',
        label: 'valid',
        description: 'the review ends at 10:30',
        calls: [shortenTo('2026-04-14T10:30:00+02:00')],
      },
    ],
  },
};

/** The unbroken pack (its test checks that it loads). */
export function writeCalendarCallsMini(
  dir: string,
  breakIt: (task: Json) => void = () => {},
): void {
  rmSync(dir, { recursive: true, force: true });
  const copy = structuredClone(task);
  breakIt(copy);
  writeJson(path.join(dir, 'pack.json'), {
    name: 'mini-calendar-calls',
    version: '1.0.0',
    referenceVersion: '1',
    description:
      "One small calendar task written as the actor's calls; each broken copy adds a state no call can produce.",
    seeds: [seed.name],
    timingPanel: [],
    calls: { start: '2026-04-10T14:00:00Z', stepMs: 60000, idSeed: 'mini-calendar-calls' },
  });
  writeJson(path.join(dir, `seeds/${seed.name}.json`), seed);
  writeJson(path.join(dir, `tasks/${copy.id}.json`), copy);
}

/** One more fault outcome of the source condition: the impossible state, as calls (and a patch). */
const withFault = (id: string, description: string, extra: Json) => (dir: string) =>
  writeCalendarCallsMini(dir, (copy) => {
    copy.outcomes.source.push({
      id,
      role: 'fault',
      label: 'invalid',
      fault: 'identity',
      description,
      ...extra,
    });
  });

/** `fixtures/packs/broken/calls-calendar-<class>`: the four impossible Calendar classes. */
export const calendarCallCases: Record<string, (dir: string) => void> = {
  // Only users/me/calendarList exists: Sol cannot hide the studio calendar in Ana's list.
  'calls-calendar-other-users-calendar-list': withFault(
    'hidden-for-ana',
    "the studio calendar hidden in Ana's calendar list",
    {
      calls: [
        {
          method: 'PATCH',
          path: '/users/ana@studio.example/calendarList/cal-studio',
          body: { hidden: true },
        },
      ],
    },
  ),
  // events.delete keeps a cancelled record; the patch claims the row is gone.
  'calls-calendar-event-deleted-outright': withFault('review-deleted', 'the review deleted', {
    calls: [{ method: 'DELETE', path: '/calendars/cal-studio/events/ev-review' }],
    patch: [{ op: 'delete', table: 'calendar_events', key: { id: 'ev-review' } }],
  }),
  // The April standups start at 07:00Z; 08:00Z (the winter-time UTC hour) names no occurrence.
  'calls-calendar-cancel-non-occurrence': withFault(
    'standup-cancelled-wrong-hour',
    'the 20 April standup cancelled under an instance id an hour off',
    {
      calls: [
        { method: 'DELETE', path: '/calendars/cal-studio/events/evstandup_20260420T080000Z' },
      ],
    },
  ),
  // events.move makes the destination calendar the organizer; the patch keeps Sol.
  'calls-calendar-move-keeps-organizer': withFault(
    'review-moved-home',
    'the review moved to the home calendar, still organized by Sol',
    {
      calls: [
        {
          method: 'POST',
          path: '/calendars/cal-studio/events/ev-review/move',
          query: { destination: 'cal-home' },
        },
      ],
      patch: [
        {
          op: 'update',
          table: 'calendar_events',
          key: { id: 'ev-review' },
          set: { calendar_id: 'cal-home' },
        },
      ],
    },
  ),
};
