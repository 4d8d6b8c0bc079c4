import { internalError } from '../../../contract/error.js';
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiRequest } from '../../api.js';
import type { WriteEnvironment, WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { type BoxErrorCode, boxError, type ContextError } from '../errors.js';
import type { BoxVisibility } from '../permissions.js';
import { createBoxReplica } from '../replica.js';
import type { BoxStore } from '../store.js';

export type Json = { [key: string]: JsonValue };

/** What every write handler gets: the before-state (indexed), the actor's view, the request. */
export interface WriteContext {
  state: State;
  store: BoxStore;
  visibility: BoxVisibility;
  actor: Actor;
  request: ApiRequest;
  params: Record<string, string>;
  /** The JSON body as an object (`{}` when absent); a non-object body is refused before. */
  body: Json;
  env: WriteEnvironment;
}

export type WriteHandler = (context: WriteContext) => WriteResult;

/** A refused call: Box's client-error body (src/services/box/errors.ts) and a one-line summary. */
export function refuse(
  context: Pick<WriteContext, 'request'>,
  status: number,
  code: BoxErrorCode,
  message: string,
  contextInfo?: { errors: ContextError[] } | { conflicts: JsonValue[] },
): WriteResult {
  const response = boxError(context.request, status, code, message, contextInfo);
  return {
    ok: false,
    refusal: { status, body: response.body, summary: `${status} ${code}: ${message}` },
  };
}

/** Box's 404 for an item that is missing or that the actor cannot see (the read replica's shape). */
export function refuseNotFound(
  context: Pick<WriteContext, 'request'>,
  kind: string,
  id: string,
): WriteResult {
  return refuse(context, 404, 'not_found', 'Not Found', {
    errors: [
      {
        reason: 'invalid_parameter',
        name: kind,
        message: `Invalid value '${id}'. '${kind}' with value '${id}' not found`,
      },
    ],
  });
}

export function refuseBadRequest(
  context: Pick<WriteContext, 'request'>,
  message: string,
): WriteResult {
  return refuse(context, 400, 'bad_request', message);
}

/** Box's 403 when the actor's collaboration role lacks the permission the call needs. */
export function refuseDenied(context: Pick<WriteContext, 'request'>, what: string): WriteResult {
  return refuse(
    context,
    403,
    'access_denied_insufficient_permissions',
    `Access denied - insufficient permission: ${what}`,
  );
}

export function success(patch: Patch, status: number, response: unknown): WriteResult {
  return { ok: true, patch, status, response };
}

/** The state after `patch` (the handlers build patches from rows they have just read). */
export function after(context: WriteContext, patch: Patch): State {
  const { state, errors } = context.state.apply(patch);
  if (errors.length > 0)
    throw internalError(`box write model built a patch that does not apply: ${errors[0]?.message}`);
  return state;
}

/**
 * What the read replica answers for `GET path` on the state after `patch`, as the actor: the
 * object Box returns from a write is the one a read right after it gives (standard fields).
 */
export function readBack(context: WriteContext, patch: Patch, path: string): unknown {
  return createBoxReplica(after(context, patch), context.actor).handle({ method: 'GET', path })
    .body;
}

/** Box's timestamp form, as the seeds store it: `2026-03-10T10:04:00+00:00`. */
export function boxTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/**
 * A new numeric Box id of `digits` digits (no leading zero) from the id stream, redrawn while
 * `taken` has it (ids are unique per table; the stream makes a clash rare but possible).
 */
export function newId(env: WriteEnvironment, digits: number, taken: (id: string) => boolean) {
  for (;;) {
    const value = BigInt(`0x${env.nextHex()}`);
    const low = 10n ** BigInt(digits - 1);
    const id = String(low + (value % (9n * low)));
    if (!taken(id)) return id;
  }
}

/** Whether `table` has a row with this id in the state (or in rows the same call inserts). */
export function idTaken(context: WriteContext, table: string, inserted: readonly Row[] = []) {
  return (id: string) =>
    (context.state.hasTable(table) && context.state.get(table, { id }) !== undefined) ||
    inserted.some((row) => text(row, 'id') === id);
}

/** `{ id }` of a reference object in a body (`parent`, `item`, `accessible_by`), or undefined. */
export function referenceId(value: JsonValue | undefined): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const id = value.id;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isInteger(id)) return String(id);
  return undefined;
}

export function isObject(value: JsonValue | undefined): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The If-Match header, when sent: Box answers 412 when it differs from the item's etag. */
export function ifMatch(context: WriteContext): string | undefined {
  const entry = Object.entries(context.request.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'if-match',
  );
  return entry?.[1];
}
