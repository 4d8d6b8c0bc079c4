import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { text } from '../row-fields.js';
import { isKnownTimeZone } from '../time-zones.js';
import {
  bodyObject,
  invalid,
  isPrimaryCalendar,
  needOwner,
  refuse,
  required,
  succeeded,
  visibleCalendarRow,
  type WriteCall,
} from './call.js';
import { newCalendarId, newEtag, newListEntryId, stamp } from './stamps.js';

const calendarPath = (calendarId: string): string => `/calendars/${encodeURIComponent(calendarId)}`;

function readCalendarBody(body: Record<string, unknown>): Row {
  const set: Row = {};
  for (const field of ['summary', 'description', 'location'] as const) {
    if (!(field in body)) continue;
    const value = body[field];
    if (value !== null && typeof value !== 'string') return invalid(`Invalid value for ${field}.`);
    set[field] = value as string | null;
  }
  if ('timeZone' in body) {
    const zone = body.timeZone;
    if (typeof zone !== 'string' || !isKnownTimeZone(zone))
      return invalid(`Invalid time zone definition: ${JSON.stringify(zone)}`);
    set.time_zone = zone;
  }
  return set;
}

function ownedCalendar(call: WriteCall, calendarParam: string): Row {
  const calendar = visibleCalendarRow(call, calendarParam);
  if (call.access.roleFor(String(calendar.id)) !== 'owner') return needOwner();
  return calendar;
}

/**
 * POST /calendars (calendars.insert): a secondary calendar owned by the caller, in their
 * calendar list as owner, with the owner's sharing rule, as Google creates it.
 */
export function insertCalendar(call: WriteCall): WriteResult {
  const body = bodyObject(call);
  if (typeof body.summary !== 'string' || body.summary.trim() === '')
    return required('Missing title.');
  const set = readCalendarBody(body);
  const id = newCalendarId(call.env);
  const now = stamp(call.env);
  const primary = call.access.primaryCalendarId();
  const zone = text(
    primary === undefined ? undefined : call.access.calendarRow(primary),
    'time_zone',
  );
  const email = call.access.actorEmail ?? null;
  const patch: PatchOp[] = [
    {
      op: 'insert',
      table: 'calendars',
      row: {
        id,
        summary: null,
        description: null,
        location: null,
        owner_id: call.actor.id,
        time_zone: zone ?? 'UTC',
        ...set,
        etag: newEtag(call.env),
        created_at: now,
        updated_at: now,
      },
    },
    {
      op: 'insert',
      table: 'calendar_list_entries',
      row: {
        id: newListEntryId(call.env),
        user_id: call.actor.id,
        calendar_id: id,
        access_role: 'owner',
        primary: false,
        selected: true,
        hidden: false,
        deleted: false,
        color_id: '14',
        summary_override: null,
        etag: newEtag(call.env),
        created_at: now,
        updated_at: now,
      },
    },
  ];
  if (email)
    patch.push({
      op: 'insert',
      table: 'calendar_acl_rules',
      row: {
        id: `user:${email}`,
        calendar_id: id,
        role: 'owner',
        scope_type: 'user',
        scope_value: email,
        etag: newEtag(call.env),
        created_at: now,
        updated_at: now,
      },
    });
  return succeeded(call, patch, calendarPath(id));
}

/** PUT (calendars.update) or PATCH (calendars.patch) /calendars/{calendarId}: owners only. */
export function changeCalendar(
  call: WriteCall,
  calendarParam: string,
  mode: 'update' | 'patch',
): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  const body = bodyObject(call);
  const set = readCalendarBody(body);
  if (mode === 'update') {
    if (typeof body.summary !== 'string' || body.summary.trim() === '')
      return required('Missing title.');
    if (!('description' in set)) set.description = null;
    if (!('location' in set)) set.location = null;
  } else if ('summary' in set && (set.summary === null || set.summary === ''))
    return required('Missing title.');
  const id = String(calendar.id);
  const patch: PatchOp[] = [
    {
      op: 'update',
      table: 'calendars',
      key: { id },
      set: { ...set, etag: newEtag(call.env), updated_at: stamp(call.env) },
    },
  ];
  return succeeded(call, patch, calendarPath(id));
}

/**
 * DELETE /calendars/{calendarId} (calendars.delete): a secondary calendar goes with its
 * events, guests and sharing rules; list entries stay as deleted. A primary one cannot.
 */
export function deleteCalendar(call: WriteCall, calendarParam: string): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  if (isPrimaryCalendar(call.state, calendar))
    return refuse(
      400,
      'cannotDeletePrimaryCalendar',
      'The primary calendar cannot be deleted; use calendars.clear to remove its events.',
      'calendar',
    );
  const id = String(calendar.id);
  const now = stamp(call.env);
  const rows = (table: string): readonly Row[] =>
    call.state.hasTable(table) ? call.state.rows(table) : [];
  const patch: PatchOp[] = [];
  const eventIds = new Set(
    rows('calendar_events')
      .filter((row) => row.calendar_id === id)
      .map((row) => String(row.id)),
  );
  for (const guest of rows('calendar_event_attendees'))
    if (eventIds.has(String(guest.event_id)))
      patch.push({
        op: 'delete',
        table: 'calendar_event_attendees',
        key: { event_id: String(guest.event_id), email: String(guest.email) },
      });
  for (const eventId of eventIds)
    patch.push({ op: 'delete', table: 'calendar_events', key: { id: eventId } });
  for (const rule of rows('calendar_acl_rules'))
    if (rule.calendar_id === id)
      patch.push({
        op: 'delete',
        table: 'calendar_acl_rules',
        key: { calendar_id: id, id: String(rule.id) },
      });
  for (const entry of rows('calendar_list_entries'))
    if (entry.calendar_id === id && entry.deleted !== true)
      patch.push({
        op: 'update',
        table: 'calendar_list_entries',
        key: { id: String(entry.id) },
        set: { deleted: true, etag: newEtag(call.env), updated_at: now },
      });
  patch.push({ op: 'delete', table: 'calendars', key: { id } });
  return succeeded(call, patch, undefined);
}

/**
 * POST /calendars/{calendarId}/clear (calendars.clear): every event of a primary calendar is
 * deleted, each leaving its cancelled record as events.delete does. Only primary calendars clear.
 */
export function clearCalendar(call: WriteCall, calendarParam: string): WriteResult {
  const calendar = ownedCalendar(call, calendarParam);
  if (!isPrimaryCalendar(call.state, calendar))
    return invalid('Only a primary calendar can be cleared; delete a secondary calendar instead.');
  const id = String(calendar.id);
  const now = stamp(call.env);
  const patch: PatchOp[] = [];
  for (const row of call.state.hasTable('calendar_events')
    ? call.state.rows('calendar_events')
    : []) {
    if (row.calendar_id !== id || row.status === 'cancelled') continue;
    patch.push({
      op: 'update',
      table: 'calendar_events',
      key: { id: String(row.id) },
      set: {
        status: 'cancelled',
        sequence: (typeof row.sequence === 'number' ? row.sequence : 0) + 1,
        etag: newEtag(call.env),
        updated_at: now,
      },
    });
  }
  return succeeded(call, patch, undefined);
}
