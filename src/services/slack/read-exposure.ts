import type { ServiceReadExposure } from '../read-exposure.js';

// What each read method serves (docs/replicas.md, "What each read operation exposes").
// test/services/slack/read-exposure.test.ts calls every method on the built-in seed and
// finds each column's value in the answers. A column the request names (the `channel` of
// conversations.history) counts as exposed with the rows answered for it.

const USER = [
  'user_id',
  'username',
  'real_name',
  'display_name',
  'email',
  'timezone',
  'title',
  'is_bot',
  'is_admin',
  'deleted',
] as const;
const CHANNEL = [
  'channel_id',
  'channel_name',
  'is_private',
  // Served as `is_im` / `is_mpim` (a direct message, a group DM).
  'is_dm',
  'is_gc',
  'is_archived',
  'topic_text',
  'purpose_text',
  // `topic.creator` / `purpose.creator`: who last set them.
  'topic_set_by',
  'purpose_set_by',
  'creator_id',
  'created',
] as const;
const MESSAGE = [
  'message_id',
  'channel_id',
  'user_id',
  'message_text',
  'ts',
  'parent_id',
  // Block Kit blocks of a message posted with them (the message object's `blocks`).
  'blocks',
] as const;
const REACTION = ['message_id', 'user_id', 'reaction_type'] as const;
/** A user's workspace membership: the user object's `team_id` (its role shows as `is_admin`, `is_owner`, …). */
const TEAM_MEMBER = ['user_id', 'team_id'] as const;
const MEMBER = ['channel_id', 'user_id'] as const;

export const SlackReadExposure: ServiceReadExposure = [
  {
    operation: 'auth.test',
    exposes: { users: ['user_id', 'username'], teams: ['team_id', 'team_name'] },
  },
  { operation: 'team.info', exposes: { teams: ['team_id', 'team_name', 'domain'] } },
  { operation: 'users.list', exposes: { users: USER, user_teams: TEAM_MEMBER } },
  { operation: 'users.info', exposes: { users: USER, user_teams: TEAM_MEMBER } },
  { operation: 'users.lookupByEmail', exposes: { users: USER, user_teams: TEAM_MEMBER } },
  { operation: 'users.conversations', exposes: { channels: CHANNEL, channel_members: MEMBER } },
  { operation: 'conversations.list', exposes: { channels: CHANNEL } },
  { operation: 'conversations.info', exposes: { channels: CHANNEL } },
  {
    operation: 'conversations.history',
    exposes: { messages: MESSAGE, message_reactions: REACTION },
  },
  {
    operation: 'conversations.replies',
    exposes: { messages: MESSAGE, message_reactions: REACTION },
  },
  { operation: 'conversations.members', exposes: { channel_members: MEMBER } },
  { operation: 'reactions.get', exposes: { messages: MESSAGE, message_reactions: REACTION } },
  {
    operation: 'search.messages',
    exposes: { messages: ['message_id', 'channel_id', 'user_id', 'message_text', 'ts'] },
  },
  {
    operation: 'search.all',
    exposes: { messages: ['message_id', 'channel_id', 'user_id', 'message_text', 'ts'] },
  },
];
