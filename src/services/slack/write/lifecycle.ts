import type { Row } from '../../../schema/json.js';
import type { Patch } from '../../../schema/patch.js';
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
import { conversationRow, newConversationId } from './direct.js';

/** Slack's longest channel name. */
const NAME_LIMIT = 80;

/**
 * Why Slack refuses a channel name, or undefined: names are lower-case letters, digits,
 * hyphens and underscores (non-Latin lower-case letters included), at most 80 characters,
 * and not punctuation alone. Slack validates, it does not rewrite, a name given to
 * `conversations.create`.
 */
export function channelNameError(name: string): string | undefined {
  if (name === '') return 'invalid_name_required';
  if ([...name].length > NAME_LIMIT) return 'invalid_name_maxlength';
  if (!/^[\p{Ll}\p{Lo}\p{Nd}_-]+$/u.test(name)) return 'invalid_name_specials';
  if (/^[_-]+$/.test(name)) return 'invalid_name_punctuation';
  return undefined;
}

/**
 * Whether another conversation of the workspace has `name`, without case; archived ones
 * keep theirs (the slack.unique-channel-name invariant). DMs have no name of their own.
 */
function nameTaken(context: SlackWriteContext, name: string, except?: string): boolean {
  const wanted = name.toLowerCase();
  return context.workspace.channels.some(
    (channel) =>
      conversationType(channel) !== 'im' &&
      idOf(channel, 'channel_id') !== except &&
      (text(channel, 'channel_name') ?? '').toLowerCase() === wanted,
  );
}

function answerWith(context: SlackWriteContext, row: Row, members: readonly string[]) {
  return { channel: channelAnswer(context, row, members) };
}

export const conversationsCreate: SlackWriteMethod = {
  operation: {
    name: 'conversations.create',
    permission:
      'any member but a guest (restricted_action); a valid name (invalid_name_required, _maxlength, _specials, _punctuation) no other conversation has, archived ones included (name_taken); the creator becomes its first member',
    serverWritten: [
      'channels.channel_id',
      'channels.created',
      'channels.creator_id',
      'channel_members (the creator)',
    ],
  },
  run(context) {
    const name = context.params.get('name')?.trim() ?? '';
    const invalid = channelNameError(name);
    if (invalid) return refuse(invalid);
    if (isGuest(context.workspace, context.actorId)) return refuse('restricted_action');
    if (nameTaken(context, name)) return refuse('name_taken');
    const isPrivate = booleanParam(context.params, 'is_private', false);
    const id = newConversationId(context, 'C');
    const row = conversationRow(context, { id, name, isPrivate, isDm: false, isGc: false });
    const patch: Patch = [
      { op: 'insert', table: 'channels', row },
      { op: 'insert', table: 'channel_members', row: { channel_id: id, user_id: context.actorId } },
    ];
    return succeed(patch, answerWith(context, row, [context.actorId]));
  },
};

export const conversationsRename: SlackWriteMethod = {
  operation: {
    name: 'conversations.rename',
    permission:
      'a member (not_in_channel) who created the channel or is a workspace admin or owner (not_authorized); channels only, not archived (is_archived); the name rules and name_taken of conversations.create',
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    const type = conversationType(channel);
    if (type !== 'public_channel' && type !== 'private_channel')
      return refuse('method_not_supported_for_channel_type');
    if (flag(channel, 'is_archived')) return refuse('is_archived');
    const channelId = idOf(channel, 'channel_id');
    const { workspace, actorId } = context;
    if (!workspace.isMember(channelId, actorId)) return refuse('not_in_channel');
    if (text(channel, 'creator_id') !== actorId && !isWorkspaceAdmin(workspace, actorId))
      return refuse('not_authorized');
    const name = context.params.get('name')?.trim() ?? '';
    const invalid = channelNameError(name);
    if (invalid) return refuse(invalid);
    if (nameTaken(context, name, channelId)) return refuse('name_taken');
    const patch: Patch = [
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: channelId },
        set: { channel_name: name },
      },
    ];
    return succeed(
      patch,
      answerWith(context, { ...channel, channel_name: name }, workspace.members(channelId)),
    );
  },
};

export const conversationsArchive: SlackWriteMethod = {
  operation: {
    name: 'conversations.archive',
    permission:
      'a member of the channel (not_in_channel) who is not a guest (restricted_action); channels only, never #general (cant_archive_general) or one already archived (already_archived); members stay',
    serverWritten: [],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    const type = conversationType(channel);
    if (type !== 'public_channel' && type !== 'private_channel')
      return refuse('method_not_supported_for_channel_type');
    if (flag(channel, 'is_archived')) return refuse('already_archived');
    if (isGeneral(channel)) return refuse('cant_archive_general');
    const channelId = idOf(channel, 'channel_id');
    if (!context.workspace.isMember(channelId, context.actorId)) return refuse('not_in_channel');
    if (isGuest(context.workspace, context.actorId)) return refuse('restricted_action');
    return succeed([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: channelId },
        set: { is_archived: true },
      },
    ]);
  },
};

export const conversationsUnarchive: SlackWriteMethod = {
  operation: {
    name: 'conversations.unarchive',
    permission:
      'anyone who can see the channel (a private one only as a member) and is not a guest (restricted_action); channels only, archived ones only (not_archived); the caller is added to it',
    serverWritten: ['channel_members (the caller, if not a member)'],
  },
  run(context) {
    const channel = targetChannel(context);
    if (!channel) return refuse('channel_not_found');
    const type = conversationType(channel);
    if (type !== 'public_channel' && type !== 'private_channel')
      return refuse('method_not_supported_for_channel_type');
    if (!flag(channel, 'is_archived')) return refuse('not_archived');
    if (isGuest(context.workspace, context.actorId)) return refuse('restricted_action');
    const channelId = idOf(channel, 'channel_id');
    const patch: Patch = [
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: channelId },
        set: { is_archived: false },
      },
    ];
    if (!context.workspace.isMember(channelId, context.actorId))
      patch.push({
        op: 'insert',
        table: 'channel_members',
        row: { channel_id: channelId, user_id: context.actorId },
      });
    return succeed(patch);
  },
};
