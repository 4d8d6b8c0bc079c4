import type { Row } from '../../schema/json.js';
import { groupRowsBy } from '../../state/row-index.js';
import type { State } from '../../state/state.js';
import { text } from './row-fields.js';

// Lookups every request repeats, built once per state (states are immutable) through
// State.derived, so a verifier's many calls do not rescan whole tables.

const tableRows = (state: State, table: string): readonly Row[] =>
  state.hasTable(table) ? state.rows(table) : [];

const EVENTS_BY_CALENDAR = Symbol('calendar events by calendar_id');
const ATTENDEES_BY_EVENT = Symbol('calendar attendees by event_id');
const NAMES_BY_EMAIL = Symbol('calendar user display names by email');

/** Stored events of one calendar, in table order. */
export function eventsOfCalendar(state: State, calendarId: string): readonly Row[] {
  return (
    state
      .derived(EVENTS_BY_CALENDAR, (s) =>
        groupRowsBy(tableRows(s, 'calendar_events'), 'calendar_id'),
      )
      .get(calendarId) ?? []
  );
}

/** Attendee rows of one event id, in table order. */
export function attendeesOfEvent(state: State, eventId: string): readonly Row[] {
  return (
    state
      .derived(ATTENDEES_BY_EVENT, (s) =>
        groupRowsBy(tableRows(s, 'calendar_event_attendees'), 'event_id'),
      )
      .get(eventId) ?? []
  );
}

/** display_name of the calendar user with this address (case-insensitive). */
export function displayNameByEmail(state: State, email: string): string | undefined {
  const names = state.derived(NAMES_BY_EMAIL, (s) => {
    const map = new Map<string, string>();
    for (const row of tableRows(s, 'calendar_users')) {
      const address = text(row, 'email');
      const name = text(row, 'display_name');
      if (address && name && !map.has(address.toLowerCase())) map.set(address.toLowerCase(), name);
    }
    return map;
  });
  return names.get(email.toLowerCase());
}
