import type { Row } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import type { CalendarAccess } from './access.js';
import { ApiFailure, notFound } from './errors.js';
import { displayNameByEmail } from './indexes.js';
import type { QueryParams } from './query.js';

/** Everything a handler needs for one request. */
export interface CalendarContext {
  state: State;
  access: CalendarAccess;
  query: QueryParams;
  body: unknown;
  /** Rows of a table, or none when the seed lacks it (Agent-Diff seeds may omit tables). */
  rows(table: string): readonly Row[];
  /** display_name of a calendar user by address (for organizer/attendee/creator blocks). */
  displayNameOf(email: string | undefined): string | undefined;
}

export function createContext(
  state: State,
  access: CalendarAccess,
  query: QueryParams,
  body: unknown,
): CalendarContext {
  const rows = (table: string): readonly Row[] => (state.hasTable(table) ? state.rows(table) : []);
  return {
    state,
    access,
    query,
    body,
    rows,
    displayNameOf: (email) => (email ? displayNameByEmail(state, email) : undefined),
  };
}

/**
 * The calendar a path names, if the actor can see it at all (`primary` resolves to the
 * actor's own). Invisible and unknown calendars answer the same 404, as on Google.
 */
export function visibleCalendar(ctx: CalendarContext, idParam: string): { id: string; row: Row } {
  const id = ctx.access.resolveCalendarId(idParam);
  const row = id === undefined ? undefined : ctx.access.calendarRow(id);
  if (id === undefined || !row || ctx.access.roleFor(id) === 'none')
    throw new ApiFailure(notFound());
  return { id, row };
}
