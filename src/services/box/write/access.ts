import type { Row } from '../../../schema/json.js';
import type { WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { can } from '../item-permissions.js';
import { miniFolder } from '../representations.js';
import {
  ifMatch,
  type Json,
  refuse,
  refuseDenied,
  refuseNotFound,
  type WriteContext,
} from './context.js';

export type ItemType = 'file' | 'folder';

export const ITEM_TABLE: Record<ItemType, 'box_files' | 'box_folders'> = {
  file: 'box_files',
  folder: 'box_folders',
};

export function isTrashed(row: Row): boolean {
  return text(row, 'item_status') === 'trashed';
}

/**
 * The item a call names, if the actor can see it: missing and hidden items are Box's 404
 * `not_found` (as the read replica answers); a trashed one is 404 `trashed` ("Item is trashed",
 * unavailable for modification) unless the call is about the trash (`allowTrashed`).
 */
export function lookupItem(
  context: WriteContext,
  type: ItemType,
  id: string,
  options: { allowTrashed?: boolean } = {},
): Row | WriteResult {
  const { store, visibility } = context;
  const row = type === 'file' ? store.files.get(id) : store.folders.get(id);
  const visible = type === 'file' ? visibility.file(row) : visibility.folder(row);
  if (!row || !visible) return refuseNotFound(context, type, id);
  if (isTrashed(row) && !options.allowTrashed)
    return refuse(context, 404, 'trashed', 'Item is trashed');
  return row;
}

/** Whether a lookup refused (a Box row never has a `refusal` column next to `ok: false`). */
export function refused(value: Row | WriteResult): value is WriteResult {
  return value.ok === false && 'refusal' in value;
}

/** The actor's collaboration role on an item (src/services/box/permissions.ts). */
export function roleOn(context: WriteContext, item: Row, type: ItemType): string {
  return context.visibility.role(item, type);
}

/** A 403 unless the actor's role on the item allows `action` (item-permissions.ts). */
export function requireRole(
  context: WriteContext,
  item: Row,
  type: ItemType,
  action: string,
  what: string,
): WriteResult | undefined {
  const role = roleOn(context, item, type);
  return can(role, action)
    ? undefined
    : refuseDenied(context, `a ${role} of ${type} ${text(item, 'id')} may not ${what}`);
}

/** Box's 412 when the request's If-Match names another etag than the item's. */
export function checkEtag(context: WriteContext, item: Row): WriteResult | undefined {
  const wanted = ifMatch(context);
  if (wanted === undefined || wanted === text(item, 'etag')) return undefined;
  return refuse(
    context,
    412,
    'precondition_failed',
    'The resource has been modified. Retrieve the resource again and retry',
  );
}

/** A destination folder: visible, active, and one the actor may upload into. */
export function destinationFolder(
  context: WriteContext,
  id: string,
  what: string,
): Row | WriteResult {
  const folder = lookupItem(context, 'folder', id);
  if (refused(folder)) return folder;
  // A trashed destination cannot take items: Box answers as for a missing folder.
  return requireRole(context, folder, 'folder', 'upload', what) ?? folder;
}

// Box's naming rules (developer.box.com, folders and files update: name restrictions).
// biome-ignore lint/suspicious/noControlCharactersInRegex: non-printable ASCII is what Box refuses
const NON_PRINTABLE = /[\u0000-\u001f\u007f]/;

/** Box's 400 for a name it refuses: `item_name_too_long` over 255, `item_name_invalid` otherwise. */
export function checkName(context: WriteContext, name: unknown): WriteResult | undefined {
  if (typeof name !== 'string' || name === '')
    return refuse(context, 400, 'bad_request', "Invalid value for 'name': a non-empty string");
  if (name.length > 255) return refuse(context, 400, 'item_name_too_long', 'Item name too long');
  if (
    name === '.' ||
    name === '..' ||
    /[/\\]/.test(name) ||
    NON_PRINTABLE.test(name) ||
    name.endsWith(' ')
  )
    return refuse(context, 400, 'item_name_invalid', 'Item name invalid');
  return undefined;
}

/**
 * Box's 409 `item_name_in_use` when an active file or folder in `folderId` other than `except`
 * has `name` (compared without case), with the clashing item in `context_info.conflicts`.
 */
export function checkNameFree(
  context: WriteContext,
  folderId: string,
  name: string,
  except?: { type: ItemType; id: string },
): WriteResult | undefined {
  const lower = name.toLowerCase();
  const clash = (rows: readonly Row[] | undefined, type: ItemType) =>
    (rows ?? []).find(
      (row) =>
        !isTrashed(row) &&
        (text(row, 'name') ?? '').toLowerCase() === lower &&
        !(except && except.type === type && except.id === text(row, 'id')) &&
        text(row, 'id') !== folderId,
    );
  const folder = clash(context.store.foldersByParent.get(folderId), 'folder');
  const file = clash(context.store.filesByParent.get(folderId), 'file');
  const conflict = folder ?? file;
  if (!conflict) return undefined;
  const mini: Json = folder
    ? miniFolder(folder)
    : {
        type: 'file',
        id: text(conflict, 'id'),
        sequence_id: text(conflict, 'sequence_id'),
        etag: text(conflict, 'etag'),
        sha1: text(conflict, 'sha_1'),
        name: text(conflict, 'name'),
      };
  return refuse(context, 409, 'item_name_in_use', 'Item with the same name already exists', {
    conflicts: [mini],
  });
}

/** Active items below a folder (files and folders, depth first), as Box moves them with it. */
export function descendants(
  context: WriteContext,
  folderId: string,
  keep: (row: Row) => boolean,
): { type: ItemType; row: Row }[] {
  const out: { type: ItemType; row: Row }[] = [];
  const seen = new Set<string>([folderId]);
  const walk = (id: string) => {
    for (const file of context.store.filesByParent.get(id) ?? [])
      if (keep(file)) out.push({ type: 'file', row: file });
    for (const folder of context.store.foldersByParent.get(id) ?? []) {
      const childId = text(folder, 'id') ?? '';
      if (seen.has(childId) || !keep(folder)) continue;
      seen.add(childId);
      out.push({ type: 'folder', row: folder });
      walk(childId);
    }
  };
  walk(folderId);
  return out;
}

/** The etag and sequence_id Box gives an item after a change: one more than before. */
export function nextSequence(row: Row): { sequence_id: string; etag: string } {
  const sequence = String(Number(text(row, 'sequence_id') ?? '0') + 1);
  return { sequence_id: sequence, etag: sequence };
}
