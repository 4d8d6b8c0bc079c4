import { describe, expect, it } from 'vitest';
import { call, channelByName, collect, membersOf, rowsOf, seed } from './builtin-seed.js';

// Integrity of fixtures/packs/builtin/seeds/slack-base.json (packs/builtin/seeds/slack.ts): every
// reference between rows resolves, so the replica never shows a dangling id.
describe('built-in Slack seed', () => {
  const userIds = new Set(rowsOf('users').map((row) => row.user_id));
  const channelIds = new Set(rowsOf('channels').map((row) => row.channel_id));
  const messages = new Map(rowsOf('messages').map((row) => [row.message_id, row] as const));
  const memberships = new Set(
    rowsOf('channel_members').map((row) => `${row.channel_id}/${row.user_id}`),
  );

  it('has the size the task brief asks for', () => {
    expect(rowsOf('users').length).toBeGreaterThanOrEqual(35);
    expect(rowsOf('channels').length).toBeGreaterThanOrEqual(15);
    expect(rowsOf('channels').length).toBeLessThanOrEqual(40);
    expect(rowsOf('messages').length).toBeGreaterThanOrEqual(300);
    expect(rowsOf('messages').length).toBeLessThanOrEqual(600);
    expect(JSON.stringify(seed).length).toBeLessThan(1_500_000);
  });

  it('resolves every membership, author, thread parent and reaction', () => {
    for (const row of rowsOf('channel_members')) {
      expect(userIds.has(row.user_id) && channelIds.has(row.channel_id)).toBe(true);
    }
    for (const row of rowsOf('messages')) {
      expect(memberships.has(`${row.channel_id}/${row.user_id}`)).toBe(true);
      expect(row.message_id).toBe(row.ts);
      if (row.parent_id !== null) {
        const parent = messages.get(row.parent_id);
        expect(parent?.channel_id).toBe(row.channel_id);
        expect(parent?.parent_id).toBeNull();
        expect(Number(row.ts)).toBeGreaterThan(Number(parent?.ts));
      }
    }
    for (const row of rowsOf('message_reactions')) {
      const message = messages.get(row.message_id);
      expect(message).toBeDefined();
      expect(memberships.has(`${message?.channel_id}/${row.user_id}`)).toBe(true);
    }
  });

  it('gives every row of a table the same columns', () => {
    for (const [table, { rows }] of Object.entries(seed.tables)) {
      const columns = JSON.stringify(Object.keys(rows[0] ?? {}).sort());
      for (const row of rows)
        expect(`${table}: ${JSON.stringify(Object.keys(row).sort())}`).toBe(`${table}: ${columns}`);
    }
  });

  it('has DMs of two, hidden conversations, archived near-duplicates and duplicate names', () => {
    for (const dm of rowsOf('channels').filter((row) => row.is_dm === true)) {
      expect(
        rowsOf('channel_members').filter((row) => row.channel_id === dm.channel_id),
      ).toHaveLength(2);
    }
    expect(channelByName('wh-west-ops-archive').is_archived).toBe(true);
    expect(channelByName('wh-west-ops').is_archived).toBe(false);
    const displayNames = rowsOf('users').map((row) => String(row.display_name));
    expect(displayNames.filter((name) => name.startsWith('Priya')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(rowsOf('users').filter((row) => row.is_bot === true).length).toBeGreaterThanOrEqual(1);
  });

  it('has crew channels whose deactivated members span two default pages of conversations.members', () => {
    const deleted = new Set(
      rowsOf('users')
        .filter((row) => row.deleted === true)
        .map((row) => String(row.user_id)),
    );
    for (const name of ['seasonal-crew-west', 'seasonal-crew-east']) {
      const id = String(channelByName(name).channel_id);
      const firstPage = call('conversations.members', { channel: id });
      expect(firstPage.members).toHaveLength(100);
      expect(firstPage.response_metadata.next_cursor).not.toBe('');
      const { items, pages } = collect('conversations.members', 'members', { channel: id });
      expect(items).toEqual(membersOf(id));
      expect(pages).toBe(2);
      const listed = items.map(String);
      const deactivated = listed.filter((user) => deleted.has(user));
      const onFirst = deactivated.filter((user) => firstPage.members.includes(user));
      expect(onFirst.length).toBeGreaterThan(0);
      expect(deactivated.length).toBeGreaterThan(onFirst.length);
      // One deactivated member shares a real name with an active member of the same channel.
      const names = (deactivatedOnes: boolean) =>
        rowsOf('users')
          .filter(
            (row) =>
              listed.includes(String(row.user_id)) && (row.deleted === true) === deactivatedOnes,
          )
          .map((row) => row.real_name);
      expect(names(true).some((real) => names(false).includes(real))).toBe(true);
    }
  });

  it('types one guest name loosely beside a deactivated namesake', () => {
    const kais = rowsOf('users').filter((row) =>
      /^\s*kai\s+brandt\s*$/i.test(String(row.real_name)),
    );
    expect(kais.map((row) => [row.real_name, row.deleted])).toEqual([
      ['kai brandt', false],
      ['Kai Brandt', true],
    ]);
  });
});
