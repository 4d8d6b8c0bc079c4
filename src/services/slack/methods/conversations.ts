import type { Row } from '../../../schema/json.js';
import type { ApiResponse } from '../../api.js';
import { invalidArguments, slackError, slackOk } from '../envelope.js';
import { decodeCursor, pageOf } from '../paging.js';
import { booleanParam, limitParam, type SlackParams, stringParam } from '../params.js';
import {
  type ConversationType,
  canRead,
  conversationType,
  readableChannel,
} from '../permissions.js';
import { channelObject, lastRead, messageObject } from '../shapes.js';
import { compareTs, flag, messageTs, parentId, text } from '../tables.js';
import type { MethodContext } from './context.js';

const CONVERSATION_TYPES: readonly ConversationType[] = [
  'public_channel',
  'private_channel',
  'mpim',
  'im',
];

function isConversationType(value: string): value is ConversationType {
  return (CONVERSATION_TYPES as readonly string[]).includes(value);
}

/**
 * The conversations the actor can see, filtered by `types` (default public channels) and
 * `exclude_archived`, cursor-paged; with `memberOf`, only those that user belongs to.
 */
function listConversations(
  context: MethodContext,
  params: SlackParams,
  memberOf?: string,
): ApiResponse {
  const { workspace, actorId } = context;
  const requested = (stringParam(params, 'types') ?? 'public_channel')
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  if (requested.some((type) => !isConversationType(type))) return slackError('invalid_types');
  const types = new Set(requested);
  const excludeArchived = booleanParam(params, 'exclude_archived', false);
  const offset = decodeCursor(stringParam(params, 'cursor'));
  if (offset === undefined) return slackError('invalid_cursor');
  const limit = limitParam(params, 'limit', 100, 1000);
  const visible = workspace.channels.filter(
    (channel) =>
      types.has(conversationType(channel)) &&
      canRead(workspace, actorId, channel) &&
      !(excludeArchived && flag(channel, 'is_archived')) &&
      (memberOf === undefined || workspace.isMember(text(channel, 'channel_id') ?? '', memberOf)),
  );
  const page = pageOf(visible, offset, limit);
  return slackOk({
    channels: page.items.map((channel) => channelObject(workspace, actorId, channel)),
    response_metadata: { next_cursor: page.nextCursor },
  });
}

/** `conversations.list`: every conversation the actor can see. */
export function conversationsList(context: MethodContext, params: SlackParams): ApiResponse {
  return listConversations(context, params);
}

/**
 * `users.conversations`: conversations a user (default: the actor) is a member of. For
 * another user only the conversations the actor can see are listed, as in Slack.
 */
export function usersConversations(context: MethodContext, params: SlackParams): ApiResponse {
  const user = stringParam(params, 'user') ?? context.actorId;
  if (!context.workspace.user(user)) return slackError('user_not_found');
  return listConversations(context, params, user);
}

/** `conversations.info`: one conversation by id. */
export function conversationsInfo(
  { workspace, actorId }: MethodContext,
  params: SlackParams,
): ApiResponse {
  const id = stringParam(params, 'channel');
  if (!id) return invalidArguments('missing required field: channel');
  const channel = readableChannel(workspace, actorId, id);
  return channel
    ? slackOk({
        channel: {
          ...channelObject(workspace, actorId, channel),
          last_read: lastRead(workspace, actorId, id),
        },
      })
    : slackError('channel_not_found');
}

/** `conversations.members`: user ids of a conversation, cursor-paged. */
export function conversationsMembers(
  { workspace, actorId }: MethodContext,
  params: SlackParams,
): ApiResponse {
  const id = stringParam(params, 'channel');
  if (!id) return invalidArguments('missing required field: channel');
  if (!readableChannel(workspace, actorId, id)) return slackError('channel_not_found');
  const offset = decodeCursor(stringParam(params, 'cursor'));
  if (offset === undefined) return slackError('invalid_cursor');
  const page = pageOf(workspace.members(id), offset, limitParam(params, 'limit', 100, 1000));
  return slackOk({ members: page.items, response_metadata: { next_cursor: page.nextCursor } });
}

/** The `oldest`/`latest`/`inclusive` window Slack applies to history and replies. */
function inWindow(params: SlackParams, ts: string): boolean {
  const inclusive = booleanParam(params, 'inclusive', false);
  const oldest = stringParam(params, 'oldest');
  const latest = stringParam(params, 'latest');
  if (oldest !== undefined) {
    const order = compareTs(ts, oldest);
    if (order < 0 || (order === 0 && !inclusive)) return false;
  }
  if (latest !== undefined) {
    const order = compareTs(ts, latest);
    if (order > 0 || (order === 0 && !inclusive)) return false;
  }
  return true;
}

function pagedMessages(
  context: MethodContext,
  params: SlackParams,
  messages: readonly Row[],
  defaultLimit: number,
  maxLimit: number,
  extra: Record<string, unknown> = {},
): ApiResponse {
  const offset = decodeCursor(stringParam(params, 'cursor'));
  if (offset === undefined) return slackError('invalid_cursor');
  const page = pageOf(messages, offset, limitParam(params, 'limit', defaultLimit, maxLimit));
  return slackOk({
    messages: page.items.map((message) => messageObject(context.workspace, message)),
    has_more: page.nextCursor !== '',
    ...extra,
    response_metadata: { next_cursor: page.nextCursor },
  });
}

/**
 * `conversations.history`: the channel's top-level messages, newest first. Thread replies
 * are not part of history (read them with `conversations.replies`), as in Slack.
 */
export function conversationsHistory(context: MethodContext, params: SlackParams): ApiResponse {
  const { workspace, actorId } = context;
  const id = stringParam(params, 'channel');
  if (!id) return invalidArguments('missing required field: channel');
  if (!readableChannel(workspace, actorId, id)) return slackError('channel_not_found');
  const messages = workspace
    .channelMessages(id)
    .filter((message) => parentId(message) === undefined && inWindow(params, messageTs(message)))
    .reverse();
  // Pins are not part of this replica's storage: history reports none, as Slack would.
  return pagedMessages(context, params, messages, 100, 999, {
    pin_count: 0,
    channel_actions_ts: null,
    channel_actions_count: 0,
  });
}

/**
 * `conversations.replies`: a thread, parent first then replies oldest first. `ts` may name
 * the parent or any reply; a message without replies is a thread of one.
 */
export function conversationsReplies(context: MethodContext, params: SlackParams): ApiResponse {
  const { workspace, actorId } = context;
  const id = stringParam(params, 'channel');
  const ts = stringParam(params, 'ts');
  if (!id) return invalidArguments('missing required field: channel');
  if (!ts) return invalidArguments('missing required field: ts');
  if (!readableChannel(workspace, actorId, id)) return slackError('channel_not_found');
  const named = workspace.messageAt(id, ts);
  if (!named) return slackError('thread_not_found');
  const rootId = parentId(named) ?? text(named, 'message_id') ?? '';
  const root = workspace.message(rootId);
  const thread = [...(root ? [root] : []), ...workspace.replies(rootId)].filter((message) =>
    // The parent is always included; the window only narrows the replies.
    message === root ? true : inWindow(params, messageTs(message)),
  );
  return pagedMessages(context, params, thread, 1000, 1000);
}
