// The trash: DELETE moves an item there, POST on the item restores it, DELETE …/trash purges it.
import type { Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { queryString } from '../query.js';
import {
  checkEtag,
  checkName,
  checkNameFree,
  descendants,
  destinationFolder,
  ITEM_TABLE,
  type ItemType,
  isTrashed,
  lookupItem,
  nextSequence,
  refused,
  requireRole,
} from './access.js';
import {
  boxTime,
  referenceId,
  refuse,
  refuseBadRequest,
  refuseDenied,
  success,
  type WriteContext,
} from './context.js';
import { itemObject } from './items.js';

/** Box keeps trashed items 30 days by default before purging them (developer.box.com, trash guide). */
const PURGE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;

const TRASH_STAMPS = [
  'item_status "trashed"',
  'trashed_at',
  'purged_at (trashed_at + 30 days)',
  'sequence_id + 1',
  'etag',
];

export const TRASH_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'DELETE /files/:id',
    permission:
      'a role with can_delete on the file (owner, co-owner, editor); If-Match must equal the etag when sent',
    serverWritten: TRASH_STAMPS,
  },
  {
    name: 'DELETE /folders/:id',
    permission:
      'a role with can_delete on the folder (owner, co-owner, editor); a non-empty folder needs recursive=true; not the root',
    serverWritten: [
      ...TRASH_STAMPS,
      'the active items below it: item_status "trashed", trashed_at, purged_at',
    ],
  },
  {
    name: 'POST /files/:id',
    permission:
      'restores a trashed file: a role with can_delete on it and can_upload on the folder it returns to (its old parent, or `parent` when that is gone); the name must be free there',
    serverWritten: [
      'item_status "active"',
      'trashed_at null',
      'purged_at null',
      'sequence_id + 1',
      'etag',
    ],
  },
  {
    name: 'POST /folders/:id',
    permission: 'restores a trashed folder with the items trashed with it: as POST /files/:id',
    serverWritten: [
      'item_status "active"',
      'trashed_at null',
      'purged_at null',
      'sequence_id + 1',
      'etag',
      'the items trashed with it: item_status "active", trashed_at null, purged_at null',
    ],
  },
  {
    name: 'DELETE /files/:id/trash',
    permission:
      'purges a trashed file: a role with can_delete on it; an active file is 404 not_trashed',
    serverWritten: [
      'deletes the file with its versions, comments, tasks, task assignments, collaborations and hub items',
    ],
  },
  {
    name: 'DELETE /folders/:id/trash',
    permission: 'purges a trashed folder: as DELETE /files/:id/trash',
    serverWritten: [
      'deletes the folder and everything trashed with it, as DELETE /files/:id/trash',
    ],
  },
];

/** `DELETE /files/:id`, `DELETE /folders/:id`: to the trash, with what is below a folder. */
export function trashItem(type: ItemType): (context: WriteContext) => WriteResult {
  return (context) => {
    const id = context.params.id ?? '';
    if (type === 'folder' && id === '0')
      return refuseDenied(context, 'the root folder cannot be deleted');
    const item = lookupItem(context, type, id);
    if (refused(item)) return item;
    const denied =
      checkEtag(context, item) ?? requireRole(context, item, type, 'delete', 'delete it');
    if (denied) return denied;
    const below = type === 'folder' ? descendants(context, id, (row) => !isTrashed(row)) : [];
    if (below.length > 0 && queryString(context.request.query?.recursive) !== 'true')
      return refuse(context, 400, 'folder_not_empty', 'Cannot delete - folder not empty');
    const now = context.env.now();
    const stamps = {
      item_status: 'trashed',
      trashed_at: boxTime(now),
      purged_at: boxTime(new Date(now.getTime() + PURGE_AFTER_MS)),
    };
    const patch: Patch = [
      {
        op: 'update',
        table: ITEM_TABLE[type],
        key: { id },
        set: { ...stamps, ...nextSequence(item) },
      },
      ...below.map(
        ({ type: childType, row }): PatchOp => ({
          op: 'update',
          table: ITEM_TABLE[childType],
          key: { id: text(row, 'id') },
          set: stamps,
        }),
      ),
    ];
    return success(patch, 204, null);
  };
}

/** Items trashed together with a folder: trashed, below it, with the folder's `trashed_at`. */
function trashedWith(context: WriteContext, folder: Row) {
  const when = text(folder, 'trashed_at');
  return descendants(
    context,
    text(folder, 'id') ?? '',
    (row) => isTrashed(row) && text(row, 'trashed_at') === when,
  );
}

/** `POST /files/:id`, `POST /folders/:id`: back from the trash. */
export function restoreItem(type: ItemType): (context: WriteContext) => WriteResult {
  return (context) => {
    const id = context.params.id ?? '';
    const item = lookupItem(context, type, id, { allowTrashed: true });
    if (refused(item)) return item;
    if (!isTrashed(item)) return refuse(context, 404, 'not_trashed', 'Item is not trashed');
    const denied = requireRole(context, item, type, 'delete', 'restore it');
    if (denied) return denied;
    const { body } = context;
    if (body.name !== undefined) {
      const invalid = checkName(context, body.name);
      if (invalid) return invalid;
    }
    if (body.parent !== undefined && referenceId(body.parent) === undefined)
      return refuseBadRequest(context, "Invalid value for 'parent': an object with an 'id'");
    // Box uses `parent` only when the original folder is gone (trashed or purged).
    const originalId = text(item, 'parent_id') ?? '0';
    const original = context.store.folders.get(originalId);
    const parentId =
      original && !isTrashed(original) ? originalId : (referenceId(body.parent) ?? originalId);
    const parent = destinationFolder(context, parentId, 'restore items into it');
    if (refused(parent)) return parent;
    const name = typeof body.name === 'string' ? body.name : (text(item, 'name') ?? '');
    const taken = checkNameFree(context, parentId, name, { type, id });
    if (taken) return taken;
    const cleared = { item_status: 'active', trashed_at: null, purged_at: null };
    const patch: Patch = [
      {
        op: 'update',
        table: ITEM_TABLE[type],
        key: { id },
        set: {
          ...cleared,
          ...(parentId !== originalId ? { parent_id: parentId } : {}),
          ...(name !== text(item, 'name') ? { name } : {}),
          ...nextSequence(item),
        },
      },
      ...(type === 'folder' ? trashedWith(context, item) : []).map(
        ({ type: childType, row }): PatchOp => ({
          op: 'update',
          table: ITEM_TABLE[childType],
          key: { id: text(row, 'id') },
          set: cleared,
        }),
      ),
    ];
    return success(patch, 201, itemObject(context, patch, type, id));
  };
}

/** `DELETE /files/:id/trash`, `DELETE /folders/:id/trash`: gone for good, with what hangs on it. */
export function purgeItem(type: ItemType): (context: WriteContext) => WriteResult {
  return (context) => {
    const id = context.params.id ?? '';
    const item = lookupItem(context, type, id, { allowTrashed: true });
    if (refused(item)) return item;
    if (!isTrashed(item)) return refuse(context, 404, 'not_trashed', 'Item is not trashed');
    const denied = requireRole(context, item, type, 'delete', 'delete it permanently');
    if (denied) return denied;
    const items = [{ type, row: item }, ...(type === 'folder' ? trashedWith(context, item) : [])];
    const patch: Patch = items.flatMap(({ type: itemType, row }) =>
      purgeRows(context, itemType, row),
    );
    return success(patch, 204, null);
  };
}

function purgeRows(context: WriteContext, type: ItemType, row: Row): PatchOp[] {
  const { store, state } = context;
  const id = text(row, 'id') ?? '';
  const remove = (table: string, rows: readonly Row[]): PatchOp[] =>
    rows.map((found) => ({ op: 'delete', table, key: { id: text(found, 'id') } }));
  const onItem = (table: string) =>
    (state.hasTable(table) ? state.rows(table) : []).filter(
      (found) => text(found, 'item_id') === id && (text(found, 'item_type') ?? type) === type,
    );
  const tasks = type === 'file' ? (store.tasksByItem.get(id) ?? []) : [];
  return [
    ...remove(
      'box_task_assignments',
      tasks.flatMap((task) => store.assignmentsByTask.get(text(task, 'id') ?? '') ?? []),
    ),
    ...remove('box_tasks', tasks),
    ...remove('box_comments', type === 'file' ? (store.commentsByFile.get(id) ?? []) : []),
    ...remove('box_collaborations', onItem('box_collaborations')),
    ...remove('box_hub_items', onItem('box_hub_items')),
    ...remove('box_collection_items', onItem('box_collection_items')),
    ...remove('box_file_versions', type === 'file' ? (store.versionsByFile.get(id) ?? []) : []),
    { op: 'delete', table: ITEM_TABLE[type], key: { id } },
  ];
}
