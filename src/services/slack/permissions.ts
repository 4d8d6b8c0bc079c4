import type { Row } from '../../schema/json.js';
import { flag, text } from './tables.js';
import type { SlackWorkspace } from './workspace.js';

/** Slack's four conversation types, as `conversations.list` names them in `types`. */
export type ConversationType = 'public_channel' | 'private_channel' | 'mpim' | 'im';

export function conversationType(channel: Row): ConversationType {
  if (flag(channel, 'is_dm')) return 'im';
  if (flag(channel, 'is_gc')) return 'mpim';
  return flag(channel, 'is_private') ? 'private_channel' : 'public_channel';
}

/**
 * What the acting user may read: every public channel; private channels, DMs and group
 * DMs only as a member. Anything else answers as if it did not exist (`channel_not_found`),
 * as Slack does, so hidden conversations cannot be probed.
 */
export function canRead(workspace: SlackWorkspace, actorId: string, channel: Row): boolean {
  const id = text(channel, 'channel_id');
  if (!id) return false;
  return conversationType(channel) === 'public_channel' || workspace.isMember(id, actorId);
}

/** A conversation the actor can read, by id; undefined for unknown and hidden alike. */
export function readableChannel(
  workspace: SlackWorkspace,
  actorId: string,
  channelId: string | undefined,
): Row | undefined {
  if (!channelId) return undefined;
  const channel = workspace.channel(channelId);
  return channel && canRead(workspace, actorId, channel) ? channel : undefined;
}
