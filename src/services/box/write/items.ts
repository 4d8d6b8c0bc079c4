// Creating and editing folders and files: POST /folders, PUT /folders/:id, PUT /files/:id.
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { tags as tagsOf, text } from '../columns.js';
import {
  checkEtag,
  checkName,
  checkNameFree,
  destinationFolder,
  ITEM_TABLE,
  type ItemType,
  lookupItem,
  nextSequence,
  refused,
  requireRole,
} from './access.js';
import {
  boxTime,
  idTaken,
  newId,
  readBack,
  referenceId,
  refuse,
  refuseBadRequest,
  refuseDenied,
  success,
  type WriteContext,
} from './context.js';

export const ITEM_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /folders',
    permission:
      'a role that may upload into the parent folder (owner, co-owner, editor, viewer uploader, previewer uploader, uploader); the name must be valid and free in the parent',
    serverWritten: [
      'id',
      'created_at',
      'modified_at',
      'created_by_id',
      'modified_by_id',
      'owned_by_id (the parent folder’s owner)',
      'sequence_id "0"',
      'etag "0"',
      'item_status "active"',
      'size 0',
    ],
  },
  {
    name: 'PUT /folders/:id',
    permission:
      'rename and description/tags: a role with can_rename (owner, co-owner, editor); move (parent): can_delete on the folder and can_upload on the destination; not the root; not into its own subtree',
    serverWritten: ['modified_at', 'modified_by_id', 'sequence_id + 1', 'etag'],
  },
  {
    name: 'PUT /files/:id',
    permission:
      'rename: can_rename; description/tags: can_edit (owner, co-owner, editor); move (parent): can_delete on the file and can_upload on the destination',
    serverWritten: ['modified_at', 'modified_by_id', 'sequence_id + 1', 'etag'],
  },
];

/** Body fields Box accepts on these endpoints that the replica does not store: refused, not dropped. */
const UNMODELED = [
  'shared_link',
  'lock',
  'collections',
  'owned_by',
  'sync_state',
  'folder_upload_email',
  'disposition_at',
  'permissions',
  'can_non_owners_invite',
  'can_non_owners_view_collaborators',
  'is_collaboration_restricted_to_enterprise',
];

function checkUnmodeled(context: WriteContext): WriteResult | undefined {
  const field = UNMODELED.find((name) => Object.hasOwn(context.body, name));
  return field === undefined
    ? undefined
    : refuseBadRequest(
        context,
        `'${field}' is not modelled by this replica (docs/replicas.md, Box write operations)`,
      );
}

/** Box's limits: a description of at most 256 characters, at most 100 tags of strings. */
export function checkDescriptionAndTags(context: WriteContext): WriteResult | undefined {
  const { description, tags } = context.body;
  if (description !== undefined && (typeof description !== 'string' || description.length > 256))
    return refuseBadRequest(
      context,
      "Invalid value for 'description': a string of at most 256 characters",
    );
  if (
    tags !== undefined &&
    (!Array.isArray(tags) || tags.length > 100 || tags.some((tag) => typeof tag !== 'string'))
  )
    return refuseBadRequest(context, "Invalid value for 'tags': an array of at most 100 strings");
  return undefined;
}

/** The owner of items created in a folder: its owner (the actor in their own root). */
export function ownerIn(context: WriteContext, folder: Row): string {
  return text(folder, 'id') === '0'
    ? context.actor.id
    : (text(folder, 'owned_by_id') ?? context.actor.id);
}

/** `POST /folders`: a new, empty folder. */
export function createFolder(context: WriteContext): WriteResult {
  const { body, env } = context;
  const parentId = referenceId(body.parent);
  if (parentId === undefined)
    return refuseBadRequest(context, "Missing required field 'parent' (an object with an 'id')");
  const parent = destinationFolder(context, parentId, 'create folders in it');
  if (refused(parent)) return parent;
  const invalid =
    checkName(context, body.name) ?? checkDescriptionAndTags(context) ?? checkUnmodeled(context);
  if (invalid) return invalid;
  const name = body.name as string;
  const taken = checkNameFree(context, parentId, name);
  if (taken) return taken;
  const now = boxTime(env.now());
  const row: Row = {
    id: newId(env, 10, idTaken(context, 'box_folders')),
    type: 'folder',
    name,
    parent_id: parentId,
    created_at: now,
    modified_at: now,
    created_by_id: context.actor.id,
    modified_by_id: context.actor.id,
    owned_by_id: ownerIn(context, parent),
    description: typeof body.description === 'string' ? body.description : '',
    item_status: 'active',
    size: 0,
    sequence_id: '0',
    etag: '0',
    tags: [],
  };
  const patch: Patch = [{ op: 'insert', table: 'box_folders', row }];
  return success(patch, 201, itemObject(context, patch, 'folder', String(row.id)));
}

/** Whether `folderId` is `ancestorId` or lies below it. */
function within(context: WriteContext, folderId: string, ancestorId: string): boolean {
  const seen = new Set<string>();
  let current: string | null = folderId;
  while (current !== null && !seen.has(current)) {
    if (current === ancestorId) return true;
    seen.add(current);
    current = text(context.store.folders.get(current), 'parent_id');
  }
  return false;
}

/** `PUT /files/:id` and `PUT /folders/:id`: rename, move, describe, tag. */
export function updateItem(type: ItemType): (context: WriteContext) => WriteResult {
  return (context) => {
    const id = context.params.id ?? '';
    const item = lookupItem(context, type, id);
    if (refused(item)) return item;
    if (type === 'folder' && id === '0')
      return refuseDenied(context, 'the root folder cannot be changed');
    const { body } = context;
    const invalid =
      checkEtag(context, item) ??
      (body.name !== undefined ? checkName(context, body.name) : undefined) ??
      checkDescriptionAndTags(context) ??
      checkUnmodeled(context);
    if (invalid) return invalid;
    if (body.parent !== undefined && referenceId(body.parent) === undefined)
      return refuseBadRequest(context, "Invalid value for 'parent': an object with an 'id'");

    const set: Row = {};
    const name = typeof body.name === 'string' ? body.name : (text(item, 'name') ?? '');
    if (name !== text(item, 'name')) {
      const denied = requireRole(context, item, type, 'rename', 'rename it');
      if (denied) return denied;
      set.name = name;
    }
    const editAction = type === 'file' ? 'edit' : 'rename';
    if (
      typeof body.description === 'string' &&
      body.description !== (text(item, 'description') ?? '')
    ) {
      const denied = requireRole(context, item, type, editAction, 'change its description');
      if (denied) return denied;
      set.description = body.description;
    }
    if (Array.isArray(body.tags) && JSON.stringify(body.tags) !== JSON.stringify(tagsOf(item))) {
      const denied = requireRole(context, item, type, editAction, 'change its tags');
      if (denied) return denied;
      set.tags = body.tags as JsonValue[];
    }
    const parentId = referenceId(body.parent) ?? text(item, 'parent_id') ?? '0';
    if (parentId !== text(item, 'parent_id')) {
      const denied = requireRole(context, item, type, 'delete', 'move it');
      if (denied) return denied;
      if (type === 'folder' && within(context, parentId, id))
        return refuse(
          context,
          400,
          'cyclical_folder_structure',
          'Folder move creates cyclical folder structure',
        );
      const destination = destinationFolder(context, parentId, 'move items into it');
      if (refused(destination)) return destination;
      set.parent_id = parentId;
    }
    if (set.name !== undefined || set.parent_id !== undefined) {
      const taken = checkNameFree(context, parentId, name, { type, id });
      if (taken) return taken;
    }

    const patch: Patch =
      Object.keys(set).length === 0
        ? []
        : [
            {
              op: 'update',
              table: ITEM_TABLE[type],
              key: { id },
              set: {
                ...set,
                modified_at: boxTime(context.env.now()),
                modified_by_id: context.actor.id,
                ...nextSequence(item),
              },
            },
          ];
    return success(patch, 200, itemObject(context, patch, type, id));
  };
}

/** The item as Box answers it after the call: the read replica's standard object over the new state. */
export function itemObject(context: WriteContext, patch: Patch, type: ItemType, id: string) {
  return readBack(context, patch, `/${type}s/${id}`);
}
