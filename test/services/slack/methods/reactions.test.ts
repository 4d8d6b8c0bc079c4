import { describe, expect, it } from 'vitest';
import { call, channelByName, rowsOf } from '../builtin-seed.js';

describe('reactions.get', () => {
  const reacted = rowsOf('messages').find(
    (row) =>
      rowsOf('message_reactions').filter((r) => r.message_id === row.message_id).length >= 2 &&
      row.channel_id === channelByName('site-ops').channel_id,
  )!;

  it('returns the message with its reactions grouped by emoji', () => {
    const rows = rowsOf('message_reactions').filter((row) => row.message_id === reacted.message_id);
    const body = call('reactions.get', {
      channel: reacted.channel_id as string,
      timestamp: reacted.ts as string,
      full: true,
    });
    expect(body).toMatchObject({
      ok: true,
      type: 'message',
      channel: reacted.channel_id,
      message: { ts: reacted.ts },
    });
    const expected = new Map<string, string[]>();
    for (const row of rows)
      expected.set(String(row.reaction_type), [
        ...(expected.get(String(row.reaction_type)) ?? []),
        String(row.user_id),
      ]);
    expect(body.message.reactions).toEqual(
      [...expected].map(([name, users]) => ({ name, users, count: users.length })),
    );
  });

  it('answers message_not_found, channel_not_found and no_item_specified', () => {
    expect(
      call('reactions.get', { channel: reacted.channel_id as string, timestamp: '1.000002' }),
    ).toEqual({ ok: false, error: 'message_not_found' });
    const hidden = channelByName('people-ops-private');
    const hiddenMessage = rowsOf('messages').find((row) => row.channel_id === hidden.channel_id)!;
    expect(
      call('reactions.get', {
        channel: hidden.channel_id as string,
        timestamp: hiddenMessage.ts as string,
      }),
    ).toEqual({ ok: false, error: 'channel_not_found' });
    expect(call('reactions.get', { channel: reacted.channel_id as string })).toEqual({
      ok: false,
      error: 'no_item_specified',
    });
  });
});
