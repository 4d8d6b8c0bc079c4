import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../src/services/api.js';
import { READ_METHODS } from '../../../src/services/slack/methods/registry.js';
import { SlackReadExposure } from '../../../src/services/slack/read-exposure.js';
import { createSlackReplica } from '../../../src/services/slack/replica.js';
import { checkExposure, type Probe } from '../read-exposure/support.js';
import { baseState, marenActor, membersOf, rowsOf } from './builtin-seed.js';

const get = (method: string, query: ApiRequest['query'] = {}): ApiRequest => ({
  method: 'GET',
  path: `/${method}`,
  query,
});
/** Channels Maren is in (the ones whose history she can read). */
const marensChannels = () =>
  rowsOf('channels')
    .filter((row) => membersOf(row.channel_id).includes(marenActor.id))
    .map((row) => String(row.channel_id));
const messagesOfHers = () =>
  rowsOf('messages').filter((row) => marensChannels().includes(String(row.channel_id)));
const words = ['the', 'budget', 'launch', 'review', 'please', 'today', 'release'];

/** How the test calls each read method on the built-in seed, as Maren. */
const PROBES: Record<string, Probe> = {
  'auth.test': () => get('auth.test'),
  'team.info': () => get('team.info'),
  'users.list': () => get('users.list', { limit: 1000 }),
  'users.info': (rows) =>
    rows('users').map((row) => get('users.info', { user: String(row.user_id) })),
  'users.lookupByEmail': (rows) =>
    rows('users')
      .filter((row) => row.email)
      .map((row) => get('users.lookupByEmail', { email: String(row.email) })),
  'users.conversations': () =>
    get('users.conversations', {
      limit: 1000,
      types: 'public_channel,private_channel,mpim,im',
      exclude_archived: false,
    }),
  'conversations.list': () =>
    get('conversations.list', { limit: 1000, types: 'public_channel,private_channel,mpim,im' }),
  'conversations.info': (rows) =>
    rows('channels').map((row) => get('conversations.info', { channel: String(row.channel_id) })),
  'conversations.history': () =>
    marensChannels().map((channel) => get('conversations.history', { channel, limit: 1000 })),
  'conversations.replies': () =>
    messagesOfHers()
      .filter((row) => row.parent_id && row.parent_id !== row.message_id)
      .map((row) => {
        const parent = rowsOf('messages').find((message) => message.message_id === row.parent_id);
        return get('conversations.replies', {
          channel: String(row.channel_id),
          ts: String(parent?.ts ?? row.parent_id),
          limit: 1000,
        });
      }),
  'conversations.members': () =>
    marensChannels().map((channel) => get('conversations.members', { channel, limit: 1000 })),
  'reactions.get': () =>
    messagesOfHers().map((row) =>
      get('reactions.get', {
        channel: String(row.channel_id),
        timestamp: String(row.ts ?? row.message_id),
        full: true,
      }),
    ),
  'search.messages': () => words.map((query) => get('search.messages', { query, count: 100 })),
  'search.all': () => words.map((query) => get('search.all', { query, count: 100 })),
};

/**
 * The built-in seed stores no Block Kit blocks; the probed state gives a thread parent in
 * Maren's channels blocks, so that history, replies and reactions.get must serve them.
 */
const parentWithBlocks = messagesOfHers().find((row) =>
  rowsOf('messages').some(
    (reply) => reply.parent_id === row.message_id && reply.message_id !== row.message_id,
  ),
)!;
const probedState = baseState.apply([
  {
    op: 'update',
    table: 'messages',
    key: { message_id: String(parentWithBlocks.message_id) },
    set: {
      blocks: [
        {
          type: 'rich_text',
          block_id: 'probe',
          elements: [
            { type: 'rich_text_section', elements: [{ type: 'text', text: 'probed blocks' }] },
          ],
        },
      ],
    },
  },
]).state;
const replica = createSlackReplica(probedState, marenActor);

describe('Slack read exposure (src/services/slack/read-exposure.ts)', () => {
  it('declares every read method of the replica, and nothing else', () => {
    expect(SlackReadExposure.map((entry) => entry.operation).sort()).toEqual(
      Object.keys(READ_METHODS).sort(),
    );
  });

  it("serves every declared column: some seed value of it is in the method's response", () => {
    expect(
      checkExposure(SlackReadExposure, PROBES, probedState, (request) => replica.handle(request)),
    ).toEqual([]);
  });
});
