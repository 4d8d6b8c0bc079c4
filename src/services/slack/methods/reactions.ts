import type { ApiResponse } from '../../api.js';
import { slackError, slackOk } from '../envelope.js';
import { type SlackParams, stringParam } from '../params.js';
import { readableChannel } from '../permissions.js';
import { messageObject, permalink } from '../shapes.js';
import { messageTs } from '../tables.js';
import type { MethodContext } from './context.js';

/** `reactions.get`: one message with its reactions (always the full list). */
export function reactionsGet(
  { workspace, actorId }: MethodContext,
  params: SlackParams,
): ApiResponse {
  const channelId = stringParam(params, 'channel');
  const timestamp = stringParam(params, 'timestamp');
  if (!channelId || !timestamp) {
    // Files are not part of this replica; a message needs both channel and timestamp.
    return slackError('no_item_specified');
  }
  if (!readableChannel(workspace, actorId, channelId)) return slackError('channel_not_found');
  const message = workspace.messageAt(channelId, timestamp);
  if (!message) return slackError('message_not_found');
  return slackOk({
    type: 'message',
    channel: channelId,
    // reactions.get adds the message's permalink (Slack's example response carries it).
    message: {
      ...messageObject(workspace, message),
      permalink: permalink(workspace, channelId, messageTs(message)),
    },
  });
}
