// Box Hubs (API version 2025.0): POST /hubs, PUT/DELETE /hubs/:id, POST /hubs/:id/manage_items.
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { type ItemType, isTrashed, lookupItem, refused } from './access.js';
import {
  boxTime,
  idTaken,
  isObject,
  type Json,
  newId,
  readBack,
  referenceId,
  refuseBadRequest,
  refuseDenied,
  refuseNotFound,
  success,
  type WriteContext,
} from './context.js';

export const HUB_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /hubs',
    permission: 'any user of the enterprise; title required, at most 50 characters',
    serverWritten: [
      'id',
      'created_at',
      'updated_at',
      'created_by_id',
      'updated_by_id',
      'view_count 0',
      'is_ai_enabled true, can_non_owners_invite false, can_shared_link_be_created true, is_collaboration_restricted_to_enterprise true (defaults)',
    ],
  },
  {
    name: 'PUT /hubs/:id',
    permission:
      'the hub’s creator, an enterprise admin, or an editor or co-owner collaborator of the hub',
    serverWritten: ['updated_at', 'updated_by_id'],
  },
  {
    name: 'DELETE /hubs/:id',
    permission: 'the hub’s creator or an enterprise admin',
    serverWritten: ['deletes its hub items and hub collaborations'],
  },
  {
    name: 'POST /hubs/:id/manage_items',
    permission:
      'who may edit the hub; each added item must be an active file or folder the actor can see; a removed one must be in the hub',
    serverWritten: [
      'box_hub_items rows (id, item_name, created_at)',
      'the hub’s updated_at, updated_by_id',
    ],
  },
];

const FLAGS = [
  'is_ai_enabled',
  'can_non_owners_invite',
  'can_shared_link_be_created',
  'is_collaboration_restricted_to_enterprise',
] as const;

/** Box Hubs need `box-version: 2025.0`; a missing header is accepted, as the read replica does. */
function checkVersion(context: WriteContext): WriteResult | undefined {
  const entry = Object.entries(context.request.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'box-version',
  );
  return entry && entry[1] !== '2025.0'
    ? refuseBadRequest(
        context,
        `Unsupported box-version '${entry[1]}': Hubs require box-version 2025.0`,
      )
    : undefined;
}

function checkHubFields(context: WriteContext, required: boolean): WriteResult | undefined {
  const { title, description } = context.body;
  if (
    (required || title !== undefined) &&
    (typeof title !== 'string' || title.trim() === '' || title.length > 50)
  )
    return refuseBadRequest(
      context,
      "Invalid value for 'title': a non-empty string of at most 50 characters",
    );
  if (description !== undefined && typeof description !== 'string')
    return refuseBadRequest(context, "Invalid value for 'description': a string");
  const flag = FLAGS.find(
    (name) => context.body[name] !== undefined && typeof context.body[name] !== 'boolean',
  );
  return flag ? refuseBadRequest(context, `Invalid value for '${flag}': a boolean`) : undefined;
}

function lookupHub(context: WriteContext, id: string): Row | WriteResult {
  const hub = context.store.hubs.get(id);
  return hub && context.visibility.hub(hub) ? hub : refuseNotFound(context, 'hub', id);
}

/** `POST /hubs`. */
export function createHub(context: WriteContext): WriteResult {
  const invalid = checkVersion(context) ?? checkHubFields(context, true);
  if (invalid) return invalid;
  const { body } = context;
  const now = boxTime(context.env.now());
  const row: Row = {
    id: newId(context.env, 9, idTaken(context, 'box_hubs')),
    type: 'hubs',
    title: body.title as string,
    description: typeof body.description === 'string' ? body.description : '',
    created_by_id: context.actor.id,
    updated_by_id: context.actor.id,
    created_at: now,
    updated_at: now,
    is_ai_enabled: true,
    can_non_owners_invite: false,
    can_shared_link_be_created: true,
    is_collaboration_restricted_to_enterprise: true,
    view_count: 0,
  };
  for (const flag of FLAGS) if (typeof body[flag] === 'boolean') row[flag] = body[flag] as boolean;
  const patch: Patch = [{ op: 'insert', table: 'box_hubs', row }];
  return success(patch, 201, readBack(context, patch, `/hubs/${row.id}`));
}

/** `PUT /hubs/:id`. */
export function updateHub(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const hub = lookupHub(context, id);
  if (refused(hub)) return hub;
  const invalid = checkVersion(context) ?? checkHubFields(context, false);
  if (invalid) return invalid;
  if (!context.visibility.canEditHub(hub))
    return refuseDenied(context, 'a viewer of a hub may not change it');
  const set: Row = {};
  for (const field of ['title', 'description', ...FLAGS])
    if (context.body[field] !== undefined && context.body[field] !== hub[field])
      set[field] = context.body[field] as JsonValue;
  const patch: Patch =
    Object.keys(set).length === 0
      ? []
      : [
          {
            op: 'update',
            table: 'box_hubs',
            key: { id },
            set: {
              ...set,
              updated_at: boxTime(context.env.now()),
              updated_by_id: context.actor.id,
            },
          },
        ];
  return success(patch, 200, readBack(context, patch, `/hubs/${id}`));
}

/** `DELETE /hubs/:id`: with its items and collaborations. */
export function deleteHub(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const hub = lookupHub(context, id);
  if (refused(hub)) return hub;
  const invalid = checkVersion(context);
  if (invalid) return invalid;
  if (text(hub, 'created_by_id') !== context.actor.id && !context.visibility.isAdmin)
    return refuseDenied(context, 'only the hub’s creator or an admin may delete it');
  const patch: Patch = [
    ...(context.store.hubItemsByHub.get(id) ?? []).map(
      (row): PatchOp => ({ op: 'delete', table: 'box_hub_items', key: { id: text(row, 'id') } }),
    ),
    ...context.store.collaborations
      .filter((row) => text(row, 'item_type') === 'hubs' && text(row, 'item_id') === id)
      .map(
        (row): PatchOp => ({
          op: 'delete',
          table: 'box_collaborations',
          key: { id: text(row, 'id') },
        }),
      ),
    { op: 'delete', table: 'box_hubs', key: { id } },
  ];
  return success(patch, 204, null);
}

/**
 * `POST /hubs/:id/manage_items`: adds and removes items in order. Box answers 207 with a status
 * per operation; a call with any failing operation is refused whole here (a pack state is the
 * result of calls that succeed).
 */
export function manageHubItems(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const hub = lookupHub(context, id);
  if (refused(hub)) return hub;
  const invalid = checkVersion(context);
  if (invalid) return invalid;
  if (!context.visibility.canEditHub(hub))
    return refuseDenied(context, 'a viewer of a hub may not change its items');
  const operations = context.body.operations;
  if (!Array.isArray(operations) || operations.length === 0)
    return refuseBadRequest(context, "Missing required field 'operations' (a non-empty array)");
  const now = boxTime(context.env.now());
  const current = [...(context.store.hubItemsByHub.get(id) ?? [])];
  const inserted: Row[] = [];
  const patch: PatchOp[] = [];
  const results: Json[] = [];
  for (const [index, operation] of operations.entries()) {
    const item = isObject(operation) ? operation.item : undefined;
    const itemId = referenceId(item);
    const type = isObject(item) ? item.type : undefined;
    const action = isObject(operation) ? operation.action : undefined;
    if (
      (action !== 'add' && action !== 'remove') ||
      itemId === undefined ||
      (type !== 'file' && type !== 'folder')
    )
      return refuseBadRequest(
        context,
        `Invalid value for 'operations[${index}]': {action: 'add' | 'remove', item: {type: 'file' | 'folder', id}}`,
      );
    const inHub = current.find(
      (row) => text(row, 'item_id') === itemId && text(row, 'item_type') === type,
    );
    if (action === 'add') {
      const row = lookupItem(context, type as ItemType, itemId);
      if (refused(row)) return row;
      if (isTrashed(row)) return refuseNotFound(context, type, itemId);
      if (!inHub) {
        const added: Row = {
          id: newId(context.env, 10, idTaken(context, 'box_hub_items', inserted)),
          hub_id: id,
          item_id: itemId,
          item_type: type,
          item_name: text(row, 'name'),
          created_at: now,
        };
        inserted.push(added);
        current.push(added);
        patch.push({ op: 'insert', table: 'box_hub_items', row: added });
      }
    } else {
      if (!inHub) return refuseNotFound(context, 'hub_item', itemId);
      current.splice(current.indexOf(inHub), 1);
      const wasInserted = inserted.indexOf(inHub);
      if (wasInserted >= 0) {
        inserted.splice(wasInserted, 1);
        const at = patch.findIndex((op) => op.op === 'insert' && op.row === inHub);
        patch.splice(at, 1);
      } else patch.push({ op: 'delete', table: 'box_hub_items', key: { id: text(inHub, 'id') } });
    }
    results.push({ action, item: { type, id: itemId }, status: 200 });
  }
  if (patch.length > 0)
    patch.push({
      op: 'update',
      table: 'box_hubs',
      key: { id },
      set: { updated_at: now, updated_by_id: context.actor.id },
    });
  return success(patch, 207, { operations: results });
}
