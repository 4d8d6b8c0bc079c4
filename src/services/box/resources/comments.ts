import type { JsonValue, Row } from '../../../schema/json.js';
import { text } from '../columns.js';
import { type BoxContext, ok } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { readOffsetPage, slicePage } from '../paging.js';
import { miniUser } from '../representations.js';
import { visibleFile } from './files.js';

function commentObject(context: BoxContext, comment: Row): { [key: string]: JsonValue } {
  return {
    type: 'comment',
    id: text(comment, 'id'),
    is_reply_comment: comment.is_reply_comment === true,
    message: text(comment, 'message') ?? '',
    created_by: miniUser(context.store, text(comment, 'created_by_id')),
    created_at: text(comment, 'created_at'),
    modified_at: text(comment, 'modified_at') ?? text(comment, 'created_at'),
    item: {
      id: text(comment, 'item_id') ?? text(comment, 'file_id'),
      type: text(comment, 'item_type') ?? 'file',
    },
  };
}

function byCreation(a: Row, b: Row): number {
  return (
    String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) ||
    String(a.id ?? '').localeCompare(String(b.id ?? ''))
  );
}

export function getFileComments(context: BoxContext) {
  const { request, store } = context;
  const id = context.params.file_id ?? '';
  if (!visibleFile(context, id)) return notFound(request, 'file', id);
  const page = readOffsetPage(request, 100, 1000);
  if (typeof page === 'string') return badRequest(request, page);
  const all = [...(store.commentsByFile.get(id) ?? [])]
    .sort(byCreation)
    .map((comment) => commentObject(context, comment));
  return ok({
    total_count: all.length,
    entries: slicePage(all, page),
    offset: page.offset,
    limit: page.limit,
  });
}

export function getComment(context: BoxContext) {
  const id = context.params.comment_id ?? '';
  const comment = context.store.comments.get(id);
  const fileId = text(comment, 'file_id') ?? text(comment, 'item_id') ?? '';
  if (!comment || !visibleFile(context, fileId)) return notFound(context.request, 'comment', id);
  return ok(commentObject(context, comment));
}
