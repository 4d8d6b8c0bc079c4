import type { Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
import type { WriteResult } from '../../write-model.js';
import { booleanParam } from '../params.js';
import { conversationType } from '../permissions.js';
import { flag, text } from '../tables.js';
import {
  channelAnswer,
  idOf,
  isGeneral,
  isGuest,
  isWorkspaceAdmin,
  refuse,
  type SlackWriteContext,
  type SlackWriteMethod,
  succeed,
  targetChannel,
} from './context.js';

const join = (channel: string, user: string): Patch[number] => ({
  op: 'insert',
  table: 'channel_members',
  row: { channel_id: channel, user_id: user },
});

const part = (channel: string, user: string): Patch[number] => ({
  op: 'delete',
  table: 'channel_members',
  key: { channel_id: channel, user_id: user },
});

/** Invite, kick, join and leave work on channels, not on DMs or group DMs. */
function isChannel(channel: Row): boolean {
  const type = conversationType(channel);
  return type === 'public_channel' || type === 'private_channel';
}

/** The channel as the answer shows it, with `added` now among its members. */
function answerWith(context: SlackWriteContext, channel: Row, added: readonly string[]) {
  const members = context.workspace.members(idOf(channel, 'channel_id'));
  return channelAnswer(context, channel, [...members, ...added]);
}

/** Why one user cannot be invited, or undefined when they can. */
function inviteError(
  context: SlackWriteContext,
  channelId: string,
  user: string,
): string | undefined {
  const { workspace, actorId } = context;
  const row = workspace.user(user);
  if (!row) return 'user_not_found';
  if (user === actorId) return 'cant_invite_self';
  if (flag(row, 'deleted')) return 'cant_invite';
  if (workspace.isMember(channelId, user)) return 'already_in_channel';
  // A single-channel guest is in its one channel already.
  if (
    workspace.teamRole(user) === 'ultra_restricted' &&
    workspace.channels.some((channel) => workspace.isMember(idOf(channel, 'channel_id'), user))
  )
    return 'ura_max_channels';
  return undefined;
}

export const conversationsInvite: SlackWriteMethod = {
  operation: {
    name: 'conversations.invite',
    permission:
      'a member of the channel (not_in_channel), not archived (is_archived), channels only; each invitee an active user not yet in it (user_not_found, cant_invite, already_in_channel, cant_invite_self); with force, the valid ones are invited',
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    if (!isChannel(channel)) return refuse('method_not_supported_for_channel_type');
    const users = [
      ...new Set(
        (context.params.get('users') ?? '')
          .split(',')
          .map((user) => user.trim())
          .filter((user) => user !== ''),
      ),
    ];
    if (users.length === 0) return refuse('no_user');
    if (flag(channel, 'is_archived')) return refuse('is_archived');
    const channelId = idOf(channel, 'channel_id');
    if (!context.workspace.isMember(channelId, context.actorId)) return refuse('not_in_channel');
    const failures = users.flatMap((user) => {
      const error = inviteError(context, channelId, user);
      return error ? [{ user, ok: false, error }] : [];
    });
    const force = booleanParam(context.params, 'force', false);
    const invited = users.filter((user) => !failures.some((failure) => failure.user === user));
    if (failures.length > 0 && (!force || invited.length === 0))
      return refuse(failures[0]!.error, { errors: failures });
    const patch = invited.map((user) => join(channelId, user));
    const answer: Record<string, unknown> = { channel: answerWith(context, channel, invited) };
    if (failures.length > 0) answer.errors = failures;
    return succeed(patch, answer);
  },
};

/**
 * Who may remove someone: in a public channel a workspace admin or owner, or the channel's
 * creator (its channel manager); in a private channel any member who is not a guest (Slack's
 * default channel-management settings).
 */
function mayKick(context: SlackWriteContext, channel: Row): boolean {
  const { workspace, actorId } = context;
  if (isWorkspaceAdmin(workspace, actorId)) return true;
  if (conversationType(channel) === 'private_channel')
    return !isGuest(workspace, actorId) && workspace.isMember(idOf(channel, 'channel_id'), actorId);
  return text(channel, 'creator_id') === actorId;
}

export const conversationsKick: SlackWriteMethod = {
  operation: {
    name: 'conversations.kick',
    permission:
      "public channel: a workspace admin or owner, or the channel's creator; private channel: any member but a guest (restricted_action); not oneself (cant_kick_self), not from #general (cant_kick_from_general); the user must be in it (not_in_channel)",
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    if (!isChannel(channel)) return refuse('method_not_supported_for_channel_type');
    const user = context.params.get('user')?.trim() ?? '';
    if (!context.workspace.user(user)) return refuse('user_not_found');
    if (user === context.actorId) return refuse('cant_kick_self');
    if (isGeneral(channel)) return refuse('cant_kick_from_general');
    const channelId = idOf(channel, 'channel_id');
    if (!context.workspace.isMember(channelId, user)) return refuse('not_in_channel');
    if (!mayKick(context, channel)) return refuse('restricted_action');
    return succeed([part(channelId, user)]);
  },
};

export const conversationsJoin: SlackWriteMethod = {
  operation: {
    name: 'conversations.join',
    permission:
      'any user, public channels only (a private one is method_not_supported_for_channel_type), not archived (is_archived); joining again changes nothing and warns already_in_channel',
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    if (conversationType(channel) !== 'public_channel')
      return refuse('method_not_supported_for_channel_type');
    if (flag(channel, 'is_archived')) return refuse('is_archived');
    const channelId = idOf(channel, 'channel_id');
    if (context.workspace.isMember(channelId, context.actorId))
      return succeed([], {
        channel: answerWith(context, channel, []),
        warning: 'already_in_channel',
        response_metadata: { warnings: ['already_in_channel'] },
      });
    const patch = [join(channelId, context.actorId)];
    return succeed(patch, { channel: answerWith(context, channel, [context.actorId]) });
  },
};

/** Slack's answer to leaving a conversation one is not in: not an error code, a flag. */
function notInChannel(): WriteResult {
  const body = { ok: false, not_in_channel: true };
  return { ok: false, refusal: { status: 200, body, summary: 'not_in_channel' } };
}

export const conversationsLeave: SlackWriteMethod = {
  operation: {
    name: 'conversations.leave',
    permission:
      'a member (otherwise {ok:false, not_in_channel:true}), not a guest (user_is_restricted); never an archived channel (is_archived) or #general (cant_leave_general); the last member of a private channel stays (last_member)',
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    if (conversationType(channel) === 'im') return refuse('method_not_supported_for_channel_type');
    if (flag(channel, 'is_archived')) return refuse('is_archived');
    if (isGeneral(channel)) return refuse('cant_leave_general');
    const channelId = idOf(channel, 'channel_id');
    if (!context.workspace.isMember(channelId, context.actorId)) return notInChannel();
    if (isGuest(context.workspace, context.actorId)) return refuse('user_is_restricted');
    if (
      conversationType(channel) !== 'public_channel' &&
      context.workspace.members(channelId).length <= 1
    )
      return refuse('last_member');
    return succeed([part(channelId, context.actorId)]);
  },
};
