// Who else may open an item: POST/PUT/DELETE /collaborations.
import type { JsonValue, Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { text } from '../columns.js';
import { INVITEE_ROLES } from '../item-permissions.js';
import { miniUser } from '../representations.js';
import type { BoxStore } from '../store.js';
import { type ItemType, lookupItem, refused, requireRole, roleOn } from './access.js';
import {
  boxTime,
  idTaken,
  isObject,
  type Json,
  newId,
  referenceId,
  refuse,
  refuseBadRequest,
  refuseDenied,
  refuseNotFound,
  success,
  type WriteContext,
} from './context.js';

export const COLLABORATION_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /collaborations',
    permission:
      'a role with can_invite_collaborator on the item (owner, co-owner, editor, viewer, viewer uploader); only an owner or co-owner may invite a co-owner; not the root folder; not a user who already collaborates on it or owns it',
    serverWritten: [
      'id',
      'status ("accepted" within the owner’s enterprise, "pending" otherwise)',
      'created_by_id',
      'created_at',
      'modified_at',
    ],
  },
  {
    name: 'PUT /collaborations/:id',
    permission:
      'role: a role with can_invite_collaborator on the item, other than the collaborator (co-owner only by an owner or co-owner); status: only the invitee, and only while pending (400 invalid_status)',
    serverWritten: ['modified_at'],
  },
  {
    name: 'DELETE /collaborations/:id',
    permission: 'the item’s owner or co-owner, an editor of it, or the collaborator (leaving)',
    serverWritten: [],
  },
];

const OWNERS = new Set(['owner', 'co-owner']);

function domainOf(store: BoxStore, userId: string | null): string {
  return (text(store.users.get(userId ?? ''), 'login') ?? '').split('@')[1] ?? '';
}

function collaborationObject(context: WriteContext, row: Row, item: Row, type: ItemType): Json {
  return {
    type: 'collaboration',
    id: text(row, 'id'),
    item: {
      type,
      id: text(item, 'id'),
      name: text(item, 'name'),
      etag: text(item, 'etag'),
      sequence_id: text(item, 'sequence_id'),
    },
    accessible_by: miniUser(context.store, text(row, 'accessible_by_id')),
    role: text(row, 'role'),
    status: text(row, 'status'),
    created_by: miniUser(context.store, text(row, 'created_by_id')),
    created_at: text(row, 'created_at'),
    modified_at: text(row, 'modified_at'),
    expires_at: null,
  };
}

function checkRole(
  context: WriteContext,
  role: JsonValue | undefined,
  inviter: string,
): WriteResult | undefined {
  if (typeof role !== 'string' || !INVITEE_ROLES.includes(role))
    return refuseBadRequest(
      context,
      `Invalid value for 'role': one of ${INVITEE_ROLES.join(', ')}`,
    );
  if (role === 'co-owner' && !OWNERS.has(inviter))
    return refuseDenied(context, `a ${inviter} may not make someone a co-owner`);
  return undefined;
}

/** `POST /collaborations` on a folder or a file, for a user (by id or login). */
export function createCollaboration(context: WriteContext): WriteResult {
  const { item, accessible_by: who, role } = context.body;
  const itemId = referenceId(item);
  const type = isObject(item) ? item.type : undefined;
  if (itemId === undefined || (type !== 'folder' && type !== 'file'))
    return refuseBadRequest(context, "Invalid value for 'item': {type: 'folder' | 'file', id}");
  if (!isObject(who) || (who.type !== undefined && who.type !== 'user'))
    return refuseBadRequest(
      context,
      "Invalid value for 'accessible_by': {type: 'user', id | login} (groups are not modelled)",
    );
  if (type === 'folder' && itemId === '0')
    return refuse(
      context,
      400,
      'collaborations_not_available_on_root_folder',
      'Root folder cannot be collaborated',
    );
  const target = lookupItem(context, type, itemId);
  if (refused(target)) return target;
  const denied = requireRole(context, target, type, 'invite', 'invite collaborators');
  if (denied) return denied;
  const invalid = checkRole(context, role, roleOn(context, target, type));
  if (invalid) return invalid;
  const login = typeof who.login === 'string' ? who.login.toLowerCase() : undefined;
  const userId = referenceId(who);
  const user =
    userId !== undefined
      ? context.store.users.get(userId)
      : [...context.store.users.values()].find(
          (row) => text(row, 'login')?.toLowerCase() === login,
        );
  if (!user) return refuseNotFound(context, 'user', userId ?? login ?? '');
  const inviteeId = text(user, 'id') ?? '';
  const already =
    text(target, 'owned_by_id') === inviteeId ||
    context.store.collaborations.some(
      (row) =>
        text(row, 'item_id') === itemId &&
        (text(row, 'item_type') ?? 'folder') === type &&
        text(row, 'accessible_by_id') === inviteeId &&
        text(row, 'status') !== 'rejected',
    );
  if (already)
    return refuse(context, 400, 'user_already_collaborator', 'User is already a collaborator');
  const now = boxTime(context.env.now());
  const row: Row = {
    id: newId(context.env, 10, idTaken(context, 'box_collaborations')),
    type: 'collaboration',
    item_id: itemId,
    item_type: type,
    accessible_by_id: inviteeId,
    role: role as string,
    status:
      domainOf(context.store, inviteeId) === domainOf(context.store, text(target, 'owned_by_id'))
        ? 'accepted'
        : 'pending',
    created_by_id: context.actor.id,
    created_at: now,
    modified_at: now,
  };
  return success(
    [{ op: 'insert', table: 'box_collaborations', row }],
    201,
    collaborationObject(context, row, target, type),
  );
}

interface CollaborationFound {
  row: Row;
  item: Row;
  type: ItemType;
}

function lookupCollaboration(context: WriteContext, id: string): CollaborationFound | WriteResult {
  const row = context.store.collaborations.find((found) => text(found, 'id') === id);
  const type = (text(row, 'item_type') ?? 'folder') as ItemType;
  if (!row || (type !== 'folder' && type !== 'file'))
    return refuseNotFound(context, 'collaboration', id);
  const item = lookupItem(context, type, text(row, 'item_id') ?? '');
  if (refused(item)) return refuseNotFound(context, 'collaboration', id);
  return { row, item, type };
}

function isCollaboration(value: CollaborationFound | WriteResult): value is CollaborationFound {
  return 'row' in value;
}

/** `PUT /collaborations/:id`: a new role, or the invitee's answer to a pending invitation. */
export function updateCollaboration(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupCollaboration(context, id);
  if (!isCollaboration(found)) return found;
  const { role, status } = context.body;
  if (role === 'owner')
    return refuseBadRequest(context, "Changing an item's owner is not modelled by this replica");
  const set: Row = {};
  if (status !== undefined) {
    if (status !== 'accepted' && status !== 'rejected')
      return refuseBadRequest(context, "Invalid value for 'status': accepted or rejected");
    if (
      text(found.row, 'accessible_by_id') !== context.actor.id ||
      text(found.row, 'status') !== 'pending'
    )
      return refuse(
        context,
        400,
        'invalid_status',
        'You can change the status only if the collaboration is pending',
      );
    set.status = status;
  }
  if (role !== undefined) {
    if (text(found.row, 'accessible_by_id') === context.actor.id)
      return refuseDenied(context, 'a collaborator may not change their own role');
    const denied = requireRole(context, found.item, found.type, 'invite', 'change collaborations');
    if (denied) return denied;
    const invalid = checkRole(context, role, roleOn(context, found.item, found.type));
    if (invalid) return invalid;
    if (role !== text(found.row, 'role')) set.role = role as string;
  }
  if (Object.keys(set).length > 0) set.modified_at = boxTime(context.env.now());
  const patch: Patch =
    Object.keys(set).length === 0
      ? []
      : [{ op: 'update', table: 'box_collaborations', key: { id }, set }];
  return success(
    patch,
    200,
    collaborationObject(context, { ...found.row, ...set }, found.item, found.type),
  );
}

/** `DELETE /collaborations/:id`: removed by who manages the item, or left by the collaborator. */
export function deleteCollaboration(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const found = lookupCollaboration(context, id);
  if (!isCollaboration(found)) return found;
  const role = roleOn(context, found.item, found.type);
  const leaving = text(found.row, 'accessible_by_id') === context.actor.id;
  if (!leaving && !OWNERS.has(role) && role !== 'editor')
    return refuseDenied(context, `a ${role} may not remove collaborators`);
  return success([{ op: 'delete', table: 'box_collaborations', key: { id } }], 204, null);
}
