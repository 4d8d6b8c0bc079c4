import type { WriteResult } from '../../write-model.js';
import { flag } from '../tables.js';
import {
  channelAnswer,
  idOf,
  isGuest,
  nowSeconds,
  refuse,
  refuseArguments,
  type SlackWriteContext,
  type SlackWriteMethod,
  succeed,
  targetChannel,
} from './context.js';

/** Slack's limit on a topic or purpose (`too_long`). */
const TEXT_LIMIT = 250;

type Field = 'topic' | 'purpose';

/**
 * `conversations.setTopic` / `setPurpose`: a member of a conversation that is not archived
 * sets the text; Slack stamps who set it and when (the `creator` and `last_set` the
 * conversation object shows).
 */
function setText(context: SlackWriteContext, field: Field): WriteResult {
  const channel = targetChannel(context);
  if (!channel) return refuse('channel_not_found');
  const value = context.params.get(field);
  if (value === undefined) return refuseArguments(`missing required field: ${field}`);
  if (flag(channel, 'is_archived')) return refuse('is_archived');
  const channelId = idOf(channel, 'channel_id');
  if (!context.workspace.isMember(channelId, context.actorId)) return refuse('not_in_channel');
  if (isGuest(context.workspace, context.actorId)) return refuse('user_is_restricted');
  if ([...value].length > TEXT_LIMIT) return refuse('too_long');
  const patch = [
    {
      op: 'update' as const,
      table: 'channels',
      key: { channel_id: channelId },
      set: {
        [`${field}_text`]: value,
        [`${field}_set_by`]: context.actorId,
        [`${field}_last_set`]: nowSeconds(context.env),
      },
    },
  ];
  if (field === 'purpose') return succeed(patch);
  return succeed(patch, {
    channel: channelAnswer(
      context,
      { ...channel, ...patch[0]!.set },
      context.workspace.members(channelId),
    ),
  });
}

const permission = (what: string) =>
  `a member of the conversation (not_in_channel), not a guest (user_is_restricted), not archived (is_archived); at most ${TEXT_LIMIT} characters (too_long) of ${what}`;

export const conversationsSetTopic: SlackWriteMethod = {
  operation: {
    name: 'conversations.setTopic',
    permission: permission('topic'),
    serverWritten: ['channels.topic_set_by', 'channels.topic_last_set'],
  },
  run: (context) => setText(context, 'topic'),
};

export const conversationsSetPurpose: SlackWriteMethod = {
  operation: {
    name: 'conversations.setPurpose',
    permission: permission('purpose'),
    serverWritten: ['channels.purpose_set_by', 'channels.purpose_last_set'],
  },
  run: (context) => setText(context, 'purpose'),
};
