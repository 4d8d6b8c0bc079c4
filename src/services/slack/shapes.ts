import type { Row } from '../../schema/json.js';
import { conversationType } from './permissions.js';
import { flag, integer, messageTs, parentId, text } from './tables.js';
import type { SlackWorkspace } from './workspace.js';

// JSON objects shaped as Slack's Web API returns them (users, conversations, messages).

export function teamId(workspace: SlackWorkspace): string {
  return (workspace.team && text(workspace.team, 'team_id')) ?? 'T00000000';
}

export function userObject(workspace: SlackWorkspace, user: Row): Record<string, unknown> {
  const id = text(user, 'user_id') ?? '';
  const role = workspace.teamRole(id);
  const realName = text(user, 'real_name') ?? '';
  const displayName = text(user, 'display_name') ?? '';
  return {
    id,
    team_id: teamId(workspace),
    name: text(user, 'username') ?? '',
    deleted: flag(user, 'deleted'),
    real_name: realName,
    tz: text(user, 'timezone') ?? null,
    is_admin: flag(user, 'is_admin') || role === 'admin' || role === 'owner',
    is_owner: role === 'owner',
    is_bot: flag(user, 'is_bot'),
    is_app_user: false,
    profile: {
      title: text(user, 'title') ?? '',
      real_name: realName,
      real_name_normalized: realName,
      display_name: displayName,
      display_name_normalized: displayName,
      email: text(user, 'email') ?? null,
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

export function channelObject(
  workspace: SlackWorkspace,
  actorId: string,
  channel: Row,
): Record<string, unknown> {
  const id = text(channel, 'channel_id') ?? '';
  const type = conversationType(channel);
  const created = integer(channel, 'created') ?? 0;
  const members = workspace.members(id);
  if (type === 'im') {
    // A DM is named by the other participant, not by a channel name.
    const other = members.find((member) => member !== actorId) ?? actorId;
    return {
      id,
      created,
      is_im: true,
      is_org_shared: false,
      user: other,
      is_user_deleted: false,
      priority: 0,
    };
  }
  const name = text(channel, 'channel_name') ?? '';
  return {
    id,
    name,
    name_normalized: name,
    is_channel: type === 'public_channel',
    is_group: type === 'private_channel',
    is_im: false,
    is_mpim: type === 'mpim',
    is_private: type !== 'public_channel',
    created,
    creator: text(channel, 'creator_id') ?? '',
    is_archived: flag(channel, 'is_archived'),
    is_general: name === 'general',
    is_shared: false,
    is_org_shared: false,
    is_member: workspace.isMember(id, actorId),
    context_team_id: text(channel, 'team_id') ?? teamId(workspace),
    topic: topicObject(channel, 'topic_text', 'topic_set_by', 'topic_last_set'),
    purpose: topicObject(channel, 'purpose_text', 'purpose_set_by', 'purpose_last_set'),
    num_members: members.length,
  };
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
