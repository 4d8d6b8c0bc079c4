// Comments on files: POST /comments, PUT /comments/:id, DELETE /comments/:id.
import type { Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteOperation, WriteResult } from '../../write-model.js';
import { count, text } from '../columns.js';
import { lookupItem, refused, requireRole, roleOn } from './access.js';
import {
  boxTime,
  idTaken,
  isObject,
  newId,
  readBack,
  referenceId,
  refuseBadRequest,
  refuseDenied,
  refuseNotFound,
  success,
  type WriteContext,
} from './context.js';

export const COMMENT_OPERATIONS: readonly WriteOperation[] = [
  {
    name: 'POST /comments',
    permission:
      'a role with can_comment on the file (owner, co-owner, editor, viewer, viewer uploader); a reply (item.type "comment") needs it on the comment’s file',
    serverWritten: [
      'id',
      'created_at',
      'modified_at',
      'created_by_id',
      'is_reply_comment',
      'file_id',
      'the file’s comment_count + 1',
    ],
  },
  {
    name: 'PUT /comments/:id',
    permission: 'only the comment’s author',
    serverWritten: ['modified_at'],
  },
  {
    name: 'DELETE /comments/:id',
    permission: 'the comment’s author, or the file’s owner or co-owner',
    serverWritten: ['the file’s comment_count - 1'],
  },
];

function fileIdOf(comment: Row): string {
  return text(comment, 'file_id') ?? text(comment, 'item_id') ?? '';
}

/** A comment on a file the actor can see (others are Box's 404). */
function lookupComment(
  context: WriteContext,
  id: string,
): { comment: Row; file: Row } | WriteResult {
  const comment = context.store.comments.get(id);
  const file = comment ? lookupItem(context, 'file', fileIdOf(comment)) : undefined;
  if (!comment || !file || refused(file)) return refuseNotFound(context, 'comment', id);
  return { comment, file };
}

function found(
  value: { comment: Row; file: Row } | WriteResult,
): value is { comment: Row; file: Row } {
  return 'comment' in value;
}

function checkMessage(context: WriteContext): WriteResult | undefined {
  const { message } = context.body;
  return typeof message === 'string' && message.trim() !== ''
    ? undefined
    : refuseBadRequest(context, "Missing required field 'message' (a non-empty string)");
}

function commentCount(file: Row, delta: number): PatchOp {
  return {
    op: 'update',
    table: 'box_files',
    key: { id: text(file, 'id') },
    set: { comment_count: Math.max(0, (count(file, 'comment_count') ?? 0) + delta) },
  };
}

/** `POST /comments` on a file, or as a reply to a comment. */
export function createComment(context: WriteContext): WriteResult {
  const { item } = context.body;
  const itemId = referenceId(item);
  const itemType = isObject(item) ? item.type : undefined;
  if (itemId === undefined || (itemType !== 'file' && itemType !== 'comment'))
    return refuseBadRequest(context, "Invalid value for 'item': {type: 'file' | 'comment', id}");
  const invalid = checkMessage(context);
  if (invalid) return invalid;
  let file: Row;
  if (itemType === 'comment') {
    const parent = lookupComment(context, itemId);
    if (!found(parent)) return parent;
    file = parent.file;
  } else {
    const lookedUp = lookupItem(context, 'file', itemId);
    if (refused(lookedUp)) return lookedUp;
    file = lookedUp;
  }
  const denied = requireRole(context, file, 'file', 'comment', 'comment on it');
  if (denied) return denied;
  const now = boxTime(context.env.now());
  const row: Row = {
    id: newId(context.env, 10, idTaken(context, 'box_comments')),
    type: 'comment',
    item_id: itemId,
    file_id: text(file, 'id'),
    item_type: itemType,
    message: context.body.message as string,
    created_by_id: context.actor.id,
    created_at: now,
    modified_at: now,
    is_reply_comment: itemType === 'comment',
  };
  const patch: Patch = [{ op: 'insert', table: 'box_comments', row }, commentCount(file, 1)];
  return success(patch, 201, readBack(context, patch, `/comments/${row.id}`));
}

/** `PUT /comments/:id`: a new message, by its author only. */
export function updateComment(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const lookedUp = lookupComment(context, id);
  if (!found(lookedUp)) return lookedUp;
  if (text(lookedUp.comment, 'created_by_id') !== context.actor.id)
    return refuseDenied(context, 'only the author of a comment may edit it');
  const invalid = checkMessage(context);
  if (invalid) return invalid;
  const patch: Patch = [
    {
      op: 'update',
      table: 'box_comments',
      key: { id },
      set: { message: context.body.message as string, modified_at: boxTime(context.env.now()) },
    },
  ];
  return success(patch, 200, readBack(context, patch, `/comments/${id}`));
}

/** `DELETE /comments/:id`: by its author or the file's owner or co-owner. */
export function deleteComment(context: WriteContext): WriteResult {
  const id = context.params.id ?? '';
  const lookedUp = lookupComment(context, id);
  if (!found(lookedUp)) return lookedUp;
  const role = roleOn(context, lookedUp.file, 'file');
  if (
    text(lookedUp.comment, 'created_by_id') !== context.actor.id &&
    role !== 'owner' &&
    role !== 'co-owner'
  )
    return refuseDenied(context, `a ${role} may delete only their own comments`);
  return success(
    [{ op: 'delete', table: 'box_comments', key: { id } }, commentCount(lookedUp.file, -1)],
    204,
    null,
  );
}
