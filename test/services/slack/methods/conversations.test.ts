import { describe, expect, it } from 'vitest';
import { canRead } from '../../../../src/services/slack/permissions.js';
import { SlackWorkspace } from '../../../../src/services/slack/workspace.js';
import {
  baseState,
  call,
  channelByName,
  collect,
  maren,
  membersOf,
  rowsOf,
  type SlackBody,
} from '../builtin-seed.js';

const marenId = String(maren.user_id);
const isMember = (channelId: unknown) => membersOf(channelId).includes(marenId);
const visibleTo = (row: Record<string, unknown>) =>
  row.is_private !== true || isMember(row.channel_id);
const topLevel = (channelId: unknown) =>
  rowsOf('messages')
    .filter((row) => row.channel_id === channelId && !row.parent_id)
    .sort((a, b) => Number(b.ts) - Number(a.ts));

describe('conversations.list', () => {
  it('lists only public channels by default, in seed order', () => {
    const { items } = collect('conversations.list', 'channels', { limit: 1000 });
    const expected = rowsOf('channels')
      .filter((row) => row.is_private === false)
      .map((row) => row.channel_id);
    expect(items.map((channel) => channel.id)).toEqual(expected);
  });

  it('lists every conversation the actor can see across all types with paging, and nothing else', () => {
    const { items, pages } = collect('conversations.list', 'channels', {
      types: 'public_channel,private_channel,mpim,im',
      limit: 5,
    });
    const expected = rowsOf('channels')
      .filter(visibleTo)
      .map((row) => row.channel_id);
    expect(items.map((channel) => channel.id)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 5));
    const hidden = rowsOf('channels').filter((row) => !visibleTo(row));
    expect(hidden.length).toBeGreaterThan(0);
    for (const row of hidden)
      expect(items.map((channel) => channel.id)).not.toContain(row.channel_id);
  });

  it('filters by type and excludes archived channels on request', () => {
    const ims = call('conversations.list', { types: ['im'] }).channels as SlackBody[];
    const expectedIms = rowsOf('channels').filter(
      (row) => row.is_dm === true && isMember(row.channel_id),
    );
    expect(ims.map((channel) => channel.id)).toEqual(expectedIms.map((row) => row.channel_id));
    for (const dm of ims) {
      expect(dm.is_im).toBe(true);
      expect(dm.user).toBe(membersOf(dm.id).find((id) => id !== marenId));
    }
    const active = call('conversations.list', { exclude_archived: true, limit: 1000 })
      .channels as SlackBody[];
    const archivedNames = rowsOf('channels')
      .filter((row) => row.is_archived === true)
      .map((row) => row.channel_name);
    expect(archivedNames).toContain('wh-west-ops-archive');
    const expectedActive = rowsOf('channels').filter(
      (row) => row.is_private === false && row.is_archived !== true,
    );
    expect(active.map((channel) => channel.id)).toEqual(
      expectedActive.map((row) => row.channel_id),
    );
    for (const name of archivedNames)
      expect(active.map((channel) => channel.name)).not.toContain(name);
  });

  it('rejects unknown types and foreign cursors', () => {
    expect(call('conversations.list', { types: 'public_channel,shared' })).toEqual({
      ok: false,
      error: 'invalid_types',
    });
    expect(call('conversations.list', { cursor: 'bm90LWEtY3Vyc29y' })).toEqual({
      ok: false,
      error: 'invalid_cursor',
    });
  });
});

describe('conversations.info and conversations.members', () => {
  it('describes a channel with topic, purpose, membership and member count', () => {
    const row = channelByName('wh-west-ops');
    const body = call('conversations.info', { channel: row.channel_id as string });
    expect(body.ok).toBe(true);
    expect(body.channel).toMatchObject({
      id: row.channel_id,
      name: 'wh-west-ops',
      is_channel: true,
      is_private: false,
      topic: { value: row.topic_text, creator: row.topic_set_by, last_set: row.topic_last_set },
      purpose: { value: row.purpose_text },
      is_member: isMember(row.channel_id),
      num_members: membersOf(row.channel_id).length,
    });
  });

  it('pages through members and returns exactly the seed membership', () => {
    const row = channelByName('general');
    const { items, pages } = collect('conversations.members', 'members', {
      channel: row.channel_id as string,
      limit: 7,
    });
    expect(items).toEqual(membersOf(row.channel_id));
    expect(pages).toBeGreaterThan(1);
  });

  it('hides private channels the actor is not in, as if they did not exist', () => {
    const hidden = channelByName('leadership-sync');
    expect(isMember(hidden.channel_id)).toBe(false);
    for (const method of ['conversations.info', 'conversations.members', 'conversations.history']) {
      expect(call(method, { channel: hidden.channel_id as string })).toEqual({
        ok: false,
        error: 'channel_not_found',
      });
    }
    expect(call('conversations.info', { channel: 'C0DOESNOTEXIST' })).toEqual({
      ok: false,
      error: 'channel_not_found',
    });
  });

  it('a member of the private channel sees it', () => {
    const hidden = channelByName('leadership-sync');
    const memberId = membersOf(hidden.channel_id)[0]!;
    const body = call('conversations.info', { channel: hidden.channel_id as string }, baseState, {
      id: memberId,
      name: 'member',
    });
    expect(body.ok).toBe(true);
    expect(body.channel.is_group).toBe(true);
  });

  it('requires the channel argument', () => {
    const body = call('conversations.info', {});
    expect(body.ok).toBe(false);
    expect(body.error).toBe('invalid_arguments');
    expect(body.response_metadata.messages[0]).toContain('channel');
  });

  it('agrees with the visibility rule for every conversation', () => {
    const workspace = new SlackWorkspace(baseState);
    for (const row of rowsOf('channels')) {
      expect(canRead(workspace, marenId, row)).toBe(visibleTo(row));
    }
  });
});

describe('conversations.history', () => {
  const siteOps = channelByName('site-ops');

  it('returns top-level messages newest first, paged, without thread replies', () => {
    const { items, pages } = collect('conversations.history', 'messages', {
      channel: siteOps.channel_id as string,
      limit: 10,
    });
    const expected = topLevel(siteOps.channel_id);
    expect(items.map((message) => message.ts)).toEqual(expected.map((row) => row.ts));
    expect(pages).toBe(Math.ceil(expected.length / 10));
    expect(items.every((message) => message.parent_user_id === undefined)).toBe(true);
  });

  it('shapes messages as Slack does, with thread metadata and grouped reactions', () => {
    const parent = rowsOf('messages').find(
      (row) =>
        row.channel_id === siteOps.channel_id &&
        rowsOf('messages').some((reply) => reply.parent_id === row.message_id),
    )!;
    const replies = rowsOf('messages').filter((row) => row.parent_id === parent.message_id);
    const reactions = rowsOf('message_reactions').filter(
      (row) => row.message_id === parent.message_id,
    );
    const body = call('conversations.history', {
      channel: siteOps.channel_id as string,
      latest: parent.ts as string,
      inclusive: true,
      limit: 1,
    });
    const [message] = body.messages;
    expect(message).toMatchObject({
      type: 'message',
      user: parent.user_id,
      text: parent.message_text,
      ts: parent.ts,
      thread_ts: parent.ts,
      reply_count: replies.length,
      latest_reply: replies
        .map((row) => String(row.ts))
        .sort()
        .at(-1),
    });
    const total = (message.reactions ?? []).reduce(
      (sum: number, reaction: SlackBody) => sum + reaction.count,
      0,
    );
    expect(total).toBe(reactions.length);
    for (const reaction of message.reactions ?? [])
      expect(reaction.users).toHaveLength(reaction.count);
  });

  it('applies oldest/latest exclusively unless inclusive is set', () => {
    const expected = topLevel(siteOps.channel_id);
    const newer = expected[2]!.ts as string;
    const older = expected[6]!.ts as string;
    const exclusive = call('conversations.history', {
      channel: siteOps.channel_id as string,
      oldest: older,
      latest: newer,
    }).messages;
    expect(exclusive.map((message: SlackBody) => message.ts)).toEqual(
      expected.slice(3, 6).map((row) => row.ts),
    );
    const inclusive = call('conversations.history', {
      channel: siteOps.channel_id as string,
      oldest: older,
      latest: newer,
      inclusive: '1',
    }).messages;
    expect(inclusive.map((message: SlackBody) => message.ts)).toEqual(
      expected.slice(2, 7).map((row) => row.ts),
    );
  });

  it('reads public channels the actor has not joined', () => {
    const notJoined = rowsOf('channels').find(
      (row) => row.is_private === false && !isMember(row.channel_id),
    )!;
    const body = call('conversations.history', {
      channel: notJoined.channel_id as string,
      limit: 999,
    });
    expect(body.ok).toBe(true);
    expect(body.messages).toHaveLength(topLevel(notJoined.channel_id).length);
  });
});

describe('conversations.replies', () => {
  const threadParent = rowsOf('messages').find(
    (row) => rowsOf('messages').filter((reply) => reply.parent_id === row.message_id).length >= 3,
  )!;
  const replies = rowsOf('messages')
    .filter((row) => row.parent_id === threadParent.message_id)
    .sort((a, b) => Number(a.ts) - Number(b.ts));

  it('returns the parent then the replies oldest first, from the parent or any reply ts', () => {
    const expected = [threadParent.ts, ...replies.map((row) => row.ts)];
    const fromParent = call('conversations.replies', {
      channel: threadParent.channel_id as string,
      ts: threadParent.ts as string,
    });
    expect(fromParent.messages.map((message: SlackBody) => message.ts)).toEqual(expected);
    const fromReply = call('conversations.replies', {
      channel: threadParent.channel_id as string,
      ts: replies[1]!.ts as string,
    });
    expect(fromReply.messages.map((message: SlackBody) => message.ts)).toEqual(expected);
    expect(fromReply.messages[1]).toMatchObject({
      thread_ts: threadParent.ts,
      parent_user_id: threadParent.user_id,
    });
  });

  it('pages a thread and keeps the parent first', () => {
    const { items } = collect('conversations.replies', 'messages', {
      channel: threadParent.channel_id as string,
      ts: threadParent.ts as string,
      limit: 2,
    });
    expect(items.map((message) => message.ts)).toEqual([
      threadParent.ts,
      ...replies.map((row) => row.ts),
    ]);
  });

  it('answers thread_not_found for an unknown ts', () => {
    expect(
      call('conversations.replies', { channel: threadParent.channel_id as string, ts: '1.000001' }),
    ).toEqual({ ok: false, error: 'thread_not_found' });
  });
});

describe('users.conversations', () => {
  it("lists the actor's own conversations of every requested type", () => {
    const { items } = collect('users.conversations', 'channels', {
      types: 'public_channel,private_channel,mpim,im',
      limit: 4,
    });
    const expected = rowsOf('channels').filter((row) => isMember(row.channel_id));
    expect(items.map((channel) => channel.id)).toEqual(expected.map((row) => row.channel_id));
    expect(items.every((channel) => channel.is_im === true || channel.is_member === true)).toBe(
      true,
    );
  });

  it("shows another user's conversations only where the actor can see them", () => {
    const other = membersOf(channelByName('leadership-sync').channel_id).find(
      (id) => id !== marenId,
    )!;
    const { items } = collect('users.conversations', 'channels', {
      user: other,
      types: 'public_channel,private_channel,mpim,im',
    });
    const expected = rowsOf('channels').filter(
      (row) => membersOf(row.channel_id).includes(other) && visibleTo(row),
    );
    expect(items.map((channel) => channel.id)).toEqual(expected.map((row) => row.channel_id));
    expect(items.map((channel) => channel.name)).not.toContain('leadership-sync');
    expect(call('users.conversations', { user: 'U0NOBODY000' })).toEqual({
      ok: false,
      error: 'user_not_found',
    });
  });
});
