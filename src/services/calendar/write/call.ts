import type { Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiResponse } from '../../api.js';
import type { WriteEnvironment, WriteRefusal, WriteResult } from '../../write-model.js';
import { CalendarAccess } from '../access.js';
import { googleError } from '../errors.js';
import { createCalendarReplica } from '../index.js';
import type { QueryParams } from '../query.js';
import { flag, text } from '../row-fields.js';

/** Everything one write call needs: the before-state, who calls, what they sent, the clock. */
export interface WriteCall {
  state: State;
  actor: Actor;
  access: CalendarAccess;
  env: WriteEnvironment;
  query: QueryParams;
  body: unknown;
}

export function createWriteCall(
  state: State,
  actor: Actor,
  env: WriteEnvironment,
  query: QueryParams,
  body: unknown,
): WriteCall {
  return { state, actor, access: new CalendarAccess(state, actor), env, query, body };
}

/** Thrown inside an operation to answer with Google's error; `apply` catches it at its boundary. */
export class Refused extends Error {
  readonly refusal: WriteRefusal;
  constructor(response: ApiResponse) {
    const body = response.body as { error?: { errors?: { reason?: string }[] } };
    const reason = body.error?.errors?.[0]?.reason ?? 'error';
    super(`calendar write refused: ${response.status} ${reason}`);
    this.refusal = {
      status: response.status,
      body: response.body,
      summary: `${response.status} ${reason}`,
    };
  }
}

/** Refuse with Google's error envelope (docs/replicas.md, Calendar write operations). */
export function refuse(code: number, reason: string, message: string, domain = 'global'): never {
  throw new Refused(googleError(code, reason, message, domain));
}

export const notFound = (): never => refuse(404, 'notFound', 'Not Found');

/** What Google answers a writer-level call from someone with less than writer access. */
export const needWriter = (): never =>
  refuse(
    403,
    'requiredAccessLevel',
    'You need to have writer access to this calendar.',
    'calendar',
  );

/** What Google answers a sharing or calendar-settings change from a non-owner. */
export const needOwner = (): never =>
  refuse(403, 'requiredAccessLevel', 'You need to have owner access to this calendar.', 'calendar');

export const required = (message: string): never => refuse(400, 'required', message);

export const invalid = (message: string): never => refuse(400, 'invalid', message);

/** The request body as a JSON object; anything else is a parse error, as on Google. */
export function bodyObject(call: WriteCall): Record<string, unknown> {
  const body = call.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body) || body === null)
    return refuse(400, 'parseError', 'Parse Error');
  return body as Record<string, unknown>;
}

/** The calendar a path names if the actor can see it at all (`primary` resolves); else 404. */
export function visibleCalendarRow(call: WriteCall, idParam: string): Row {
  const id = call.access.resolveCalendarId(idParam);
  const row = id === undefined ? undefined : call.access.calendarRow(id);
  if (!row || call.access.roleFor(String(row.id)) === 'none') return notFound();
  return row;
}

/** Whether a calendar is its owner's primary one (its id is the owner's address). */
export function isPrimaryCalendar(state: State, calendar: Row): boolean {
  const id = text(calendar, 'id')?.toLowerCase();
  if (!id || !state.hasTable('calendar_users')) return false;
  const owner = state.rows('calendar_users').find((user) => user.id === calendar.owner_id);
  if (text(owner, 'email')?.toLowerCase() === id) return true;
  return (
    state.hasTable('calendar_list_entries') &&
    state
      .rows('calendar_list_entries')
      .some((entry) => entry.calendar_id === calendar.id && flag(entry, 'primary'))
  );
}

/**
 * A successful call: its row changes, and the resource Google answers with, read back from
 * the after-state through the read replica (so a write answers exactly what a later read shows).
 */
export function succeeded(
  call: WriteCall,
  patch: Patch,
  readBack: string | undefined,
  status = 200,
): WriteResult {
  if (readBack === undefined)
    return { ok: true, patch, status: status === 200 ? 204 : status, response: '' };
  const { state, errors } = call.state.apply(patch);
  if (errors.length > 0) {
    // A write model bug (a patch that does not apply) is a backend error of the service.
    return {
      ok: false,
      refusal: new Refused(
        googleError(500, 'backendError', errors.map((error) => error.message).join('; ')),
      ).refusal,
    };
  }
  const read = createCalendarReplica(state, call.actor).handle({ method: 'GET', path: readBack });
  return { ok: true, patch, status, response: read.status === 200 ? read.body : {} };
}
