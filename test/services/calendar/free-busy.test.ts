import { describe, expect, it } from 'vitest';
import { createCalendarReplica } from '../../../src/services/calendar/index.js';
import { builtinState, calendarIdOf, dana, errorReason, rowsOf } from './builtin-seed.js';

const freeBusy = (body: unknown) =>
  createCalendarReplica(builtinState, dana).handle({ method: 'POST', path: '/freeBusy', body });
const timeMin = '2026-04-22T00:00:00-04:00';
const timeMax = '2026-04-23T00:00:00-04:00';

describe('freeBusy', () => {
  it('reports merged busy periods of opaque, confirmed events in UTC', () => {
    const cedar = calendarIdOf('NYC-3 Cedar (12)');
    const response = freeBusy({ timeMin, timeMax, items: [{ id: cedar }] });
    expect(response.status).toBe(200);
    const busy = (
      response.body as {
        calendars: Record<string, { busy: Array<{ start: string; end: string }> }>;
      }
    ).calendars[cedar]!.busy;
    const expected = rowsOf('calendar_events')
      .filter(
        (row) =>
          row.calendar_id === cedar &&
          row.status !== 'cancelled' &&
          row.transparency !== 'transparent' &&
          !row.recurrence,
      )
      .map((row) => ({
        start: Date.parse((row.start as { dateTime: string }).dateTime),
        end: Date.parse((row.end as { dateTime: string }).dateTime),
      }))
      .filter((span) => span.end > Date.parse(timeMin) && span.start < Date.parse(timeMax))
      .sort((a, b) => a.start - b.start);
    expect(expected.length).toBeGreaterThan(0);
    expect(busy.map((span) => [Date.parse(span.start), Date.parse(span.end)])).toEqual(
      expected.map((span) => [span.start, span.end]),
    );
    expect(busy.every((span) => span.start.endsWith('Z'))).toBe(true);
  });

  it('leaves transparent events out of busy time', () => {
    const holidays = calendarIdOf('Company Holidays');
    const body = freeBusy({
      timeMin: '2026-04-03T00:00:00-04:00',
      timeMax: '2026-04-04T00:00:00-04:00',
      items: [{ id: holidays }],
    }).body as { calendars: Record<string, { busy: unknown[] }> };
    expect(
      rowsOf('calendar_events').some(
        (row) =>
          row.calendar_id === holidays && (row.start as { date?: string }).date === '2026-04-03',
      ),
    ).toBe(true);
    expect(body.calendars[holidays]!.busy).toEqual([]);
  });

  it('reports notFound per calendar the actor cannot see', () => {
    const finance = calendarIdOf('Finance Close');
    const body = freeBusy({ timeMin, timeMax, items: [{ id: finance }, { id: 'primary' }] })
      .body as { calendars: Record<string, unknown> };
    expect(body.calendars[finance]).toEqual({
      errors: [{ domain: 'global', reason: 'notFound' }],
      busy: [],
    });
    expect(body.calendars.primary).toHaveProperty('busy');
  });

  it('requires timeMin and timeMax', () => {
    expect(errorReason(freeBusy({ timeMax, items: [] }))).toBe('required');
    expect(errorReason(freeBusy({ timeMin: timeMax, timeMax: timeMin, items: [] }))).toBe(
      'timeRangeEmpty',
    );
  });
});
