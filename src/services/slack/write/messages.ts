import type { Row } from '../../../schema/json.js';
import type { Patch, PatchOp } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { type Blocks, fallbackText, readBlocks, withBlockIds } from '../blocks.js';
import { conversationType } from '../permissions.js';
import { messageObject } from '../shapes.js';
import { flag, messageTs, parentId, text } from '../tables.js';
import {
  freshMessageTs,
  idOf,
  isTimestamp,
  isWorkspaceAdmin,
  nowTs,
  refuse,
  type SlackWriteContext,
  type SlackWriteMethod,
  succeed,
  targetChannel,
} from './context.js';
import { directMessageWith } from './direct.js';

/**
 * What a deleted thread parent leaves behind: Slack keeps the replies and shows the parent as
 * a tombstone by Slackbot reading "This message was deleted." (docs/replicas.md, Write
 * operations). The storage has no subtype column, so the tombstone is the row rewritten.
 */
export const TOMBSTONE_USER = 'USLACKBOT';
export const TOMBSTONE_TEXT = 'This message was deleted.';

/** Slack's limit on `chat.update` text (`msg_too_long`). */
const UPDATE_TEXT_LIMIT = 4000;

/**
 * The content of a call: its text (`text` or `markdown_text`, never both: Slack's rule) and
 * its Block Kit `blocks` (src/services/slack/blocks.ts). One of them is required (`no_text`);
 * with blocks and no text, the text is the one Slack builds from the blocks.
 */
function messageContent(
  context: SlackWriteContext,
): { text: string; blocks: Blocks | undefined } | { refused: WriteResult } {
  const plain = context.params.get('text');
  const markdown = context.params.get('markdown_text');
  if (plain !== undefined && plain !== '' && markdown !== undefined && markdown !== '')
    return { refused: refuse('markdown_text_conflict') };
  const read = readBlocks(context.params.get('blocks'));
  if (!read.ok) return { refused: refuse(read.error) };
  const value = plain !== undefined && plain !== '' ? plain : markdown;
  if (value !== undefined && value.trim() !== '') return { text: value, blocks: read.blocks };
  const built = read.blocks ? fallbackText(read.blocks) : '';
  // Attachments alone leave nothing the storage keeps; an empty blocks array is no content.
  if (built.trim() === '') return { refused: refuse('no_text') };
  return { text: built, blocks: read.blocks };
}

function isTombstone(message: Row): boolean {
  return (
    text(message, 'user_id') === TOMBSTONE_USER && text(message, 'message_text') === TOMBSTONE_TEXT
  );
}

/**
 * Where `chat.postMessage` posts: a conversation id, a channel name (`#name` or `name`), or a
 * user id (the caller's direct message with that user, opened if need be).
 */
function postTarget(
  context: SlackWriteContext,
): { channel: Row; open: Patch } | { refused: WriteResult } {
  const raw = context.params.get('channel')?.trim() ?? '';
  if (raw === '') return { refused: refuse('channel_not_found') };
  const byId = targetChannel(context);
  if (byId) return { channel: byId, open: [] };
  if (context.workspace.user(raw)) {
    const dm = directMessageWith(context, raw);
    if ('refused' in dm) return { refused: refuse('channel_not_found') };
    return { channel: dm.channel, open: dm.patch };
  }
  const name = raw.replace(/^#/, '');
  const named = context.workspace.channels.find(
    (channel) =>
      conversationType(channel) !== 'im' &&
      text(channel, 'channel_name') === name &&
      targetChannel({ ...context, params: new Map([['channel', idOf(channel, 'channel_id')]]) }),
  );
  return named ? { channel: named, open: [] } : { refused: refuse('channel_not_found') };
}

export const chatPostMessage: SlackWriteMethod = {
  operation: {
    name: 'chat.postMessage',
    permission:
      'a member of the conversation (not_in_channel otherwise), which is not archived (is_archived); a thread reply names a message of that conversation by thread_ts and joins its top-level thread',
    serverWritten: [
      'messages.ts',
      'messages.message_id',
      'messages.blocks (a block_id where a block has none)',
      'messages.message_text (built from blocks when no text is sent)',
    ],
  },
  run(context) {
    const target = postTarget(context);
    if ('refused' in target) return target.refused;
    const body = messageContent(context);
    if ('refused' in body) return body.refused;
    const { channel, open } = target;
    const channelId = idOf(channel, 'channel_id');
    if (flag(channel, 'is_archived')) return refuse('is_archived');
    if (open.length === 0 && !context.workspace.isMember(channelId, context.actorId))
      return refuse('not_in_channel');
    let parent: string | null = null;
    const threadTs = context.params.get('thread_ts')?.trim();
    if (threadTs) {
      // Slack answers ok to a well-formed thread_ts that names no message and shows the reply
      // nowhere; a reply row without a parent cannot be stored, so both cases are refused.
      const anchor = isTimestamp(threadTs)
        ? context.workspace.messageAt(channelId, threadTs)
        : undefined;
      if (!anchor)
        return refuse('invalid_thread_ts', {
          response_metadata: { messages: [`[ERROR] ${threadTs} is not a valid thread_ts`] },
        });
      parent = parentId(anchor) ?? idOf(anchor, 'message_id');
    }
    const ts = freshMessageTs(context);
    const row: Row = {
      message_id: ts,
      channel_id: channelId,
      user_id: context.actorId,
      message_text: body.text,
      type: 'message',
      ts,
      parent_id: parent,
      edited_ts: null,
      edited_user_id: null,
    };
    // The column exists on messages posted with blocks only: rows without it read as none.
    if (body.blocks && body.blocks.length > 0) row.blocks = withBlockIds(body.blocks, ts);
    const patch: Patch = [...open, { op: 'insert', table: 'messages', row }];
    // A new message has no replies or reactions yet: the before-state's index shapes it.
    return succeed(patch, {
      channel: channelId,
      ts,
      message: messageObject(context.workspace, row),
    });
  },
};

/** The message a `chat.update` / `chat.delete` names by `channel` and `ts`. */
function namedMessage(context: SlackWriteContext): { channel: Row; message: Row } | WriteResult {
  const channel = targetChannel(context);
  if (!channel) return refuse('channel_not_found');
  const ts = context.params.get('ts')?.trim() ?? '';
  const message = ts ? context.workspace.messageAt(idOf(channel, 'channel_id'), ts) : undefined;
  if (!message) return refuse('message_not_found');
  return { channel, message };
}

export const chatUpdate: SlackWriteMethod = {
  operation: {
    name: 'chat.update',
    permission:
      "the message's author only, even a workspace admin may not edit another's (cant_update_message); not in an archived conversation (is_inactive)",
    serverWritten: [
      'messages.edited_ts',
      'messages.edited_user_id',
      'messages.blocks (a block_id where a block has none)',
      'messages.message_text (built from blocks when no text is sent)',
    ],
  },
  run(context) {
    const found = namedMessage(context);
    if ('ok' in found) return found;
    const { channel, message } = found;
    if (text(message, 'user_id') !== context.actorId) return refuse('cant_update_message');
    if (flag(channel, 'is_archived')) return refuse('is_inactive');
    const body = messageContent(context);
    if ('refused' in body) return body.refused;
    if (body.text.length > UPDATE_TEXT_LIMIT) return refuse('msg_too_long');
    const messageId = idOf(message, 'message_id');
    const set: Row = {
      message_text: body.text,
      edited_ts: nowTs(context.env),
      edited_user_id: context.actorId,
    };
    // Slack keeps the previous blocks when the call sends none; an empty array removes them.
    if (body.blocks)
      set.blocks =
        body.blocks.length > 0 ? withBlockIds(body.blocks, set.edited_ts as string) : null;
    const patch: Patch = [{ op: 'update', table: 'messages', key: { message_id: messageId }, set }];
    // Its replies and reactions stay: the before-state's index shapes the edited row.
    return succeed(patch, {
      channel: idOf(channel, 'channel_id'),
      ts: messageTs(message),
      text: body.text,
      message: messageObject(context.workspace, { ...message, ...set }),
    });
  },
};

export const chatDelete: SlackWriteMethod = {
  operation: {
    name: 'chat.delete',
    permission:
      "the message's author, or a workspace admin or owner (cant_delete_message); a thread parent with replies becomes a tombstone and keeps them",
    serverWritten: [
      'messages.message_text (tombstone)',
      'messages.user_id (tombstone: USLACKBOT)',
      'message_reactions (the message’s reactions go)',
    ],
  },
  run(context) {
    const found = namedMessage(context);
    if ('ok' in found) return found;
    const { channel, message } = found;
    const author = text(message, 'user_id');
    if (isTombstone(message)) return refuse('cant_delete_message');
    if (author !== context.actorId && !isWorkspaceAdmin(context.workspace, context.actorId))
      return refuse('cant_delete_message');
    const messageId = idOf(message, 'message_id');
    const reactions: PatchOp[] = context.workspace.reactions(messageId).map((reaction) => ({
      op: 'delete',
      table: 'message_reactions',
      key: {
        message_id: messageId,
        user_id: idOf(reaction, 'user_id'),
        reaction_type: idOf(reaction, 'reaction_type'),
      },
    }));
    const keepsReplies = !parentId(message) && context.workspace.replies(messageId).length > 0;
    const change: PatchOp = keepsReplies
      ? {
          op: 'update',
          table: 'messages',
          key: { message_id: messageId },
          set: {
            message_text: TOMBSTONE_TEXT,
            user_id: TOMBSTONE_USER,
            edited_ts: null,
            edited_user_id: null,
          },
        }
      : { op: 'delete', table: 'messages', key: { message_id: messageId } };
    return succeed([...reactions, change], {
      channel: idOf(channel, 'channel_id'),
      ts: messageTs(message),
    });
  },
};
