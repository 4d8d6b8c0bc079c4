// The pieces of a declarative reference that recur across the built-in Calendar tasks: a
// calendar and an event found by name (and day), the seed-as-is condition, and the reference
// itself, which ignores the bookkeeping columns every write bumps (docs/pack-format.md).
import { declarativeReference } from '../../../src/authoring/index.js';
import type { Check, DeclarativeReference, Selector } from '../../../src/schema/reference.js';
import type { InitialCondition } from '../../../src/schema/task.js';
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

/** The source condition: the seed as is. */
export const SEED_AS_IS: InitialCondition = { description: 'the seed as is', patch: [] };

/** A version-1 declarative reference that ignores etag, updated_at and sequence. */
export const calendarReference = (
  selectors: Record<string, Selector>,
  checks: Check[],
): DeclarativeReference => declarativeReference(selectors, checks, IGNORE_FIELDS);
