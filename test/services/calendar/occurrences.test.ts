import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import { eventsOfCalendar } from '../../../src/services/calendar/indexes.js';
import {
  exceptionsOf,
  seriesInstances,
  storedOccurrence,
} from '../../../src/services/calendar/occurrences.js';
import { builtinState, calendarIdOf, get, listBody, rowsOf } from './builtin-seed.js';

// Occurrences are kept per row (stored ones) and per series row, exception list, zone and
// horizon (computed ones); rows are shared by every state of a seed, so these tests fail if
// a memo keyed on something a derived state can change without replacing it.

const DESIGN = calendarIdOf('Design Team');
const ZONE = 'America/New_York';
const eventsPath = `calendars/${encodeURIComponent(DESIGN)}/events`;
const single = rowsOf('calendar_events').find(
  (row) =>
    row.calendar_id === DESIGN && !Array.isArray(row.recurrence) && row.status !== 'cancelled',
)!;
const series = rowsOf('calendar_events').find(
  (row) => row.calendar_id === DESIGN && row.summary === 'Design sync',
)!;

describe('stored occurrences kept per row', () => {
  it('shares one frozen occurrence per row and zone, and reads a patched row anew', () => {
    const first = storedOccurrence(single, ZONE);
    expect(first).toBeDefined();
    expect(storedOccurrence(single, ZONE)).toBe(first);
    expect(Object.isFrozen(first?.start)).toBe(true);
    expect(storedOccurrence(single, 'UTC')).not.toBe(first);
    const { state: moved } = builtinState.apply([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: single.id! },
        set: { status: 'tentative' },
      },
    ]);
    const movedRow = moved.get('calendar_events', { id: single.id! })!;
    expect(storedOccurrence(movedRow, ZONE)?.status).toBe('tentative');
    expect(storedOccurrence(single, ZONE)?.status).toBe(first?.status);
  });
});

describe('series instances kept per series, exceptions, zone and horizon', () => {
  it('expands a series once per horizon and shares the frozen list', () => {
    const exceptions = exceptionsOf(eventsOfCalendar(builtinState, DESIGN), String(series.id));
    const all = seriesInstances(series, exceptions, ZONE, undefined);
    expect(seriesInstances(series, exceptions, ZONE, undefined)).toBe(all);
    expect(Object.isFrozen(all)).toBe(true);
    const horizon = all[2]!.timing.startMs;
    const early = seriesInstances(series, exceptions, ZONE, horizon);
    expect(early.map((instance) => instance.id)).toEqual(all.slice(0, 2).map((item) => item.id));
  });

  it("shows a derived state's new exception although the series row is the same object", () => {
    const instances = () =>
      listBody(get(`${eventsPath}/${series.id}/instances`, { showDeleted: true }));
    const before = instances().items;
    const second = before[1]!;
    const exception: Row = {
      ...series,
      id: `${series.id}_moved`,
      recurrence: null,
      recurring_event_id: series.id!,
      original_start_time: second.originalStartTime as Row,
      status: 'cancelled',
    };
    const { state: cancelled, errors } = builtinState.apply([
      { op: 'insert', table: 'calendar_events', row: exception },
    ]);
    expect(errors).toEqual([]);
    expect(cancelled.get('calendar_events', { id: series.id! })).toBe(series);
    const after = listBody(
      get(`${eventsPath}/${series.id}/instances`, { showDeleted: true }, undefined, cancelled),
    ).items;
    expect(after.map((item) => item.id)).toContain(exception.id);
    expect(after.find((item) => item.id === exception.id)?.status).toBe('cancelled');
    expect(after.map((item) => item.id)).not.toContain(second.id);
    expect(instances().items.map((item) => item.id)).toEqual(before.map((item) => item.id));
  });
});
