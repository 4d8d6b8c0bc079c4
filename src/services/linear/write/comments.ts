import type { Row } from '../../../schema/json.js';
import { uuidFrom } from '../../write-model.js';
import { entityNotFound } from '../errors.js';
import { LINEAR_TABLES } from '../tables.js';
import { text } from '../view.js';
import {
  commit,
  forbidden,
  invalidInput,
  lastSyncId,
  live,
  type MutationGroup,
  newId,
  nowOf,
  refuseArchived,
  urlKeyOf,
  type WriteContext,
} from './context.js';

const COMMENTS = LINEAR_TABLES.comments;

/** The rich-text document Linear stores next to a comment's markdown: one paragraph per line. */
export function bodyDataOf(body: string): string {
  return JSON.stringify({
    type: 'doc',
    content: body.split('\n').map((line) => ({
      type: 'paragraph',
      ...(line === '' ? {} : { content: [{ type: 'text', text: line }] }),
    })),
  });
}

function checkBody(body: string): string {
  if (body.trim() === '') throw invalidInput('body must not be empty.');
  return body;
}

function commentPayload(context: WriteContext, commentId: string): Row {
  return {
    success: true,
    lastSyncId: lastSyncId(context),
    comment: context.view.commentById(commentId) ?? null,
  };
}

/** A comment the actor can see, on an issue that is not archived. */
function liveComment(context: WriteContext, id: string): Row {
  const comment = live(context.view.commentById(id), 'Comment');
  const issue = context.view.issueById(text(comment, 'issueId') ?? '');
  if (issue) refuseArchived(issue, 'Issue');
  return comment;
}

function isAdmin(context: WriteContext): boolean {
  return context.state.get(LINEAR_TABLES.users, { id: context.actor.id })?.admin === true;
}

function commentCreate(
  context: WriteContext,
  input: { id?: string | null; issueId: string; body: string; parentId?: string | null },
): Row {
  const issue = live(context.view.issueByIdOrIdentifier(input.issueId), 'Issue');
  const issueId = text(issue, 'id') ?? '';
  const body = checkBody(input.body);
  let parentId: string | null = null;
  if (typeof input.parentId === 'string') {
    const parent = live(context.view.commentById(input.parentId), 'Comment');
    if (text(parent, 'issueId') !== issueId)
      throw invalidInput('the parent comment is on another issue.');
    // Linear threads are one level deep: a reply to a reply joins the thread's root.
    parentId = text(parent, 'parentId') ?? text(parent, 'id');
  }
  const id = newId(context, COMMENTS, input.id, () => uuidFrom(context.env));
  const at = nowOf(context);
  const row: Row = {
    id,
    issueId,
    userId: context.actor.id,
    body,
    bodyData: bodyDataOf(body),
    reactionData: {},
    editedAt: null,
    archivedAt: null,
    createdAt: at,
    updatedAt: at,
    url: `https://linear.app/${urlKeyOf(context)}/issue/${text(issue, 'identifier') ?? ''}#comment-${id.slice(0, 8)}`,
  };
  if (parentId !== null) row.parentId = parentId;
  commit(context, [{ op: 'insert', table: COMMENTS, row }]);
  return commentPayload(context, id);
}

function commentUpdate(context: WriteContext, id: string, input: { body?: string | null }): Row {
  const comment = liveComment(context, id);
  if (text(comment, 'userId') !== context.actor.id)
    throw forbidden('only the author of a comment can edit it.');
  const at = nowOf(context);
  const set: Row = { updatedAt: at };
  if (typeof input.body === 'string') {
    const body = checkBody(input.body);
    Object.assign(set, { body, bodyData: bodyDataOf(body), editedAt: at });
  }
  commit(context, [{ op: 'update', table: COMMENTS, key: { id: text(comment, 'id') }, set }]);
  return commentPayload(context, text(comment, 'id') ?? '');
}

function commentDelete(context: WriteContext, id: string): Row {
  const comment = context.view.commentById(id);
  if (!comment) throw entityNotFound('Comment');
  const issue = context.view.issueById(text(comment, 'issueId') ?? '');
  if (issue) refuseArchived(issue, 'Issue');
  if (text(comment, 'userId') !== context.actor.id && !isAdmin(context))
    throw forbidden('only the author of a comment or a workspace admin can delete it.');
  const commentId = text(comment, 'id') ?? '';
  // Replies go with the comment they answer.
  const replies = context.state
    .rows(COMMENTS)
    .filter((row) => row.parentId === commentId)
    .map((row) => ({ op: 'delete' as const, table: COMMENTS, key: { id: row.id ?? null } }));
  commit(context, [...replies, { op: 'delete', table: COMMENTS, key: { id: commentId } }]);
  return { success: true, lastSyncId: lastSyncId(context), entityId: commentId };
}

export const commentMutations: MutationGroup = {
  resolvers: {
    commentCreate: (_source, args: { input: Parameters<typeof commentCreate>[1] }, context) =>
      commentCreate(context as WriteContext, args.input),
    commentUpdate: (_source, args: { id: string; input: { body?: string | null } }, context) =>
      commentUpdate(context as WriteContext, args.id, args.input),
    commentDelete: (_source, args: { id: string }, context) =>
      commentDelete(context as WriteContext, args.id),
  },
  operations: [
    {
      name: 'commentCreate',
      permission:
        "the actor must be an active user who can see the issue's team (a member of it when it is private); the issue must not be archived or trashed",
      serverWritten: ['id', 'userId', 'bodyData', 'url', 'reactionData', 'createdAt', 'updatedAt'],
    },
    {
      name: 'commentUpdate',
      permission: 'only the comment author; the issue must not be archived or trashed',
      serverWritten: ['bodyData', 'editedAt', 'updatedAt'],
    },
    {
      name: 'commentDelete',
      permission:
        'the comment author or a workspace admin; the issue must not be archived or trashed',
      serverWritten: ['the comment row and its replies are removed'],
    },
  ],
};
