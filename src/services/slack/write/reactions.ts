import type { Row } from '../../../schema/json.js';
import type { WriteResult } from '../../write-model.js';
import { flag } from '../tables.js';
import {
  idOf,
  isTimestamp,
  refuse,
  type SlackWriteContext,
  type SlackWriteMethod,
  succeed,
  targetChannel,
} from './context.js';

/**
 * An emoji name as Slack takes it in `name`: lower-case letters, digits, `_ + - '`, with an
 * optional `::skin-tone-N`. The replica keeps no emoji list, so any well-formed name is one.
 */
const EMOJI_NAME = /^[a-z0-9_+'-]+(::skin-tone-[2-6])?$/;

/** The message and emoji a reactions call names, checked in Slack's order. */
function reactionTarget(
  context: SlackWriteContext,
): { channel: Row; message: Row; name: string } | { refused: WriteResult } {
  const { params, workspace } = context;
  // Files and file comments are not part of this replica.
  if (params.get('file') || params.get('file_comment'))
    return { refused: refuse(params.get('file') ? 'file_not_found' : 'file_comment_not_found') };
  const channelArg = params.get('channel')?.trim();
  const timestamp = params.get('timestamp')?.trim();
  if (!channelArg || !timestamp) return { refused: refuse('no_item_specified') };
  const channel = targetChannel(context);
  if (!channel) return { refused: refuse('channel_not_found') };
  if (!isTimestamp(timestamp)) return { refused: refuse('bad_timestamp') };
  const message = workspace.messageAt(idOf(channel, 'channel_id'), timestamp);
  if (!message) return { refused: refuse('message_not_found') };
  const name = params.get('name')?.trim() ?? '';
  if (!EMOJI_NAME.test(name)) return { refused: refuse('invalid_name') };
  return { channel, message, name };
}

function hasReacted(context: SlackWriteContext, messageId: string, name: string): boolean {
  return context.workspace
    .reactions(messageId)
    .some((row) => row.user_id === context.actorId && row.reaction_type === name);
}

export const reactionsAdd: SlackWriteMethod = {
  operation: {
    name: 'reactions.add',
    permission:
      'anyone who can read the message, in a conversation that is not archived (is_archived); once per emoji per user (already_reacted)',
    serverWritten: ['message_reactions.user_id (the caller)'],
  },
  run(context) {
    const target = reactionTarget(context);
    if ('refused' in target) return target.refused;
    if (flag(target.channel, 'is_archived')) return refuse('is_archived');
    const messageId = idOf(target.message, 'message_id');
    if (hasReacted(context, messageId, target.name)) return refuse('already_reacted');
    return succeed([
      {
        op: 'insert',
        table: 'message_reactions',
        row: { message_id: messageId, user_id: context.actorId, reaction_type: target.name },
      },
    ]);
  },
};

export const reactionsRemove: SlackWriteMethod = {
  operation: {
    name: 'reactions.remove',
    permission: "the caller's own reaction only: another user's reaction, or none, is no_reaction",
    serverWritten: [],
  },
  run(context) {
    const target = reactionTarget(context);
    if ('refused' in target) return target.refused;
    const messageId = idOf(target.message, 'message_id');
    if (!hasReacted(context, messageId, target.name)) return refuse('no_reaction');
    return succeed([
      {
        op: 'delete',
        table: 'message_reactions',
        key: { message_id: messageId, user_id: context.actorId, reaction_type: target.name },
      },
    ]);
  },
};
