import { describe, expect, it } from 'vitest';
import {
  aclRule,
  allDaySlot,
  attendee,
  cancelOccurrence,
  dropGuest,
  editEvent,
  etagSequence,
  instanceId,
  newEvent,
  timedSlot,
  zonedTime,
} from '../../src/authoring/calendar.js';
import { findRow } from '../../src/authoring/lookup.js';
import { applyPatch } from '../../src/authoring/seed-state.js';
import {
  builtinState,
  calendarIdOf,
  dana,
  get,
  listBody,
} from '../services/calendar/builtin-seed.js';

// Each builder writes the rows one Calendar call writes: applied to the built-in seed, the
// replica answers the read methods the way Google Calendar would after that call.
const enc = encodeURIComponent;
const call = (minute: number, newEtag = etagSequence(99)) => ({
  when: `2026-04-10T14:${String(minute).padStart(2, '0')}:00`,
  newEtag,
});
const design = calendarIdOf('Design Team');
const critique = findRow(
  builtinState,
  'calendar_events',
  (row) => row.calendar_id === design && row.summary === 'Critique hour' && !row.recurring_event_id,
);
const dayOf = (state: typeof builtinState, calendarId: string, start: string, end: string) =>
  listBody(
    get(
      `calendars/${enc(calendarId)}/events`,
      { timeMin: start, timeMax: end, singleEvents: true },
      dana,
      state,
    ),
  ).items;

describe('Calendar row builders', () => {
  it('etagSequence hands out distinct quoted etags, the same ones on every run', () => {
    const first = etagSequence(7);
    const again = etagSequence(7);
    const a = [first(), first(), first()];
    expect(new Set(a).size).toBe(3);
    expect([again(), again(), again()]).toEqual(a);
    expect(a[0]).toMatch(/^"\d+"$/);
    expect(etagSequence(8)()).not.toBe(a[0]);
  });

  it('zonedTime writes the offset of that day: winter and summer time in New York, Berlin', () => {
    expect(zonedTime('2026-03-06', '15:00', 'America/New_York')).toEqual({
      dateTime: '2026-03-06T15:00:00-05:00',
      timeZone: 'America/New_York',
    });
    expect(zonedTime('2026-04-17', '15:00', 'America/New_York').dateTime).toBe(
      '2026-04-17T15:00:00-04:00',
    );
    expect(zonedTime('2026-04-29', '09:00', 'Europe/Berlin').dateTime).toBe(
      '2026-04-29T09:00:00+02:00',
    );
  });

  it('timedSlot and allDaySlot fill the naive local columns; an all-day end date is exclusive', () => {
    expect(timedSlot('2026-04-29', '09:00', 30, 'Europe/Berlin')).toMatchObject({
      end: { dateTime: '2026-04-29T09:30:00+02:00' },
      start_datetime: '2026-04-29T09:00:00',
      end_datetime: '2026-04-29T09:30:00',
    });
    expect(allDaySlot('2026-04-30', 2)).toEqual({
      start: { date: '2026-04-30' },
      end: { date: '2026-05-02' },
      start_datetime: '2026-04-30T00:00:00',
      end_datetime: '2026-05-02T00:00:00',
    });
  });

  it('instanceId suffixes the original start in UTC (timed) or the date (all-day)', () => {
    expect(instanceId('abc', zonedTime('2026-04-17', '15:00', 'America/New_York'))).toBe(
      'abc_20260417T190000Z',
    );
    expect(instanceId('abc', { date: '2026-04-17' })).toBe('abc_20260417');
  });

  it('cancelOccurrence removes exactly that meeting from the series, as events.delete does', () => {
    const start = zonedTime('2026-04-17', '15:00', 'America/New_York');
    const end = zonedTime('2026-04-17', '16:00', 'America/New_York');
    const op = cancelOccurrence(critique, start, end, call(2));
    expect(op.row).toMatchObject({
      id: instanceId(String(critique.id), start),
      recurring_event_id: critique.id,
      original_start_time: start,
      status: 'cancelled',
      start_datetime: '2026-04-17T15:00:00',
    });
    const after = applyPatch(builtinState, [op]);
    const titles = (state: typeof builtinState, date: string, next: string) =>
      dayOf(state, design, `${date}T00:00:00-04:00`, `${next}T00:00:00-04:00`).map(
        (event) => event.summary,
      );
    expect(titles(builtinState, '2026-04-17', '2026-04-18')).toContain('Critique hour');
    expect(titles(after, '2026-04-17', '2026-04-18')).not.toContain('Critique hour');
    expect(titles(after, '2026-05-01', '2026-05-02')).toContain('Critique hour');
  });

  it('editEvent bumps sequence only when guests are notified; newEvent copies the columns of its model', () => {
    const edit = editEvent(critique, { location: 'Studio' }, call(3));
    expect(edit.set).toEqual({
      location: 'Studio',
      etag: expect.any(String),
      updated_at: '2026-04-10T14:03:00',
    });
    expect(editEvent(critique, {}, call(3), true).set.sequence).toBe(Number(critique.sequence) + 1);
    const insert = newEvent(critique, 'newevent0001', { summary: 'Extra critique' }, call(4));
    expect(Object.keys(insert.row).sort()).toEqual(Object.keys(critique).sort());
    expect(insert.row).toMatchObject({ id: 'newevent0001', recurrence: null, sequence: 0 });
  });

  it('attendee, dropGuest and aclRule write rows the replica serves', () => {
    const review = findRow(
      builtinState,
      'calendar_events',
      (row) =>
        row.calendar_id === design &&
        row.summary === 'Design review' &&
        String(row.start_datetime).startsWith('2026-04-14'),
    );
    const after = applyPatch(builtinState, [
      attendee(String(review.id), 'guest@meridianloom.example', 'needsAction', {
        display_name: 'A Guest',
      }),
      dropGuest(String(review.id), 'marco.bellini@meridianloom.example'),
      aclRule(calendarIdOf('Operations'), 'user', 'guest@meridianloom.example', 'reader', call(5)),
    ]);
    const event = dayOf(
      after,
      design,
      '2026-04-14T00:00:00-04:00',
      '2026-04-15T00:00:00-04:00',
    ).find((item) => item.summary === 'Design review') as {
      attendees: Array<{ email: string; displayName?: string }>;
    };
    expect(event.attendees.map((guest) => guest.email)).toContain('guest@meridianloom.example');
    expect(event.attendees.map((guest) => guest.email)).not.toContain(
      'marco.bellini@meridianloom.example',
    );
    const rules = listBody(
      get(`calendars/${enc(calendarIdOf('Operations'))}/acl`, {}, dana, after),
    ).items.map((rule) => rule.id);
    expect(rules).toContain('user:guest@meridianloom.example');
  });
});
