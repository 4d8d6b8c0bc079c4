/**
 * Row builders for Slack Web API writes (docs/pack-format.md, Authoring): each returns the
 * row changes one call makes in the replica's storage (src/services/slack/tables.ts), so a
 * pack's outcomes are written as the calls an agent would make. Ids and timestamps are
 * parameters: a generator picks them (idSequence, slackTs) so regenerating is byte-identical.
 */
import type { Row } from '../schema/json.js';
import type { PatchOp } from '../schema/patch.js';

/** A Slack message timestamp ("1793265240.000100") from Unix seconds and microseconds. */
export function slackTs(seconds: number, micro = 0): string {
  return `${seconds}.${String(micro).padStart(6, '0')}`;
}

/** `conversations.invite` (or `conversations.join`): one membership row. */
export function invite(channel: string, user: string): PatchOp {
  return { op: 'insert', table: 'channel_members', row: { channel_id: channel, user_id: user } };
}

/** `conversations.kick` (or `conversations.leave`): the membership row goes. */
export function kick(channel: string, user: string): PatchOp {
  return { op: 'delete', table: 'channel_members', key: { channel_id: channel, user_id: user } };
}

export interface PostMessageOptions {
  channel: string;
  user: string;
  text: string;
  /** The message's timestamp, which is also its id. */
  ts: string;
  /** The thread parent's message id, for a reply. */
  parent?: string;
}

/** `chat.postMessage`: a message row (a thread reply with `parent`). */
export function postMessage(options: PostMessageOptions): PatchOp {
  return {
    op: 'insert',
    table: 'messages',
    row: {
      message_id: options.ts,
      channel_id: options.channel,
      user_id: options.user,
      message_text: options.text,
      type: 'message',
      ts: options.ts,
      parent_id: options.parent ?? null,
      edited_ts: null,
      edited_user_id: null,
    },
  };
}

/** `chat.update`: the whole text is rewritten, and Slack stamps the edit. */
export function editMessage(message: string, text: string, by: string, editedTs: string): PatchOp {
  return {
    op: 'update',
    table: 'messages',
    key: { message_id: message },
    set: { message_text: text, edited_ts: editedTs, edited_user_id: by },
  };
}

/** `chat.delete`: the message row goes (delete its reactions and replies separately). */
export function deleteMessage(message: string): PatchOp {
  return { op: 'delete', table: 'messages', key: { message_id: message } };
}

/** `reactions.add`: one reaction row. */
export function react(message: string, user: string, emoji: string): PatchOp {
  return {
    op: 'insert',
    table: 'message_reactions',
    row: { message_id: message, user_id: user, reaction_type: emoji },
  };
}

/** `reactions.remove`: the caller's reaction row goes. */
export function unreact(message: string, user: string, emoji: string): PatchOp {
  return {
    op: 'delete',
    table: 'message_reactions',
    key: { message_id: message, user_id: user, reaction_type: emoji },
  };
}

/** `conversations.setTopic`: the topic text, who set it and when (Unix seconds). */
export function setTopic(channel: string, text: string, by: string, seconds: number): PatchOp {
  return {
    op: 'update',
    table: 'channels',
    key: { channel_id: channel },
    set: { topic_text: text, topic_set_by: by, topic_last_set: seconds },
  };
}

/** `conversations.setPurpose`: the purpose text, who set it and when (Unix seconds). */
export function setPurpose(channel: string, text: string, by: string, seconds: number): PatchOp {
  return {
    op: 'update',
    table: 'channels',
    key: { channel_id: channel },
    set: { purpose_text: text, purpose_set_by: by, purpose_last_set: seconds },
  };
}

/** `conversations.archive` (`archived: true`) or `conversations.unarchive`. */
export function archive(channel: string, archived = true): PatchOp {
  return {
    op: 'update',
    table: 'channels',
    key: { channel_id: channel },
    set: { is_archived: archived },
  };
}

/** `conversations.rename`: only the name changes (ids and history stay). */
export function renameChannel(channel: string, name: string): PatchOp {
  return {
    op: 'update',
    table: 'channels',
    key: { channel_id: channel },
    set: { channel_name: name },
  };
}

/** An admin deactivating (`deleted: true`) or reactivating a user. */
export function deactivateUser(user: string, deleted = true): PatchOp {
  return { op: 'update', table: 'users', key: { user_id: user }, set: { deleted } };
}

export interface ChannelOptions {
  id: string;
  name: string;
  team: string;
  creator: string;
  /** Unix seconds. */
  created: number;
  isPrivate?: boolean;
  topic?: string;
  purpose?: string;
}

/** A public or private channel row as `conversations.create` (then setTopic/setPurpose) leaves it. */
export function channelRow(options: ChannelOptions): Row {
  return {
    channel_id: options.id,
    channel_name: options.name,
    team_id: options.team,
    is_private: options.isPrivate === true,
    is_dm: false,
    is_gc: false,
    topic_text: options.topic ?? '',
    purpose_text: options.purpose ?? '',
    is_archived: false,
    created: options.created,
    creator_id: options.creator,
    topic_set_by: options.topic ? options.creator : '',
    topic_last_set: options.topic ? options.created : 0,
    purpose_set_by: options.purpose ? options.creator : '',
    purpose_last_set: options.purpose ? options.created : 0,
  };
}

/** `conversations.create`: the channel row and its creator's membership. */
export function createChannel(options: ChannelOptions): PatchOp[] {
  return [
    { op: 'insert', table: 'channels', row: channelRow(options) },
    invite(options.id, options.creator),
  ];
}
