import { createHash } from 'node:crypto';
import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { createCalendarReplica } from '../index.js';
import { text } from '../row-fields.js';
import {
  bodyObject,
  invalid,
  notFound,
  Refused,
  refuse,
  required,
  type WriteCall,
} from './call.js';
import { BASE32HEX, stamp } from './stamps.js';

// Notification channels (docs/replicas.md, Calendar write operations): events.watch,
// calendarList.watch, acl.watch and settings.watch store a channel row; channels.stop removes it.
// Google's API has no operation that reads channels back: only the watch response shows one.

/** The API base that makes a path a version-specific resource URI (Google's `resourceUri`). */
const API_BASE = 'https://www.googleapis.com/calendar/v3';

/** `params.ttl` when the request sends none: 604800 seconds (the watch methods' reference). */
const DEFAULT_TTL_SECONDS = 604_800;

/** Delivery types the watch methods accept: "web_hook" (or "webhook"). */
const CHANNEL_TYPES = ['web_hook', 'webhook'];

/** The resource one watch call observes. */
export interface WatchedResource {
  /** The list the watch observes, as the read replica serves it (`/calendars/primary/events`). */
  listPath: string;
  /**
   * The stored `resource_uri`, as the Agent-Diff seed layout keeps it: the calendar id resolved
   * (`/calendars/<id>/events`, `/calendars/<id>/acl`), the settings under the user's id
   * (`/users/<user id>/settings`), the caller's own list as `/users/me/calendarList`.
   */
  storedUri: (call: WriteCall) => string;
}

/**
 * A watch succeeds only when the caller may read the watched resource (Google's push guide:
 * the watch request fails unless the current user owns or has permission to access it); it
 * answers exactly what listing that resource answers otherwise (404 for an invisible calendar,
 * 403 for another owner's sharing rules).
 */
function guardReadable(call: WriteCall, listPath: string): void {
  const read = createCalendarReplica(call.state, call.actor).handle({
    method: 'GET',
    path: listPath,
    query: { maxResults: '1' },
  });
  if (read.status !== 200) throw new Refused(read);
}

/** Google's resourceId identifies the watched resource: a second channel on it gets the same id. */
function resourceIdFor(call: WriteCall, storedUri: string): string {
  const existing = channels(call).find((row) => row.resource_uri === storedUri);
  const kept = text(existing, 'resource_id');
  if (kept) return kept;
  const hash = createHash('sha256').update(`calendar-resource\u0000${storedUri}`).digest();
  let id = '';
  for (let i = 0; i < 14; i++) id += BASE32HEX[(hash[i] ?? 0) % BASE32HEX.length];
  return id;
}

function channels(call: WriteCall): readonly Row[] {
  return call.state.hasTable('calendar_channels') ? call.state.rows('calendar_channels') : [];
}

function nonEmptyText(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '')
    return required(`Missing channel ${field}.`);
  if (typeof value !== 'string')
    return invalid(`Invalid channel ${field}: ${JSON.stringify(value)}`);
  return value;
}

/** `params`: string values only; `ttl` a whole number of seconds. */
function paramsOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    return invalid('Invalid channel params: expected an object of strings.');
  const params: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (typeof item !== 'string')
      return invalid(`Invalid channel params.${key}: expected a string.`);
    params[key] = item;
  }
  if (params.ttl !== undefined && !/^\d+$/.test(params.ttl))
    return invalid(`Invalid channel params.ttl: ${JSON.stringify(params.ttl)}`);
  return params;
}

/**
 * The channel's expiration in Unix milliseconds: the call's time plus `params.ttl` (default
 * 604800 s), or the `expiration` the request asks for (the push guide lets a client request one).
 */
function expirationOf(
  call: WriteCall,
  body: Record<string, unknown>,
  params?: Record<string, string>,
): number {
  const now = call.env.now().getTime();
  if (params?.ttl !== undefined) return now + Number(params.ttl) * 1000;
  const requested = body.expiration;
  if (requested !== undefined && requested !== null) {
    const ms = typeof requested === 'string' ? Number(requested) : requested;
    if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms <= 0)
      return invalid(`Invalid channel expiration: ${JSON.stringify(requested)}`);
    return ms;
  }
  return now + DEFAULT_TTL_SECONDS * 1000;
}

/**
 * POST …/watch (events.watch, calendarList.watch, acl.watch, settings.watch): stores the channel
 * and answers Google's Channel resource (`api#channel`: the client's id and token, the server's
 * resourceId, resourceUri and expiration). The channel belongs to the caller.
 */
export function watchResource(call: WriteCall, resource: WatchedResource): WriteResult {
  guardReadable(call, resource.listPath);
  const body = bodyObject(call);
  const id = nonEmptyText(body.id, 'id');
  const type = nonEmptyText(body.type, 'type');
  if (!CHANNEL_TYPES.includes(type))
    return invalid(`Invalid channel type: ${JSON.stringify(type)}`);
  const address = nonEmptyText(body.address, 'address');
  const token =
    body.token === undefined || body.token === null ? undefined : nonEmptyText(body.token, 'token');
  const params = paramsOf(body.params);
  const expiration = expirationOf(call, body, params);
  // Google asks for an id unique within the project; two channels under one id could not be stopped apart.
  if (channels(call).some((row) => row.id === id))
    refuse(400, 'badRequest', `Channel id ${id} is not unique.`);
  const storedUri = resource.storedUri(call);
  const resourceId = resourceIdFor(call, storedUri);
  const row: Row = {
    id,
    resource_id: resourceId,
    resource_uri: storedUri,
    type,
    address,
    expiration,
    token: token ?? null,
    params: params ?? null,
    payload: body.payload === true,
    user_id: call.actor.id,
    created_at: stamp(call.env),
  };
  const patch: PatchOp[] = [{ op: 'insert', table: 'calendar_channels', row }];
  // A seed without the channels table cannot hold the channel: answered as `succeeded` answers
  // a patch that does not apply (a backend error naming the seed's tables), never a lost write.
  const applied = call.state.apply(patch);
  if (applied.errors.length > 0)
    refuse(500, 'backendError', applied.errors.map((error) => error.message).join('; '));
  return {
    ok: true,
    patch,
    status: 200,
    response: {
      kind: 'api#channel',
      id,
      resourceId,
      resourceUri: `${API_BASE}${resource.listPath.replace(/%40/g, '@')}`,
      ...(token === undefined ? {} : { token }),
      // int64 in Google's discovery document: a decimal string in JSON.
      expiration: String(expiration),
    },
  };
}

/**
 * POST /channels/stop: removes the caller's channel named by `id` and `resourceId`; the
 * response is empty. A channel the caller did not create, or an id and resourceId that do not
 * name one channel, is answered as not found.
 */
export function stopChannel(call: WriteCall): WriteResult {
  const body = bodyObject(call);
  const id = nonEmptyText(body.id, 'id');
  const resourceId = nonEmptyText(body.resourceId, 'resourceId');
  const channel = channels(call).find(
    (row) => row.id === id && row.resource_id === resourceId && row.user_id === call.actor.id,
  );
  if (!channel) return notFound();
  return {
    ok: true,
    patch: [{ op: 'delete', table: 'calendar_channels', key: { id } }],
    status: 204,
    response: '',
  };
}
