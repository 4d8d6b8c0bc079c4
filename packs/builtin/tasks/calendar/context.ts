// What every built-in Calendar task generator shares: the seed state, lookups by name (never
// by a typed id), the actor, and each task's own clock and etags, so one task's patches never
// shift when another task changes.
import {
  type Actor,
  type ApiCall,
  type Category,
  calendar,
  deriveCalls,
  findRow,
  findRows,
  type Outcome,
  type OutcomeFile,
  type Patch,
  type PatchOp,
  type Role,
  type Row,
  type State,
  seedState,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK } from '../../../lib/generator.js';
import { BUILTIN_CALL_CLOCK } from '../../clock.js';

const { editEvent, etagSequence, newEvent, respond } = calendar;
type CalendarCall = calendar.CalendarCall;

export const SEED = 'calendar-base';
export const DOMAIN = 'meridianloom.example';
export const NY = 'America/New_York';
export const BERLIN = 'Europe/Berlin';
/** Columns every calendar reference ignores: bookkeeping a write bumps. */
export const IGNORE_FIELDS = ['etag', 'updated_at', 'sequence'];

export interface CalendarPack {
  base: State;
  actor: Actor;
  /** The actor's calendar_users row. */
  dana: Row;
  user(name: string): Row;
  calendar(summary: string): Row;
  /** The one event of a calendar with this title starting on `date` (`YYYY-MM-DD`). */
  event(calendar: Row, summary: string, date: string, state?: State): Row;
  guestsOf(eventId: unknown, state?: State): Row[];
  /** A task's clock: `call(minute)` is a write at 2026-04-10 14:<minute>, with the task's etags. */
  clock(task: number): (minute: number) => CalendarCall;
}

export function calendarPack(): CalendarPack {
  const base = seedState(BUILTIN_PACK, SEED);
  const user = (name: string): Row =>
    findRow(base, 'calendar_users', { display_name: name }, `user ${name}`);
  const dana = user('Dana Whitfield');
  return {
    base,
    dana,
    actor: { id: String(dana.id), name: String(dana.display_name), email: String(dana.email) },
    user,
    calendar: (summary) => findRow(base, 'calendars', { summary }, `calendar ${summary}`),
    event: (calendar, summary, date, state = base) =>
      findRow(
        state,
        'calendar_events',
        (row) =>
          row.calendar_id === calendar.id &&
          row.summary === summary &&
          String(row.start_datetime).startsWith(date),
        `event ${summary} on ${date}`,
      ),
    guestsOf: (eventId, state = base) =>
      findRows(state, 'calendar_event_attendees', { event_id: eventId as string }),
    clock: (task) => {
      const newEtag = etagSequence(task);
      return (minute) => ({
        when: `2026-04-10T14:${String(minute).padStart(2, '0')}:00`,
        newEtag,
      });
    },
  };
}

/** Text of a column (ids and addresses are strings in every calendar table). */
export const str = (row: Row, column: string): string => String(row[column]);

/** The writes of one task, on its own clock: `minute` orders the calls within a run. */
export interface TaskWriter {
  call: (minute: number) => CalendarCall;
  /** events.patch / events.update of `row` (see editEvent). */
  edit(row: Row, minute: number, set: Row, notify?: boolean): PatchOp;
  /** A guest answering an invite. */
  respond(row: Row, email: unknown, response: string, minute: number): PatchOp[];
  /** events.insert of a row shaped like `like`. */
  insert(like: Row, id: string, minute: number, set: Row): PatchOp;
}

export function writer(pack: CalendarPack, task: number): TaskWriter {
  const call = pack.clock(task);
  return {
    call,
    edit: (row, minute, set, notify = false) => editEvent(row, set, call(minute), notify),
    respond: (row, email, response, minute) => respond(row, String(email), response, call(minute)),
    insert: (like, id, minute, set) => newEvent(like, id, set, call(minute)),
  };
}

/**
 * An outcome written as the actor's calls on `before` (docs/pack-format.md, "Outcomes as API
 * calls"): the calls and the patch the Calendar write model derives from them, as the loader
 * will, on the stream `<task>/<condition>/<outcome>`. A refused call fails the generator.
 */
export function byCalls(
  made: (id: string, patch: Patch) => Outcome,
  id: string,
  pack: CalendarPack,
  before: State,
  calls: ApiCall[],
  stream: string,
): Outcome & { calls: ApiCall[] } {
  const { patch } = deriveCalls(before, pack.actor, calls, BUILTIN_CALL_CLOCK, `${stream}/${id}`);
  return { ...made(id, patch), calls };
}

/** The before-state of a condition: the seed with the condition's patch applied. */
export function conditionState(pack: CalendarPack, patch: Patch): State {
  const applied = pack.base.apply(patch);
  if (applied.errors.length > 0) throw new Error(applied.errors.map((e) => e.message).join('; '));
  return applied.state;
}

/** An outcome written as the actor's calls; its patch is derived when the task is built. */
export type CallOutcome = Omit<OutcomeFile, 'patch'> & { calls: ApiCall[] };

function called(
  id: string,
  role: Role,
  description: string,
  calls: ApiCall[],
  fault?: Category,
): CallOutcome {
  const label = role === 'complete' || role === 'alternative' ? 'valid' : 'invalid';
  return fault === undefined
    ? { id, role, label, description, calls }
    : { id, role, label, fault, description, calls };
}

/** Outcome builders taking the actor's calls (the roles of `complete`, `fault`, … of agentproofbench/authoring). */
export const by = {
  complete: (id: string, description: string, calls: ApiCall[]): CallOutcome =>
    called(id, 'complete', description, calls),
  alternative: (id: string, description: string, calls: ApiCall[]): CallOutcome =>
    called(id, 'alternative', description, calls),
  prefix: (id: string, description: string, calls: ApiCall[]): CallOutcome =>
    called(id, 'prefix', description, calls),
  fault: (id: string, category: Category, description: string, calls: ApiCall[]): CallOutcome =>
    called(id, 'fault', description, calls, category),
};

/**
 * A panel written as calls, with each outcome's patch derived on the condition's before-state
 * as the loader derives it (stream `<task>/<condition>/<outcome>`). A refused call fails the
 * generator, naming the outcome and the service's error.
 */
export function derived(
  pack: CalendarPack,
  stream: string,
  before: State,
  outcomes: readonly CallOutcome[],
): Outcome[] {
  return outcomes.map((written) => {
    const { patch } = deriveCalls(
      before,
      pack.actor,
      written.calls,
      BUILTIN_CALL_CLOCK,
      `${stream}/${written.id}`,
    );
    const { calls, ...rest } = written;
    return { ...rest, patch, calls };
  });
}
