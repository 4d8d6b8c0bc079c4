// The pieces of a declarative reference that recur across the built-in Calendar tasks: a
// calendar and an event found by name (and day), an event's guest list, the seed-as-is
// condition, and the reference itself, which ignores the bookkeeping columns every write bumps
// (docs/pack-format.md).
import {
  type Category,
  type Check,
  type DeclarativeReference,
  declarativeReference,
  type InitialCondition,
  type Selector,
} from 'agentproofbench/authoring';
import { IGNORE_FIELDS } from './context.js';

/** The one calendar whose summary is `summary`. */
export const calendarNamed = (summary: string, description?: string): Selector => ({
  table: 'calendars',
  where: { summary },
  cardinality: 'one',
  ...(description === undefined ? {} : { description }),
});

/** The one event titled `summary` on the calendar selected as `calendarKey`, starting on `date`. */
export const eventOn = (
  calendarKey: string,
  summary: string,
  date: string,
  description?: string,
): Selector => ({
  table: 'calendar_events',
  where: {
    calendar_id: { ref: calendarKey, field: 'id' },
    summary,
    start_datetime: { startsWith: date },
  },
  cardinality: 'one',
  ...(description === undefined ? {} : { description }),
});

/** The guest list of the event selected as `eventKey`, as the before-state has it. */
export const guestListOf = (eventKey: string): Selector => ({
  table: 'calendar_event_attendees',
  where: { event_id: { ref: eventKey, field: 'id' } },
  cardinality: 'some',
});

/**
 * After the run the guest addresses of `eventKey` are those of `guestsKey` (`equal`) or
 * include them (`superset`).
 */
export const guestEmails = (
  name: string,
  category: Category,
  reason: string,
  eventKey: string,
  guestsKey: string,
  mode: 'equal' | 'superset',
): Check => ({
  kind: 'set',
  name,
  category,
  reason,
  table: 'calendar_event_attendees',
  where: { event_id: { ref: eventKey, field: 'id' } },
  field: 'email',
  expect: { refs: guestsKey, field: 'email' },
  mode,
});

/** The source condition: the seed as is. */
export const SEED_AS_IS: InitialCondition = { description: 'the seed as is', patch: [] };

/** A version-1 declarative reference that ignores etag, updated_at and sequence. */
export const calendarReference = (
  selectors: Record<string, Selector>,
  checks: Check[],
): DeclarativeReference => declarativeReference(selectors, checks, IGNORE_FIELDS);
