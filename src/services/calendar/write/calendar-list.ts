import type { Row } from '../../../schema/json.js';
import type { PatchOp } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { CALENDAR_COLORS } from '../colors.js';
import { flag } from '../row-fields.js';
import {
  bodyObject,
  invalid,
  notFound,
  refuse,
  required,
  succeeded,
  type WriteCall,
} from './call.js';
import { newEtag, newListEntryId, stamp } from './stamps.js';

const entryPath = (calendarId: string): string =>
  `/users/me/calendarList/${encodeURIComponent(calendarId)}`;

/** The fields of a calendar-list entry its user may write, and their columns. */
function readEntryBody(body: Record<string, unknown>): Row {
  const set: Row = {};
  if ('colorId' in body) {
    const colorId = body.colorId;
    if (typeof colorId !== 'string' || !(colorId in CALENDAR_COLORS))
      return invalid(`Invalid value for colorId: ${JSON.stringify(colorId)}`);
    set.color_id = colorId;
  }
  for (const [field, column] of [
    ['hidden', 'hidden'],
    ['selected', 'selected'],
  ] as const) {
    if (!(field in body)) continue;
    if (typeof body[field] !== 'boolean') return invalid(`Invalid value for ${field}.`);
    set[column] = body[field] as boolean;
  }
  if ('summaryOverride' in body) {
    const value = body.summaryOverride;
    if (value !== null && typeof value !== 'string')
      return invalid('Invalid value for summaryOverride.');
    set.summary_override = value === '' ? null : (value as string | null);
  }
  return set;
}

/** The caller's own entry for a calendar (a deleted one only when asked). */
function ownEntry(call: WriteCall, calendarId: string, includeDeleted: boolean): Row | undefined {
  return call.access.listEntries(includeDeleted).find((entry) => entry.calendar_id === calendarId);
}

/**
 * POST /users/me/calendarList (calendarList.insert): adds a calendar the caller can see to
 * their own list, with the role they hold on it. An entry they had is restored.
 */
export function insertListEntry(call: WriteCall): WriteResult {
  const body = bodyObject(call);
  if (typeof body.id !== 'string' || body.id === '') return required('Missing calendar id.');
  const calendarId = call.access.resolveCalendarId(body.id);
  const calendar = calendarId === undefined ? undefined : call.access.calendarRow(calendarId);
  if (!calendar || call.access.roleFor(String(calendar.id)) === 'none') return notFound();
  const id = String(calendar.id);
  const set = readEntryBody(body);
  const now = stamp(call.env);
  const role = call.access.roleFor(id);
  const existing = ownEntry(call, id, true);
  const patch: PatchOp[] = existing
    ? [
        {
          op: 'update',
          table: 'calendar_list_entries',
          key: { id: String(existing.id) },
          set: {
            ...set,
            access_role: role,
            deleted: false,
            etag: newEtag(call.env),
            updated_at: now,
          },
        },
      ]
    : [
        {
          op: 'insert',
          table: 'calendar_list_entries',
          row: {
            id: newListEntryId(call.env),
            user_id: call.actor.id,
            calendar_id: id,
            access_role: role,
            primary: false,
            selected: true,
            hidden: false,
            deleted: false,
            color_id: '14',
            summary_override: null,
            ...set,
            etag: newEtag(call.env),
            created_at: now,
            updated_at: now,
          },
        },
      ];
  return succeeded(call, patch, entryPath(id));
}

/** PUT (calendarList.update) or PATCH (calendarList.patch) /users/me/calendarList/{calendarId} */
export function changeListEntry(
  call: WriteCall,
  calendarParam: string,
  mode: 'update' | 'patch',
): WriteResult {
  const calendarId = call.access.resolveCalendarId(calendarParam);
  const entry = calendarId === undefined ? undefined : ownEntry(call, calendarId, false);
  if (!entry) return notFound();
  const body = bodyObject(call);
  const set = readEntryBody(body);
  if (mode === 'update') {
    // update replaces the entry's own settings: the ones it does not send go back to defaults.
    if (!('summary_override' in set)) set.summary_override = null;
    if (!('hidden' in set)) set.hidden = false;
    if (!('selected' in set)) set.selected = false;
  }
  const patch: PatchOp[] = [
    {
      op: 'update',
      table: 'calendar_list_entries',
      key: { id: String(entry.id) },
      set: { ...set, etag: newEtag(call.env), updated_at: stamp(call.env) },
    },
  ];
  return succeeded(call, patch, entryPath(String(entry.calendar_id)));
}

/**
 * DELETE /users/me/calendarList/{calendarId} (calendarList.delete): the entry is kept as
 * deleted (sync lists it), and the caller's own primary calendar cannot leave their list.
 */
export function deleteListEntry(call: WriteCall, calendarParam: string): WriteResult {
  const calendarId = call.access.resolveCalendarId(calendarParam);
  const entry = calendarId === undefined ? undefined : ownEntry(call, calendarId, false);
  if (!entry) return notFound();
  if (flag(entry, 'primary'))
    return refuse(
      403,
      'cannotChangeOwnPrimarySubscription',
      'Cannot remove your own primary calendar from your calendar list.',
      'calendar',
    );
  const patch: PatchOp[] = [
    {
      op: 'update',
      table: 'calendar_list_entries',
      key: { id: String(entry.id) },
      set: { deleted: true, etag: newEtag(call.env), updated_at: stamp(call.env) },
    },
  ];
  return succeeded(call, patch, undefined);
}
