/**
 * Row builders for Slack Web API writes (docs/pack-format.md, Authoring): each returns the
 * row changes one call makes in the replica's storage (src/services/slack/tables.ts), so a
 * pack's outcomes are written as the calls an agent would make. Ids and timestamps are
 * parameters: a generator picks them (idSequence, slackTs) so regenerating is byte-identical.
 */

import { AgentProofBenchError } from '../contract/error.js';
import type { ApiCall } from '../schema/call.js';
import type { JsonValue, Row } from '../schema/json.js';
import type { Patch, PatchOp } from '../schema/patch.js';
import type { State } from '../state/state.js';

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

// ---------------------------------------------------------------- calls (docs/pack-format.md,
// "Outcomes as API calls"): what the actor sends; the Slack write model
// (src/services/slack/write/) turns each into the rows the server writes.

/** One Slack Web API call as a pack writes it: `POST /<method>` with JSON arguments. */
export function slackCall(method: string, body: Record<string, JsonValue>): ApiCall {
  return { method: 'POST', path: `/${method}`, body };
}

/** `chat.postMessage`: a message, or with `threadTs` a reply in that message's thread. */
export const postMessageCall = (channel: string, text: string, threadTs?: string): ApiCall =>
  slackCall(
    'chat.postMessage',
    threadTs ? { channel, text, thread_ts: threadTs } : { channel, text },
  );
export const updateMessageCall = (channel: string, ts: string, text: string): ApiCall =>
  slackCall('chat.update', { channel, ts, text });
export const deleteMessageCall = (channel: string, ts: string): ApiCall =>
  slackCall('chat.delete', { channel, ts });
export const addReactionCall = (channel: string, timestamp: string, name: string): ApiCall =>
  slackCall('reactions.add', { channel, timestamp, name });
export const removeReactionCall = (channel: string, timestamp: string, name: string): ApiCall =>
  slackCall('reactions.remove', { channel, timestamp, name });
export const setTopicCall = (channel: string, topic: string): ApiCall =>
  slackCall('conversations.setTopic', { channel, topic });
export const setPurposeCall = (channel: string, purpose: string): ApiCall =>
  slackCall('conversations.setPurpose', { channel, purpose });
export const inviteCall = (channel: string, users: readonly string[]): ApiCall =>
  slackCall('conversations.invite', { channel, users: users.join(',') });
export const kickCall = (channel: string, user: string): ApiCall =>
  slackCall('conversations.kick', { channel, user });
export const joinCall = (channel: string): ApiCall => slackCall('conversations.join', { channel });
export const leaveCall = (channel: string): ApiCall =>
  slackCall('conversations.leave', { channel });
export const archiveCall = (channel: string): ApiCall =>
  slackCall('conversations.archive', { channel });
export const unarchiveCall = (channel: string): ApiCall =>
  slackCall('conversations.unarchive', { channel });
export const renameCall = (channel: string, name: string): ApiCall =>
  slackCall('conversations.rename', { channel, name });
export const createChannelCall = (name: string, isPrivate = false): ApiCall =>
  slackCall('conversations.create', isPrivate ? { name, is_private: true } : { name });
export const openDmCall = (users: readonly string[]): ApiCall =>
  slackCall('conversations.open', { users: users.join(',') });

const ref = (index: number, pathIn: string) => `{{${index}.${pathIn}}}`;

/**
 * The calls `actor` makes to produce `patch` (written with the row builders above) on `before`:
 * each row change read as the Web API method that makes it (a membership of the actor is a
 * join or leave, of someone else an invite or kick; a DM row is `conversations.open`, which
 * adds its two members). Messages, conversations and timestamps the calls create themselves
 * are named by `{{N.path}}` references to the earlier call's answer, since the server picks
 * them. A change no user token can make (another user's message or reaction, a user's
 * deactivation) throws: such a state is not reachable as the actor.
 */
export function callsForPatch(before: State, actor: string, patch: Patch): ApiCall[] {
  const calls: ApiCall[] = [];
  /** Authored message id → reference to the ts the server gave it. */
  const postedTs = new Map<string, string>();
  /** Authored conversation id → reference to the id the server gave it. */
  const openedChannel = new Map<string, string>();
  /** Memberships a `conversations.open` / `create` call adds by itself. */
  const implied = new Set<string>();
  let state = before;
  const channelOf = (id: string) => openedChannel.get(id) ?? id;
  const messageRow = (id: string): Row => {
    const row = state.get('messages', { message_id: id });
    if (!row)
      throw new AgentProofBenchError('APB_AUTHORING', `callsForPatch: no message ${id}`, {
        fix: 'write this change as calls, or give callsForPatch a patch of the changes it translates',
      });
    return row;
  };
  const tsOf = (id: string) => postedTs.get(id) ?? String(messageRow(id).ts ?? id);
  const refuse = (op: PatchOp, why: string): never => {
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `callsForPatch: ${why}: ${JSON.stringify(op)}`,
      {
        fix: 'write this change as calls, or give callsForPatch a patch of the changes it translates',
      },
    );
  };
  patch.forEach((op, index) => {
    if (op.table === 'channel_members') {
      const key = op.op === 'insert' ? op.row : op.key;
      const channel = String(key.channel_id);
      const user = String(key.user_id);
      if (op.op === 'insert') {
        if (implied.has(`${channel} ${user}`)) return;
        calls.push(
          user === actor ? joinCall(channelOf(channel)) : inviteCall(channelOf(channel), [user]),
        );
      } else if (op.op === 'delete')
        calls.push(
          user === actor ? leaveCall(channelOf(channel)) : kickCall(channelOf(channel), user),
        );
      else refuse(op, 'a membership is added or removed, never edited');
    } else if (op.table === 'messages') {
      if (op.op === 'insert') {
        const row = op.row;
        if (row.user_id !== actor) refuse(op, 'only the actor posts as the actor');
        const parent = row.parent_id == null ? undefined : String(row.parent_id);
        const call = postMessageCall(
          channelOf(String(row.channel_id)),
          String(row.message_text),
          parent === undefined ? undefined : tsOf(parent),
        );
        postedTs.set(String(row.message_id), ref(calls.length, 'ts'));
        calls.push(call);
      } else {
        const id = String(op.key.message_id);
        const row = messageRow(id);
        const channel = channelOf(String(row.channel_id));
        if (op.op === 'delete') calls.push(deleteMessageCall(channel, tsOf(id)));
        else if (typeof op.set.message_text === 'string')
          calls.push(updateMessageCall(channel, tsOf(id), op.set.message_text));
        else refuse(op, 'chat.update changes a message text only');
      }
    } else if (op.table === 'message_reactions') {
      const key = op.op === 'insert' ? op.row : op.key;
      if (key.user_id !== actor) refuse(op, "only a reaction's author adds or removes it");
      const id = String(key.message_id);
      const channel = channelOf(String(messageRow(id).channel_id));
      const name = String(key.reaction_type);
      calls.push(
        op.op === 'insert'
          ? addReactionCall(channel, tsOf(id), name)
          : removeReactionCall(channel, tsOf(id), name),
      );
    } else if (op.table === 'channels' && op.op === 'insert') {
      const row = op.row;
      const id = String(row.channel_id);
      const members = patch
        .slice(index + 1)
        .filter((later) => later.op === 'insert' && later.table === 'channel_members')
        .map((later) => (later.op === 'insert' ? later.row : {}))
        .filter((member) => member.channel_id === id)
        .map((member) => String(member.user_id));
      if (row.is_dm === true || row.is_gc === true) {
        openedChannel.set(id, ref(calls.length, 'channel.id'));
        for (const user of [actor, ...members]) implied.add(`${id} ${user}`);
        calls.push(openDmCall(members.filter((user) => user !== actor)));
      } else {
        openedChannel.set(id, ref(calls.length, 'channel.id'));
        implied.add(`${id} ${actor}`);
        calls.push(createChannelCall(String(row.channel_name), row.is_private === true));
        const made = channelOf(id);
        if (row.topic_text) calls.push(setTopicCall(made, String(row.topic_text)));
        if (row.purpose_text) calls.push(setPurposeCall(made, String(row.purpose_text)));
      }
    } else if (op.table === 'channels' && op.op === 'update') {
      const channel = channelOf(String(op.key.channel_id));
      const set = op.set;
      if (typeof set.topic_text === 'string') calls.push(setTopicCall(channel, set.topic_text));
      if (typeof set.purpose_text === 'string')
        calls.push(setPurposeCall(channel, set.purpose_text));
      if (typeof set.channel_name === 'string') calls.push(renameCall(channel, set.channel_name));
      if (set.is_archived === true) calls.push(archiveCall(channel));
      if (set.is_archived === false) calls.push(unarchiveCall(channel));
    } else refuse(op, 'no Slack user-token method makes this change');
    state = state.apply([op]).state;
  });
  return calls;
}
