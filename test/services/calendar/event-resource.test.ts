import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import type { Seed } from '../../../src/schema/seed.js';
import { State } from '../../../src/state/state.js';
import { actorOf, builtinSeed, builtinState, dana, get, listBody, rowsOf } from './builtin-seed.js';

// Event resources are kept per state and viewer (the event rows themselves are shared by
// every state of a seed): these tests fail if the memo keyed on something that outlives
// what the answer is built from.

/** A single (non-recurring) event Dana can read in full, with at least two guests. */
function eventWithGuests(): { event: Row; guests: Row[] } {
  for (const event of rowsOf('calendar_events')) {
    if (Array.isArray(event.recurrence) && event.recurrence.length > 0) continue;
    if (event.status === 'cancelled' || event.visibility === 'private') continue;
    const guests = rowsOf('calendar_event_attendees').filter((row) => row.event_id === event.id);
    if (guests.length < 2) continue;
    const response = get(`calendars/${encodeURIComponent(String(event.calendar_id))}/events`);
    if (response.status === 200) return { event, guests };
  }
  throw new Error('the built-in seed has no readable single event with two guests');
}

const { event, guests } = eventWithGuests();
const eventsPath = `calendars/${encodeURIComponent(String(event.calendar_id))}/events`;
const listed = (state = builtinState, actor = dana): Record<string, unknown> => {
  const item = listBody(get(eventsPath, { maxResults: 2500 }, actor, state)).items.find(
    (candidate) => candidate.id === event.id,
  );
  if (!item) throw new Error(`events.list did not list ${String(event.id)}`);
  return item;
};
const guest = (state = builtinState) =>
  (listed(state).attendees as Array<Record<string, unknown>>).find(
    (item) => item.email === guests[0]!.email,
  );

describe('event resources kept per state', () => {
  it('answers a state served again from the same frozen resource', () => {
    const first = listed();
    expect(first).toBeDefined();
    expect(listed()).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.attendees)).toBe(true);
  });

  it("shows a derived state's changed guest although the event row is the same object", () => {
    const before = guest();
    const next = before?.responseStatus === 'declined' ? 'accepted' : 'declined';
    const { state: after, errors } = builtinState.apply([
      {
        op: 'update',
        table: 'calendar_event_attendees',
        key: { event_id: event.id!, email: guests[0]!.email! },
        set: { response_status: next },
      },
    ]);
    expect(errors).toEqual([]);
    expect(after.rows('calendar_events')).toBe(builtinState.rows('calendar_events'));
    expect(guest(after)?.responseStatus).toBe(next);
    expect(guest()?.responseStatus).toBe(before?.responseStatus);
  });

  it("shows a derived state's renamed organizer", () => {
    const organizer = rowsOf('calendar_users').find((row) => row.email === event.organizer_email);
    expect(organizer).toBeDefined();
    const { state: renamed } = builtinState.apply([
      {
        op: 'update',
        table: 'calendar_users',
        key: { id: organizer!.id! },
        set: { display_name: 'Renamed Organizer' },
      },
    ]);
    expect(listed()?.organizer).toMatchObject({ displayName: organizer!.display_name });
    expect(listed(renamed)?.organizer).toMatchObject({ displayName: 'Renamed Organizer' });
  });

  it('gives each viewer of one state their own resource', () => {
    const self = (actor = dana) =>
      (listed(builtinState, actor).attendees as Array<Record<string, unknown>>)
        .filter((item) => item.self === true)
        .map((item) => item.email);
    const guestActor = rowsOf('calendar_users').find((row) => row.email === guests[1]!.email);
    expect(guestActor).toBeDefined();
    const other = actorOf(String(guestActor!.id).replace(/^user_/, ''));
    expect(self(other)).toEqual([guests[1]!.email]);
    expect(self()).not.toContain(guests[1]!.email);
  });

  it('shares the resources of unchanged events with a state that changed another event', () => {
    const other = rowsOf('calendar_events').find(
      (row) => row.calendar_id === event.calendar_id && row.id !== event.id,
    )!;
    const { state: edited } = builtinState.apply([
      {
        op: 'update',
        table: 'calendar_events',
        key: { id: other.id! },
        set: { summary: 'Edited' },
      },
    ]);
    expect(listed(edited)).toBe(listed());
  });

  it("shows a derived state's renamed organizer calendar where the organizer has no name", () => {
    // A seed whose organizer has no display name: the organizer block shows their calendar's.
    const seed: Seed = structuredClone(builtinSeed);
    const organizerEmail = String(event.organizer_email);
    for (const user of seed.tables.calendar_users!.rows)
      if (String(user.email).toLowerCase() === organizerEmail.toLowerCase())
        user.display_name = null;
    const calendars = seed.tables.calendars!.rows;
    if (!calendars.some((row) => row.id === organizerEmail))
      calendars.push({
        ...calendars.find((row) => row.id === event.calendar_id)!,
        id: organizerEmail,
        summary: 'Own calendar',
      });
    const unnamed = State.fromSeed(seed);
    const { state: renamed } = unnamed.apply([
      {
        op: 'update',
        table: 'calendars',
        key: { id: organizerEmail },
        set: { summary: 'Renamed calendar' },
      },
    ]);
    const organizer = (state: State) => {
      const item = listBody(get(eventsPath, { maxResults: 2500 }, dana, state)).items.find(
        (candidate) => candidate.id === event.id,
      );
      return item?.organizer;
    };
    const before = organizer(unnamed) as { displayName?: string };
    expect(before.displayName).not.toBe('Renamed calendar');
    expect(organizer(renamed)).toMatchObject({ displayName: 'Renamed calendar' });
  });
});
