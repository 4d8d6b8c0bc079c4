import { describe } from 'vitest';
import type { Seed } from '../../../src/schema/seed.js';
import { CalendarInvariants } from '../../../src/services/calendar/invariants.js';
import { ruleCases } from '../../support/invariant-cases.js';

const seed: Seed = {
  name: 'calendar-invariants',
  service: 'calendar',
  tables: {
    calendars: {
      key: ['id'],
      rows: [{ id: 'cal-ops', summary: 'Ops', time_zone: 'America/New_York' }],
    },
    calendar_events: {
      key: ['id'],
      rows: [
        {
          id: 'ev-standup',
          calendar_id: 'cal-ops',
          summary: 'Stand-up',
          start: { dateTime: '2026-03-02T10:00:00-05:00', timeZone: 'America/New_York' },
          end: { dateTime: '2026-03-02T10:15:00-05:00', timeZone: 'America/New_York' },
        },
        {
          id: 'ev-offsite',
          calendar_id: 'cal-ops',
          summary: 'Offsite',
          start: { date: '2026-03-05' },
          end: { date: '2026-03-07' },
        },
      ],
    },
    calendar_event_attendees: {
      key: ['event_id', 'email'],
      rows: [
        { event_id: 'ev-standup', email: 'ines@harbour.example', response_status: 'accepted' },
      ],
    },
  },
};

const events = (id: string) => ({ table: 'calendar_events', key: { id } });
const moveEnd = (id: string, end: Record<string, string>) => [
  { op: 'update' as const, table: 'calendar_events', key: { id }, set: { end } },
];

describe('Google Calendar invariants', () => {
  ruleCases(
    CalendarInvariants,
    seed,
    [
      {
        rule: 'calendar.event-ends-after-start',
        what: 'a timed event that ends before it starts',
        patch: moveEnd('ev-standup', {
          dateTime: '2026-03-02T09:45:00-05:00',
          timeZone: 'America/New_York',
        }),
        violations: [[events('ev-standup')]],
      },
      {
        rule: 'calendar.event-ends-after-start',
        what: 'an end in another zone that is earlier as an instant',
        patch: moveEnd('ev-standup', {
          dateTime: '2026-03-02T15:30:00+01:00',
          timeZone: 'Europe/Paris',
        }),
        violations: [[events('ev-standup')]],
      },
      {
        rule: 'calendar.event-ends-after-start',
        what: 'an all-day event whose end date is its start date',
        patch: moveEnd('ev-offsite', { date: '2026-03-05' }),
        violations: [[events('ev-offsite')]],
      },
      {
        rule: 'calendar.event-ends-after-start',
        what: 'an all-day start with a timed end',
        patch: moveEnd('ev-offsite', { dateTime: '2026-03-07T09:00:00-05:00' }),
        violations: [[events('ev-offsite')]],
      },
      {
        rule: 'calendar.event-calendar-exists',
        what: 'an event moved to a calendar that is not there',
        patch: [
          {
            op: 'update',
            table: 'calendar_events',
            key: { id: 'ev-offsite' },
            set: { calendar_id: 'cal-404' },
          },
        ],
        violations: [[events('ev-offsite'), { table: 'calendars', key: { id: 'cal-404' } }]],
      },
      {
        rule: 'calendar.attendee-event-exists',
        what: 'an event deleted without its attendees',
        patch: [{ op: 'delete', table: 'calendar_events', key: { id: 'ev-standup' } }],
        violations: [
          [
            {
              table: 'calendar_event_attendees',
              key: { event_id: 'ev-standup', email: 'ines@harbour.example' },
            },
            events('ev-standup'),
          ],
        ],
      },
    ],
    [
      {
        rule: 'calendar.event-ends-after-start',
        what: 'a zero-length timed event (Google accepts it)',
        patch: moveEnd('ev-standup', {
          dateTime: '2026-03-02T10:00:00-05:00',
          timeZone: 'America/New_York',
        }),
      },
      {
        rule: 'calendar.event-ends-after-start',
        what: 'an end written in another zone that is later as an instant',
        patch: moveEnd('ev-standup', {
          dateTime: '2026-03-02T16:30:00+01:00',
          timeZone: 'Europe/Paris',
        }),
      },
      {
        rule: 'calendar.event-ends-after-start',
        what: 'a one-day all-day event (end is the next day)',
        patch: moveEnd('ev-offsite', { date: '2026-03-06' }),
      },
      {
        rule: 'calendar.attendee-event-exists',
        what: 'an event deleted with its attendees',
        patch: [
          {
            op: 'delete',
            table: 'calendar_event_attendees',
            key: { event_id: 'ev-standup', email: 'ines@harbour.example' },
          },
          { op: 'delete', table: 'calendar_events', key: { id: 'ev-standup' } },
        ],
      },
    ],
  );
});
