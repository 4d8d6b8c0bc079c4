import type { Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { charsFrom } from '../../write-model.js';
import { booleanParam } from '../params.js';
import { conversationType } from '../permissions.js';
import { channelObject } from '../shapes.js';
import { flag, text } from '../tables.js';
import {
  idOf,
  nowSeconds,
  refuse,
  type SlackWriteContext,
  type SlackWriteMethod,
  succeed,
  workspaceAfter,
} from './context.js';

/** Slack's conversation id alphabet (upper-case letters and digits). */
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A new conversation id from the call's id stream: the type letter and ten characters,
 * drawn again while a conversation already has it.
 */
export function newConversationId(context: SlackWriteContext, prefix: 'C' | 'D' | 'G'): string {
  for (;;) {
    const id = `${prefix}${charsFrom(context.env, ID_ALPHABET, 10)}`;
    if (!context.workspace.channel(id)) return id;
  }
}

/** The team every new conversation belongs to: the workspace's own. */
function teamOf(context: SlackWriteContext): string {
  return (context.workspace.team && text(context.workspace.team, 'team_id')) ?? 'T00000000';
}

/** A conversation row as Slack creates it: no topic or purpose yet, not archived. */
export function conversationRow(
  context: SlackWriteContext,
  fields: { id: string; name: string; isPrivate: boolean; isDm: boolean; isGc: boolean },
): Row {
  return {
    channel_id: fields.id,
    channel_name: fields.name,
    team_id: teamOf(context),
    is_private: fields.isPrivate,
    is_dm: fields.isDm,
    is_gc: fields.isGc,
    topic_text: '',
    purpose_text: '',
    is_archived: false,
    created: nowSeconds(context.env),
    creator_id: context.actorId,
    topic_set_by: '',
    topic_last_set: 0,
    purpose_set_by: '',
    purpose_last_set: 0,
  };
}

/** The members of a conversation as a sorted list, to compare a DM's participants. */
function participants(context: SlackWriteContext, channel: Row): string {
  return [...new Set(context.workspace.members(idOf(channel, 'channel_id')))].sort().join(',');
}

/** The existing DM or group DM whose participants are exactly `users` (the caller included). */
function existingConversation(
  context: SlackWriteContext,
  users: readonly string[],
): Row | undefined {
  const wanted = [...new Set(users)].sort().join(',');
  const type = users.length === 2 ? 'im' : 'mpim';
  return context.workspace.channels.find(
    (channel) => conversationType(channel) === type && participants(context, channel) === wanted,
  );
}

/**
 * The caller's direct message with `userId`: the existing one, or a new one with both
 * participants (what `conversations.open` and `chat.postMessage` to a user id do).
 */
export function directMessageWith(
  context: SlackWriteContext,
  userId: string,
): { channel: Row; patch: Patch } | { refused: WriteResult } {
  return openConversation(context, [userId]);
}

function openConversation(
  context: SlackWriteContext,
  others: readonly string[],
): { channel: Row; patch: Patch; existed?: boolean } | { refused: WriteResult } {
  const { workspace, actorId } = context;
  for (const user of others) {
    const row = workspace.user(user);
    if (!row) return { refused: refuse('user_not_found') };
    if (flag(row, 'deleted')) return { refused: refuse('user_disabled') };
  }
  const everyone = [actorId, ...others.filter((user) => user !== actorId)];
  if (everyone.length < 2) return { refused: refuse('not_enough_users') };
  // Slack counts the caller: a group DM holds at most nine people, the caller and eight.
  if (everyone.length > 9) return { refused: refuse('too_many_users') };
  const existing = existingConversation(context, everyone);
  if (existing) return { channel: existing, patch: [], existed: true };
  const isDm = everyone.length === 2;
  const id = newConversationId(context, isDm ? 'D' : 'G');
  const names = everyone.map((user) => text(workspace.user(user) ?? {}, 'username') ?? user);
  const name = isDm
    ? `dm-${everyone.map((user) => user.toLowerCase()).join('-')}`
    : uniqueGroupName(context, `mpdm-${names.join('--')}`);
  const channel = conversationRow(context, { id, name, isPrivate: true, isDm, isGc: !isDm });
  const patch: Patch = [
    { op: 'insert', table: 'channels', row: channel },
    ...everyone.map((user): Patch[number] => ({
      op: 'insert',
      table: 'channel_members',
      row: { channel_id: id, user_id: user },
    })),
  ];
  return { channel, patch };
}

/** Slack names a group DM `mpdm-<usernames joined by -->-<n>`, n counting up from 1. */
function uniqueGroupName(context: SlackWriteContext, base: string): string {
  const taken = new Set(
    context.workspace.channels.map((channel) =>
      (text(channel, 'channel_name') ?? '').toLowerCase(),
    ),
  );
  let n = 1;
  while (taken.has(`${base}-${n}`.toLowerCase())) n += 1;
  return `${base}-${n}`;
}

export const conversationsOpen: SlackWriteMethod = {
  operation: {
    name: 'conversations.open',
    permission:
      'any user, with active users (user_not_found, user_disabled); an existing DM or group DM with the same people is returned, not duplicated',
    serverWritten: ['channels.channel_id', 'channels.created', 'channels.creator_id'],
  },
  run(context) {
    const channelArg = context.params.get('channel')?.trim();
    const usersArg = context.params.get('users')?.trim();
    if (channelArg && !usersArg) {
      const channel = context.workspace.channel(channelArg);
      const type = channel ? conversationType(channel) : undefined;
      if (!channel || !context.workspace.isMember(channelArg, context.actorId))
        return refuse('channel_not_found');
      if (type !== 'im' && type !== 'mpim') return refuse('method_not_supported_for_channel_type');
      return succeed([], { no_op: true, already_open: true, channel: { id: channelArg } });
    }
    if (!usersArg) return refuse('users_list_not_supplied');
    const users = usersArg
      .split(',')
      .map((user) => user.trim())
      .filter((user) => user !== '');
    const opened = openConversation(context, users);
    if ('refused' in opened) return opened.refused;
    const id = idOf(opened.channel, 'channel_id');
    const after = workspaceAfter(context, opened.patch);
    const shown = booleanParam(context.params, 'return_im', false)
      ? channelObject(after, context.actorId, after.channel(id) ?? opened.channel)
      : { id };
    return succeed(
      opened.patch,
      opened.existed ? { no_op: true, already_open: true, channel: shown } : { channel: shown },
    );
  },
};
