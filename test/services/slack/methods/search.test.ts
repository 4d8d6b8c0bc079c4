import { describe, expect, it } from 'vitest';
import {
  call,
  channelByName,
  maren,
  membersOf,
  rowsOf,
  type SlackBody,
  userByName,
} from '../builtin-seed.js';

const marenId = String(maren.user_id);
const readable = new Set(
  rowsOf('channels')
    .filter((row) => row.is_private !== true || membersOf(row.channel_id).includes(marenId))
    .map((row) => row.channel_id),
);
const matching = (predicate: (row: Record<string, unknown>) => boolean) =>
  rowsOf('messages').filter((row) => readable.has(row.channel_id) && predicate(row));

function allMatches(query: Record<string, string | number>): SlackBody[] {
  const first = call('search.messages', { ...query, count: 100 });
  const matches = [...first.messages.matches];
  for (let page = 2; page <= first.messages.paging.pages; page += 1) {
    matches.push(...call('search.messages', { ...query, count: 100, page }).messages.matches);
  }
  return matches;
}

describe('search.messages', () => {
  it('finds every readable message containing all terms, replies included', () => {
    const matches = allMatches({ query: 'dock 4 inspection' });
    const words = ['dock', '4', 'inspection'];
    const exact = matching((row) =>
      words.every((word) => String(row.message_text).toLowerCase().includes(word)),
    );
    expect(exact.length).toBeGreaterThan(2);
    expect(matches.map((match) => match.ts).sort()).toEqual(
      exact.map((row) => String(row.ts)).sort(),
    );
    expect(
      matches.some((match) => rowsOf('messages').find((row) => row.ts === match.ts)?.parent_id),
    ).toBe(exact.some((row) => row.parent_id));
  });

  it('narrows by in:#channel and from:@user', () => {
    const siteOps = channelByName('site-ops');
    const matches = allMatches({ query: 'inspection in:#site-ops from:@maren.holt' });
    const expected = matching(
      (row) =>
        row.channel_id === siteOps.channel_id &&
        row.user_id === marenId &&
        String(row.message_text).toLowerCase().includes('inspection'),
    );
    expect(matches.map((match) => match.ts).sort()).toEqual(
      expected.map((row) => String(row.ts)).sort(),
    );
    expect(
      matches.every((match) => match.channel.name === 'site-ops' && match.user === marenId),
    ).toBe(true);
    const byMention = allMatches({
      query: `inspection in:<#${siteOps.channel_id}> from:<@${marenId}>`,
    });
    expect(byMention.map((match) => match.ts).sort()).toEqual(
      expected.map((row) => String(row.ts)).sort(),
    );
  });

  it('pages with count and page, and sorts by timestamp on request', () => {
    const omar = userByName('Omar Haddad');
    const expected = matching((row) => row.user_id === omar.user_id).sort(
      (a, b) => Number(b.ts) - Number(a.ts),
    );
    const first = call('search.messages', {
      query: 'from:@omar.haddad',
      sort: 'timestamp',
      count: 5,
    });
    expect(first.messages.paging).toEqual({
      count: 5,
      total: expected.length,
      page: 1,
      pages: Math.ceil(expected.length / 5),
    });
    expect(first.messages.matches.map((match: SlackBody) => match.ts)).toEqual(
      expected.slice(0, 5).map((row) => row.ts),
    );
    const second = call('search.messages', {
      query: 'from:@omar.haddad',
      sort: 'timestamp',
      count: 5,
      page: 2,
    });
    expect(second.messages.matches.map((match: SlackBody) => match.ts)).toEqual(
      expected.slice(5, 10).map((row) => row.ts),
    );
  });

  it('never returns messages from conversations the actor cannot read', () => {
    const hidden = rowsOf('channels')
      .filter((row) => !readable.has(row.channel_id))
      .map((row) => row.channel_id);
    const hiddenMessages = rowsOf('messages').filter((row) => hidden.includes(row.channel_id));
    expect(hiddenMessages.length).toBeGreaterThan(0);
    const sample = String(hiddenMessages[0]!.message_text);
    const matches = allMatches({ query: `"${sample}"` });
    expect(matches.some((match) => hidden.includes(match.channel.id))).toBe(false);
    // A member of that conversation does find it: the filter is visibility, not the query.
    const member = membersOf(hiddenMessages[0]!.channel_id)[0]!;
    const asMember = call('search.messages', { query: `"${sample}"`, count: 100 }, undefined, {
      id: member,
      name: 'member',
    });
    expect(asMember.messages.matches.map((match: SlackBody) => match.ts)).toContain(
      hiddenMessages[0]!.ts,
    );
  });

  it('requires a query', () => {
    expect(call('search.messages', {}).error).toBe('invalid_arguments');
  });
});

describe('search.messages cursormark paging and search.all', () => {
  it('walks every match through next_cursor from `*`, the last page with an empty cursor', () => {
    const expected = allMatches({ query: 'dock' }).map((match) => match.iid);
    const seen: string[] = [];
    let cursor = '*';
    let pages = 0;
    while (cursor !== '') {
      const body = call('search.messages', { query: 'dock', count: 7, cursor });
      expect(body.ok).toBe(true);
      seen.push(...body.messages.matches.map((match: SlackBody) => match.iid));
      cursor = body.response_metadata.next_cursor;
      pages += 1;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it('refuses a cursor it did not issue', () => {
    expect(call('search.messages', { query: 'dock', cursor: 'bm9wZQ==' })).toEqual({
      ok: false,
      error: 'invalid_cursor',
    });
  });

  it('pages without response_metadata when no cursor is given, as before', () => {
    expect(call('search.messages', { query: 'dock' }).response_metadata).toBeUndefined();
  });

  it('search.all answers the messages search.messages finds, with empty files and posts', () => {
    const all = call('search.all', { query: 'dock', count: 5, page: 2 });
    const messages = call('search.messages', { query: 'dock', count: 5, page: 2 });
    expect(all.ok).toBe(true);
    expect(all.messages).toEqual(messages.messages);
    expect(all.files).toMatchObject({ total: 0, matches: [], paging: { total: 0 } });
    expect(all.posts).toEqual({ total: 0, matches: [] });
    expect(call('search.all', {})).toMatchObject({ ok: false, error: 'invalid_arguments' });
  });
});
