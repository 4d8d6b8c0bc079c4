import { describe, expect, it } from 'vitest';
import {
  attendeesOfEvent,
  displayNameByEmail,
  eventsOfCalendar,
} from '../../../src/services/calendar/indexes.js';
import { actorOf, builtinState, calendarIdOf, rowsOf } from './builtin-seed.js';

describe('per-state indexes', () => {
  const operations = calendarIdOf('Operations');
  const event = rowsOf('calendar_events').find(
    (row) => row.calendar_id === operations && row.summary === 'Badge audit',
  )!;

  it('group events by calendar and guests by event in table order', () => {
    expect(eventsOfCalendar(builtinState, operations)).toEqual(
      rowsOf('calendar_events').filter((row) => row.calendar_id === operations),
    );
    expect(attendeesOfEvent(builtinState, String(event.id))).toEqual(
      rowsOf('calendar_event_attendees').filter((row) => row.event_id === event.id),
    );
    expect(eventsOfCalendar(builtinState, 'no-such-calendar')).toEqual([]);
  });

  it('belong to one state: a patched state sees its rows, the original keeps its own', () => {
    const wren = actorOf('wren');
    const { state: patched, errors } = builtinState.apply([
      {
        op: 'insert',
        table: 'calendar_event_attendees',
        row: {
          event_id: String(event.id),
          email: wren.email,
          response_status: 'needsAction',
          display_name: null,
          optional: false,
          resource: false,
        },
      },
      {
        op: 'update',
        table: 'calendar_users',
        key: { id: wren.id },
        set: { display_name: 'Wren C.' },
      },
    ]);
    expect(errors).toEqual([]);
    const before = attendeesOfEvent(builtinState, String(event.id)).map((row) => row.email);
    expect(attendeesOfEvent(patched, String(event.id)).map((row) => row.email)).toEqual([
      ...before,
      wren.email,
    ]);
    expect(displayNameByEmail(patched, wren.email.toUpperCase())).toBe('Wren C.');
    expect(displayNameByEmail(builtinState, wren.email)).toBe(wren.name);
  });
});
