import { createHash } from 'node:crypto';
import type { Row } from '../../schema/json.js';
import { deepFreeze } from '../deep-freeze.js';
import { memoEntry } from '../memo-entry.js';
import { conversationType } from './permissions.js';
import { flag, integer, messageTs, parentId, text } from './tables.js';
import type { SlackWorkspace } from './workspace.js';
import { zoneAt } from './zone.js';

// JSON objects shaped as Slack's Web API returns them (users, conversations, messages).

export function teamId(workspace: SlackWorkspace): string {
  return (workspace.team && text(workspace.team, 'team_id')) ?? 'T00000000';
}

/** Slack's user colours (six hex digits, no `#`); a user keeps one, picked from the id. */
const USER_COLORS = [
  '9f69e7',
  '4bbe2e',
  'e7392d',
  '3c989f',
  '674b1b',
  'e96699',
  'e0a729',
  '5b89d5',
  '2b6836',
  'dd8527',
  'bd9336',
  'd58247',
  '385a86',
  'a63024',
  '5870dd',
  'de5f24',
];

/** Slack answers this zone for a user who has set none (its documented default region). */
const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

function digest(value: string): string {
  return createHash('md5').update(value).digest('hex');
}

/** Slack's default avatar of a user without an upload: a Gravatar of the email, sized. */
function avatarImages(email: string, id: string): Record<string, string> {
  const hash = digest(email === '' ? id : email.toLowerCase());
  const images: Record<string, string> = {};
  for (const size of [24, 32, 48, 72, 192, 512])
    images[`image_${size}`] =
      `https://secure.gravatar.com/avatar/${hash}.jpg?s=${size}&d=https%3A%2F%2Fa.slack-edge.com%2Fdf10d%2Fimg%2Favatars%2Fava_0001-${size}.png`;
  return images;
}

const seconds = (ts: string): number => Math.floor(Number(ts)) || 0;

// A user object depends on its row, on the workspace (roles, owners, first posts, the
// seed's "now") and on the caller (`is_app_user`). A workspace is built once per state and
// never changes (replica.ts), so the object is kept per workspace, caller and row and
// shared, frozen, by every listing of that state.
const userObjects = new WeakMap<
  SlackWorkspace,
  Map<string, WeakMap<Row, Readonly<Record<string, unknown>>>>
>();

/**
 * A user as `users.info`/`users.list` return it. Fields without a column take what Slack
 * answers for a user who never set them (empty status, no phone, Gravatar avatar); times
 * come from the seed (`updated`: the user's first post, else the workspace's first
 * activity). `is_app_user` is true for the token's own user, the one user of the calling app.
 */
export function userObject(
  workspace: SlackWorkspace,
  user: Row,
  actorId: string,
): Readonly<Record<string, unknown>> {
  const byCaller = memoEntry(userObjects, workspace, () => new Map());
  const byRow = memoEntry(byCaller, actorId, () => new WeakMap());
  return memoEntry(byRow, user, () => deepFreeze(buildUserObject(workspace, user, actorId)));
}

function buildUserObject(
  workspace: SlackWorkspace,
  user: Row,
  actorId: string,
): Record<string, unknown> {
  const id = text(user, 'user_id') ?? '';
  const role = workspace.teamRole(id);
  const realName = text(user, 'real_name') ?? '';
  const displayName = text(user, 'display_name') ?? '';
  const email = text(user, 'email') ?? '';
  const tz = text(user, 'timezone') ?? DEFAULT_TIME_ZONE;
  const zone = zoneAt(tz, seconds(workspace.latestTs));
  const [firstName = '', ...rest] = realName.split(' ');
  const owner = role === 'owner' || role === 'primary_owner';
  const bot = flag(user, 'is_bot');
  return {
    id,
    team_id: teamId(workspace),
    name: text(user, 'username') ?? '',
    deleted: flag(user, 'deleted'),
    color: USER_COLORS[Number.parseInt(digest(id).slice(0, 8), 16) % USER_COLORS.length]!,
    real_name: realName,
    tz,
    tz_label: zone.label,
    tz_offset: zone.offset,
    is_admin: flag(user, 'is_admin') || role === 'admin' || owner,
    is_owner: owner,
    is_primary_owner: workspace.primaryOwner === id,
    is_restricted: role === 'restricted' || role === 'ultra_restricted',
    is_ultra_restricted: role === 'ultra_restricted',
    is_bot: bot,
    is_app_user: id === actorId,
    updated: seconds(workspace.firstPost(id) ?? workspace.earliestTs),
    is_email_confirmed: !bot && email !== '',
    who_can_share_contact_card: 'EVERYONE',
    profile: {
      title: text(user, 'title') ?? '',
      phone: '',
      skype: '',
      real_name: realName,
      real_name_normalized: realName,
      display_name: displayName,
      display_name_normalized: displayName,
      first_name: firstName,
      last_name: rest.join(' '),
      status_text: '',
      status_emoji: '',
      status_expiration: 0,
      avatar_hash: `g${digest(email === '' ? id : email.toLowerCase()).slice(0, 11)}`,
      email: email === '' ? null : email,
      ...avatarImages(email, id),
      team: teamId(workspace),
    },
  };
}

function topicObject(
  channel: Row,
  value: string,
  setBy: string,
  lastSet: string,
): Record<string, unknown> {
  return {
    value: text(channel, value) ?? '',
    creator: text(channel, setBy) ?? '',
    last_set: integer(channel, lastSet) ?? 0,
  };
}

/**
 * A conversation as the conversations methods return it. A seed without `created` /
 * `creator` (Agent-Diff's) dates the channel by its first message and names that
 * message's author; `updated` (milliseconds, as Slack gives it) is the latest of creation
 * and the topic and purpose changes. Shared-channel and posting-restriction fields take
 * the values of an unshared workspace channel: the storage records no shared workspaces.
 */
export function channelObject(
  workspace: SlackWorkspace,
  actorId: string,
  channel: Row,
): Record<string, unknown> {
  const id = text(channel, 'channel_id') ?? '';
  const type = conversationType(channel);
  const first = workspace.channelMessages(id)[0];
  const created = integer(channel, 'created') ?? (first ? seconds(messageTs(first)) : 0);
  const updated =
    Math.max(
      created,
      integer(channel, 'topic_last_set') ?? 0,
      integer(channel, 'purpose_last_set') ?? 0,
    ) * 1000;
  const members = workspace.members(id);
  const contextTeam = text(channel, 'team_id') ?? teamId(workspace);
  if (type === 'im') {
    // A DM is named by the other participant, not by a channel name.
    const other = members.find((member) => member !== actorId) ?? actorId;
    return {
      id,
      created,
      is_archived: flag(channel, 'is_archived'),
      is_im: true,
      is_org_shared: false,
      context_team_id: contextTeam,
      updated,
      user: other,
      is_user_deleted: flag(workspace.user(other) ?? {}, 'deleted'),
      priority: 0,
    };
  }
  const name = text(channel, 'channel_name') ?? '';
  return {
    id,
    name,
    is_channel: type === 'public_channel',
    is_group: type === 'private_channel',
    is_im: false,
    is_mpim: type === 'mpim',
    is_private: type !== 'public_channel',
    created,
    creator: text(channel, 'creator_id') ?? (first && text(first, 'user_id')) ?? '',
    is_archived: flag(channel, 'is_archived'),
    is_general: name === 'general',
    unlinked: 0,
    name_normalized: name,
    is_shared: false,
    is_ext_shared: false,
    is_org_shared: false,
    pending_shared: [],
    is_pending_ext_shared: false,
    is_member: workspace.isMember(id, actorId),
    is_read_only: false,
    is_thread_only: false,
    is_non_threadable: false,
    updated,
    context_team_id: contextTeam,
    shared_team_ids: [contextTeam],
    parent_conversation: null,
    topic: topicObject(channel, 'topic_text', 'topic_set_by', 'topic_last_set'),
    purpose: topicObject(channel, 'purpose_text', 'purpose_set_by', 'purpose_last_set'),
    previous_names: [],
    num_members: members.length,
  };
}

/**
 * `last_read` of `conversations.info`: the storage keeps no read markers, so a member has
 * read up to the latest message (Slack's value for a caught-up member) and anyone else
 * has read nothing (Slack's zero timestamp).
 */
export function lastRead(workspace: SlackWorkspace, actorId: string, channelId: string): string {
  const messages = workspace.channelMessages(channelId);
  const latest = messages[messages.length - 1];
  return workspace.isMember(channelId, actorId) && latest ? messageTs(latest) : '0000000000.000000';
}

/** Reactions grouped by emoji name, in first-reaction order, as Slack lists them. */
export function reactionsOf(
  workspace: SlackWorkspace,
  messageId: string,
): Array<{ name: string; users: string[]; count: number }> {
  const groups = new Map<string, string[]>();
  for (const reaction of workspace.reactions(messageId)) {
    const name = text(reaction, 'reaction_type');
    const user = text(reaction, 'user_id');
    if (!name || !user) continue;
    const users = groups.get(name) ?? [];
    users.push(user);
    groups.set(name, users);
  }
  return [...groups].map(([name, users]) => ({ name, users, count: users.length }));
}

export function messageObject(workspace: SlackWorkspace, message: Row): Record<string, unknown> {
  const id = text(message, 'message_id') ?? '';
  const ts = messageTs(message);
  const shaped: Record<string, unknown> = {
    type: text(message, 'type') ?? 'message',
    user: text(message, 'user_id') ?? '',
    text: text(message, 'message_text') ?? '',
    ts,
    team: teamId(workspace),
  };
  // Block Kit blocks, for a message posted or edited with them (src/services/slack/blocks.ts).
  const blocks = message.blocks;
  if (Array.isArray(blocks) && blocks.length > 0) shaped.blocks = blocks;
  const author = workspace.user(text(message, 'user_id') ?? '');
  if (author && flag(author, 'is_bot'))
    shaped.bot_id = `B${(text(author, 'user_id') ?? '').slice(1)}`;
  const edited = text(message, 'edited_ts');
  if (edited) shaped.edited = { user: text(message, 'edited_user_id') ?? shaped.user, ts: edited };
  const parent = parentId(message);
  if (parent) {
    const parentRow = workspace.message(parent);
    shaped.thread_ts = parentRow ? messageTs(parentRow) : parent;
    if (parentRow) shaped.parent_user_id = text(parentRow, 'user_id') ?? '';
  } else {
    const replies = workspace.replies(id);
    if (replies.length > 0) {
      const replyUsers = [...new Set(replies.map((reply) => text(reply, 'user_id') ?? ''))];
      shaped.thread_ts = ts;
      shaped.reply_count = replies.length;
      shaped.reply_users_count = replyUsers.length;
      shaped.reply_users = replyUsers;
      shaped.latest_reply = messageTs(replies[replies.length - 1]!);
    }
  }
  const reactions = reactionsOf(workspace, id);
  if (reactions.length > 0) shaped.reactions = reactions;
  return shaped;
}

/** The workspace's subdomain: ours record it; for Agent-Diff teams, Slack's usual slug of the name. */
export function workspaceDomain(workspace: SlackWorkspace): string {
  const team = workspace.team;
  const domain = team && text(team, 'domain');
  if (domain) return domain;
  const name = (team && text(team, 'team_name')) ?? 'workspace';
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function permalink(workspace: SlackWorkspace, channelId: string, ts: string): string {
  return `https://${workspaceDomain(workspace)}.slack.com/archives/${channelId}/p${ts.replace('.', '')}`;
}
