import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { seedFromAgentDiff } from '../../../src/import/agent-diff/seed.js';
import type { Row } from '../../../src/schema/json.js';
import type { Actor } from '../../../src/schema/task.js';
import { createSlackReplica, SlackTableKeys } from '../../../src/services/slack/index.js';
import { State } from '../../../src/state/state.js';
import { AGENT_DIFF_DIR, describeWithAgentDiff } from '../../support/shared.js';
import type { SlackBody } from './builtin-seed.js';

describeWithAgentDiff('Slack replica over the Agent-Diff seed slack_bench_v2', () => {
  const load = () => {
    const json = JSON.parse(
      readFileSync(path.join(AGENT_DIFF_DIR, 'seeds/slack/slack_bench_v2.json'), 'utf8'),
    ) as Record<string, Row[]>;
    const { seed, skippedTables } = seedFromAgentDiff(
      'slack_bench_v2',
      'slack',
      json,
      SlackTableKeys,
    );
    return { json, seed, skippedTables, state: State.fromSeed(seed) };
  };
  const { json, skippedTables, state } = load();
  // The benchmark's own default actor is its agent user; derive it from the rows.
  const agent = json.users!.find((row) => row.is_bot === true)!;
  const actor: Actor = { id: String(agent.user_id), name: String(agent.real_name) };
  const call = (method: string, query: Record<string, string | number | boolean> = {}) =>
    createSlackReplica(state, actor).handle({ method: 'GET', path: `/${method}`, query })
      .body as SlackBody;
  const collect = (
    method: string,
    field: string,
    query: Record<string, string | number | boolean>,
  ) => {
    const items: SlackBody[] = [];
    let cursor = '';
    do {
      const body = call(method, { ...query, ...(cursor ? { cursor } : {}) });
      expect(body.ok).toBe(true);
      items.push(...body[field]);
      cursor = body.response_metadata.next_cursor;
    } while (cursor !== '');
    return items;
  };
  const membersOf = (channelId: unknown) =>
    json.channel_members!.filter((row) => row.channel_id === channelId).map((row) => row.user_id);
  const visible = (row: Row) =>
    row.is_private !== true || membersOf(row.channel_id).includes(actor.id);

  it('loads every table with the declared keys, rows unique by key', () => {
    expect(skippedTables).toEqual([]);
    for (const table of Object.keys(json)) {
      expect(state.rows(table)).toHaveLength(json[table]!.length);
      const key = SlackTableKeys[table]!;
      expect(
        new Set(json[table]!.map((row) => JSON.stringify(key.map((column) => row[column])))).size,
      ).toBe(json[table]!.length);
    }
  });

  it('lists every conversation the agent can see, and only those', () => {
    const listed = collect('conversations.list', 'channels', {
      types: 'public_channel,private_channel,mpim,im',
      limit: 4,
    });
    expect(listed.map((channel) => channel.id)).toEqual(
      json.channels!.filter(visible).map((row) => row.channel_id),
    );
  });

  it('returns every top-level message of every visible channel through paged history, newest first', () => {
    for (const channel of json.channels!.filter(visible)) {
      const expected = json
        .messages!.filter((row) => row.channel_id === channel.channel_id && !row.parent_id)
        .sort((a, b) => Number(b.ts ?? b.message_id) - Number(a.ts ?? a.message_id));
      const history = collect('conversations.history', 'messages', {
        channel: String(channel.channel_id),
        limit: 3,
      });
      expect(history.map((message) => message.ts)).toEqual(
        expected.map((row) => row.ts ?? row.message_id),
      );
      expect(history.map((message) => message.text)).toEqual(
        expected.map((row) => row.message_text),
      );
    }
  });

  it('returns every reply of every thread', () => {
    const parents = new Set(
      json.messages!.filter((row) => row.parent_id).map((row) => row.parent_id),
    );
    expect(parents.size).toBeGreaterThan(0);
    for (const parentId of parents) {
      const parent = json.messages!.find((row) => row.message_id === parentId);
      if (!parent || !visible(json.channels!.find((row) => row.channel_id === parent.channel_id)!))
        continue;
      const replies = json
        .messages!.filter((row) => row.parent_id === parentId)
        .sort((a, b) => Number(a.ts) - Number(b.ts));
      const thread = call('conversations.replies', {
        channel: String(parent.channel_id),
        ts: String(parent.ts ?? parent.message_id),
      });
      expect(thread.messages.map((message: SlackBody) => message.ts)).toEqual([
        parent.ts ?? parent.message_id,
        ...replies.map((row) => row.ts ?? row.message_id),
      ]);
    }
  });

  it('returns every member of every visible channel and every user', () => {
    for (const channel of json.channels!.filter(visible)) {
      expect(
        collect('conversations.members', 'members', {
          channel: String(channel.channel_id),
          limit: 5,
        }),
      ).toEqual(membersOf(channel.channel_id));
    }
    expect(collect('users.list', 'members', { limit: 6 }).map((user) => user.id)).toEqual(
      json.users!.map((row) => row.user_id),
    );
  });

  it('returns the seed reactions and tolerates missing optional columns', () => {
    for (const reaction of json.message_reactions ?? []) {
      const message = json.messages!.find((row) => row.message_id === reaction.message_id)!;
      const body = call('reactions.get', {
        channel: String(message.channel_id),
        timestamp: String(message.ts ?? message.message_id),
      });
      expect(body.message.reactions).toContainEqual(
        expect.objectContaining({
          name: reaction.reaction_type,
          users: expect.arrayContaining([reaction.user_id]),
        }),
      );
    }
    // Agent-Diff rows lack created/creator: the channel is dated by its first message and
    // credited to that message's author; topic setters stay unknown.
    const first = json.channels![0]!;
    const earliest = json
      .messages!.filter((row) => row.channel_id === first.channel_id)
      .sort((a, b) => Number(a.ts ?? a.message_id) - Number(b.ts ?? b.message_id))[0]!;
    expect(call('conversations.info', { channel: String(first.channel_id) }).channel).toMatchObject(
      {
        created: Math.floor(Number(earliest.ts ?? earliest.message_id)),
        creator: earliest.user_id,
        topic: { value: first.topic_text, creator: '', last_set: 0 },
      },
    );
  });

  it('finds seed messages through search with in: modifiers', () => {
    const message = json.messages!.find(
      (row) =>
        String(row.message_text).split(' ').length > 4 &&
        visible(json.channels!.find((c) => c.channel_id === row.channel_id)!),
    )!;
    const channel = json.channels!.find((row) => row.channel_id === message.channel_id)!;
    const words = String(message.message_text).split(/\s+/).slice(0, 3).join(' ');
    const body = call('search.messages', {
      query: `${words} in:#${channel.channel_name}`,
      count: 100,
    });
    const expected = json.messages!.filter(
      (row) =>
        row.channel_id === channel.channel_id &&
        words
          .toLowerCase()
          .split(' ')
          .every((word) => String(row.message_text).toLowerCase().includes(word)),
    );
    expect(body.messages.matches.map((match: SlackBody) => match.ts).sort()).toEqual(
      expected.map((row) => String(row.ts ?? row.message_id)).sort(),
    );
  });
});
