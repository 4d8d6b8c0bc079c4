// Slack's documented read methods and response fields, from Slack's method reference and its
// user, conversation and message object pages (api.slack.com/methods, /types).
import type { Row } from '../../../src/schema/json.js';
import type { Catalogue } from './catalogue.js';
import type { SeedContext } from './seeds.js';
import type { Shape } from './shape.js';

const topic: Shape = { value: 'string', creator: 'string', last_set: 'number' };

const conversation: Shape = {
  id: 'string',
  name: 'string',
  is_channel: 'boolean',
  is_group: 'boolean',
  is_im: 'boolean',
  is_mpim: 'boolean',
  is_private: 'boolean',
  created: 'number',
  creator: 'string',
  is_archived: 'boolean',
  is_general: 'boolean',
  unlinked: 'number',
  name_normalized: 'string',
  is_shared: 'boolean',
  is_ext_shared: 'boolean',
  is_org_shared: 'boolean',
  pending_shared: 'array',
  is_pending_ext_shared: 'boolean',
  is_member: 'boolean',
  is_read_only: 'boolean',
  is_thread_only: 'boolean',
  is_non_threadable: 'boolean',
  updated: 'number',
  context_team_id: 'string',
  shared_team_ids: 'array',
  parent_conversation: 'string?',
  topic,
  purpose: topic,
  previous_names: 'array',
};

const listedConversation: Shape = { ...conversation, num_members: 'number' };

const profile: Shape = {
  title: 'string',
  phone: 'string',
  skype: 'string',
  real_name: 'string',
  real_name_normalized: 'string',
  display_name: 'string',
  display_name_normalized: 'string',
  first_name: 'string',
  last_name: 'string',
  status_text: 'string',
  status_emoji: 'string',
  status_expiration: 'number',
  avatar_hash: 'string',
  image_24: 'string',
  image_32: 'string',
  image_48: 'string',
  image_72: 'string',
  image_192: 'string',
  image_512: 'string',
  team: 'string',
};

const user: Shape = {
  id: 'string',
  team_id: 'string',
  name: 'string',
  deleted: 'boolean',
  color: 'string',
  real_name: 'string',
  tz: 'string',
  tz_label: 'string',
  tz_offset: 'number',
  profile,
  is_admin: 'boolean',
  is_owner: 'boolean',
  is_primary_owner: 'boolean',
  is_restricted: 'boolean',
  is_ultra_restricted: 'boolean',
  is_bot: 'boolean',
  is_app_user: 'boolean',
  updated: 'number',
  is_email_confirmed: 'boolean',
  who_can_share_contact_card: 'string',
};

const message: Shape = { type: 'string', user: 'string', text: 'string', ts: 'string' };

const cursorPage: Shape = { response_metadata: { next_cursor: 'string' } };

const searchPaging: Shape = {
  total: 'number',
  pagination: {
    total_count: 'number',
    page: 'number',
    per_page: 'number',
    page_count: 'number',
    first: 'number',
    last: 'number',
  },
  paging: { count: 'number', total: 'number', page: 'number', pages: 'number' },
};

const searchMatch: Shape = {
  iid: 'string',
  team: 'string',
  channel: { id: 'string', name: 'string', is_private: 'boolean', is_channel: 'boolean' },
  type: 'string',
  user: 'string',
  username: 'string',
  ts: 'string',
  text: 'string',
  permalink: 'string',
};

const messageSearch: Shape = { ...searchPaging, matches: [searchMatch] };

const notFound: Shape = { ok: 'boolean', error: 'string' };

/** A public channel with the most top-level messages, one of them with replies. */
function busyChannel(seed: SeedContext): string {
  const messages = seed.rows('messages');
  const parents = new Set(messages.map((row) => row.parent_id).filter(Boolean));
  const channels = seed
    .rows('channels')
    .filter((row) => row.is_private !== true && row.is_dm !== true && row.is_gc !== true);
  const score = (channel: Row) =>
    messages.filter((row) => row.channel_id === channel.channel_id && parents.has(row.message_id))
      .length *
      1000 +
    messages.filter((row) => row.channel_id === channel.channel_id).length;
  return String(channels.sort((a, b) => score(b) - score(a))[0]!.channel_id);
}

function threadParent(seed: SeedContext): Row {
  const messages = seed.rows('messages');
  const channel = busyChannel(seed);
  const parent = messages.find(
    (row) =>
      row.channel_id === channel && messages.some((reply) => reply.parent_id === row.message_id),
  );
  return parent ?? messages.find((row) => row.channel_id === channel)!;
}

function reactedMessage(seed: SeedContext): Row {
  const reacted = new Set(seed.rows('message_reactions').map((row) => row.message_id));
  return seed.rows('messages').find((row) => reacted.has(row.message_id))!;
}

function human(seed: SeedContext): string {
  return String(seed.rows('users').find((row) => row.is_bot !== true)!.user_id);
}

/** A word of a message text in a channel the actor is in, so search has matches. */
function searchWord(seed: SeedContext): string {
  const text = String(threadParent(seed).message_text ?? '');
  return text.split(/\W+/).find((word) => word.length > 4) ?? 'the';
}

const get = (method: string, query: Record<string, string | number> = {}) => ({
  method: 'GET',
  path: `/${method}`,
  query,
});

export const slackCatalogue: Catalogue = {
  'auth.test': [
    {
      name: 'identity',
      request: () => get('auth.test'),
      status: 200,
      shape: {
        ok: 'boolean',
        url: 'string',
        team: 'string',
        user: 'string',
        team_id: 'string',
        user_id: 'string',
        is_enterprise_install: 'boolean',
      },
    },
  ],
  'conversations.history': [
    {
      name: 'busiest public channel',
      request: (seed) => get('conversations.history', { channel: busyChannel(seed), limit: 5 }),
      status: 200,
      shape: {
        ok: 'boolean',
        messages: [message],
        has_more: 'boolean',
        pin_count: 'number',
        channel_actions_ts: 'number?',
        channel_actions_count: 'number',
        ...cursorPage,
      },
    },
    {
      name: 'unknown channel',
      request: () => get('conversations.history', { channel: 'C0NOSUCHONE' }),
      status: 200,
      error: true,
      shape: notFound,
    },
  ],
  'conversations.info': [
    {
      name: 'public channel',
      request: (seed) => get('conversations.info', { channel: busyChannel(seed) }),
      status: 200,
      shape: { ok: 'boolean', channel: { ...conversation, last_read: 'string' } },
    },
  ],
  'conversations.list': [
    {
      name: 'first page',
      request: () => get('conversations.list', { limit: 3 }),
      status: 200,
      shape: { ok: 'boolean', channels: [listedConversation], ...cursorPage },
    },
  ],
  'conversations.members': [
    {
      name: 'first page',
      request: (seed) => get('conversations.members', { channel: busyChannel(seed), limit: 3 }),
      status: 200,
      shape: { ok: 'boolean', members: 'array', ...cursorPage },
    },
  ],
  'conversations.replies': [
    {
      name: 'a thread',
      request: (seed) =>
        get('conversations.replies', {
          channel: String(threadParent(seed).channel_id),
          ts: String(threadParent(seed).ts ?? threadParent(seed).message_id),
        }),
      status: 200,
      shape: { ok: 'boolean', messages: [message], has_more: 'boolean', ...cursorPage },
    },
  ],
  'reactions.get': [
    {
      name: 'a reacted message',
      request: (seed) =>
        get('reactions.get', {
          channel: String(reactedMessage(seed).channel_id),
          timestamp: String(reactedMessage(seed).ts ?? reactedMessage(seed).message_id),
        }),
      status: 200,
      shape: {
        ok: 'boolean',
        type: 'string',
        channel: 'string',
        message: {
          ...message,
          permalink: 'string',
          reactions: [{ name: 'string', users: 'array', count: 'number' }],
        },
      },
    },
  ],
  'search.all': [
    {
      name: 'a word of a message',
      request: (seed) => get('search.all', { query: searchWord(seed) }),
      status: 200,
      shape: {
        ok: 'boolean',
        query: 'string',
        messages: messageSearch,
        files: { ...searchPaging, matches: 'array' },
        posts: { total: 'number', matches: 'array' },
      },
    },
  ],
  'search.messages': [
    {
      name: 'a word of a message',
      request: (seed) => get('search.messages', { query: searchWord(seed) }),
      status: 200,
      shape: { ok: 'boolean', query: 'string', messages: messageSearch },
    },
  ],
  'users.conversations': [
    {
      name: 'default types',
      request: () => get('users.conversations'),
      status: 200,
      shape: { ok: 'boolean', channels: [conversation], ...cursorPage },
    },
  ],
  'users.info': [
    {
      name: 'a person',
      request: (seed) => get('users.info', { user: human(seed) }),
      status: 200,
      shape: { ok: 'boolean', user },
    },
    {
      name: 'unknown user',
      request: () => get('users.info', { user: 'U0NOSUCHONE' }),
      status: 200,
      error: true,
      shape: notFound,
    },
  ],
  'users.list': [
    {
      name: 'first page',
      request: () => get('users.list', { limit: 5 }),
      status: 200,
      shape: { ok: 'boolean', members: [user], cache_ts: 'number', ...cursorPage },
    },
  ],
};
