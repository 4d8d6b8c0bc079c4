import { describe, expect, it } from 'vitest';
import { CalendarTableKeys } from '../../../src/services/calendar/tables.js';
import { keyString } from '../../../src/state/key.js';
import { allPages, builtinSeed, calendarIdOf, get, listBody, rowsOf } from './builtin-seed.js';

const enc = encodeURIComponent;

describe('the built-in Calendar seed (fixtures/packs/builtin/seeds/calendar-base.json)', () => {
  it('declares every replica table with the replica key, and keys are unique', () => {
    expect(Object.keys(builtinSeed.tables).sort()).toEqual(Object.keys(CalendarTableKeys).sort());
    for (const [table, { key, rows }] of Object.entries(builtinSeed.tables)) {
      expect(key, table).toEqual(CalendarTableKeys[table]);
      expect(new Set(rows.map((row) => keyString(key, row))).size, table).toBe(rows.length);
    }
  });

  it('ends every event after it starts (all-day: a later end date)', () => {
    for (const row of rowsOf('calendar_events')) {
      const start = row.start as { date?: string; dateTime?: string };
      const end = row.end as { date?: string; dateTime?: string };
      const ok = start.date
        ? String(end.date) > start.date
        : Date.parse(String(end.dateTime)) > Date.parse(String(start.dateTime));
      expect(ok, `${row.summary} ${row.id}`).toBe(true);
    }
  });

  it('has a calendar with more events than one page of events.list, in every listing of a month', () => {
    const desks = calendarIdOf('Studio desks');
    const month = { timeMin: '2026-04-20T00:00:00-04:00', timeMax: '2026-06-01T00:00:00-04:00' };
    const first = listBody(get(`calendars/${enc(desks)}/events`, { ...month, singleEvents: true }));
    expect(first.items).toHaveLength(250);
    expect(first.nextPageToken).toEqual(expect.any(String));
    const all = allPages(`calendars/${enc(desks)}/events`, { ...month, singleEvents: true });
    expect(all.pages).toBe(2);
    expect(all.items.length).toBeGreaterThan(250);
    // Some bookings are already cancelled: hidden by default, listed with showDeleted.
    const withDeleted = allPages(`calendars/${enc(desks)}/events`, {
      ...month,
      singleEvents: true,
      showDeleted: true,
    });
    expect(
      withDeleted.items.filter((event) => event.status === 'cancelled').length,
    ).toBeGreaterThan(0);
  });

  it("serves the prep's guest name Priya Raman beside her address (what calendar_1 binds her through)", () => {
    const design = calendarIdOf('Design Team');
    const day = listBody(
      get(`calendars/${enc(design)}/events`, {
        timeMin: '2026-04-13T00:00:00-04:00',
        timeMax: '2026-04-14T00:00:00-04:00',
        singleEvents: true,
      }),
    );
    const prep = day.items.find((event) => event.summary === 'Design review prep');
    const guests = (prep?.attendees ?? []) as Array<{ email: string; displayName?: string }>;
    expect(
      guests.filter((guest) => guest.displayName === 'Priya Raman').map((g) => g.email),
    ).toEqual(['priya.raman@meridianloom.example']);
  });
});
