import { describe, expect, it } from 'vitest';
import { TOMBSTONE_TEXT, TOMBSTONE_USER } from '../../../../src/services/slack/write/messages.js';
import {
  ADA,
  BEN,
  CAL,
  call,
  expectRefusal,
  NOW_TS,
  patchOf,
  read,
  stateAfter,
  TS,
} from './mini-workspace.js';

const newMessage = (fields: Record<string, unknown>) => ({
  op: 'insert',
  table: 'messages',
  row: {
    message_id: NOW_TS,
    channel_id: 'C_OPS',
    user_id: 'U_ADA',
    message_text: 'Crane 2 is back.',
    type: 'message',
    ts: NOW_TS,
    parent_id: null,
    edited_ts: null,
    edited_user_id: null,
    ...fields,
  },
});

describe('chat.postMessage', () => {
  it('inserts the message at the call time, and conversations.history shows it first', () => {
    const result = call('chat.postMessage', { channel: 'C_OPS', text: 'Crane 2 is back.' });
    expect(patchOf(result)).toEqual([newMessage({})]);
    expect(result.ok && result.response).toEqual({
      ok: true,
      channel: 'C_OPS',
      ts: NOW_TS,
      message: { type: 'message', user: 'U_ADA', text: 'Crane 2 is back.', ts: NOW_TS, team: 'T1' },
    });
    const history = read(stateAfter(result), 'conversations.history', { channel: 'C_OPS' });
    expect(history.messages[0]).toMatchObject({
      ts: NOW_TS,
      user: 'U_ADA',
      text: 'Crane 2 is back.',
    });
  });

  it("a reply to a reply joins the parent's thread; conversations.replies counts it", () => {
    const result = call('chat.postMessage', {
      channel: 'C_OPS',
      text: 'Crane 2 is back.',
      thread_ts: TS.adaReply,
    });
    expect(patchOf(result)).toEqual([newMessage({ parent_id: TS.benQuestion })]);
    const state = stateAfter(result);
    const replies = read(state, 'conversations.replies', { channel: 'C_OPS', ts: TS.benQuestion });
    expect(replies.messages[0]).toMatchObject({
      ts: TS.benQuestion,
      reply_count: 2,
      latest_reply: NOW_TS,
      reply_users: ['U_ADA'],
    });
    expect(replies.messages.map((m: { ts: string }) => m.ts)).toEqual([
      TS.benQuestion,
      TS.adaReply,
      NOW_TS,
    ]);
  });

  it('moves a taken timestamp on by a microsecond (ts names one message)', () => {
    const first = stateAfter(call('chat.postMessage', { channel: 'C_OPS', text: 'one' }));
    const second = call('chat.postMessage', { channel: 'C_OPS', text: 'two' }, ADA, first);
    expect(patchOf(second)[0]).toMatchObject({ row: { ts: '1793696400.000001' } });
  });

  it('posts by channel name and to a user id (the existing DM)', () => {
    expect(patchOf(call('chat.postMessage', { channel: '#ops', text: 'x' }))[0]).toMatchObject({
      row: { channel_id: 'C_OPS' },
    });
    expect(patchOf(call('chat.postMessage', { channel: 'U_BEN', text: 'x' }))[0]).toMatchObject({
      row: { channel_id: 'D_AB' },
    });
  });

  it('to a user without a DM opens one (channel row, both members), then posts', () => {
    const patch = patchOf(call('chat.postMessage', { channel: 'U_CAL', text: 'x' }));
    const first = patch[0];
    const id = first?.op === 'insert' ? String(first.row.channel_id) : '';
    expect(id).toMatch(/^D[A-Z0-9]{10}$/);
    expect(patch.map((op) => `${op.op} ${op.table}`)).toEqual([
      'insert channels',
      'insert channel_members',
      'insert channel_members',
      'insert messages',
    ]);
    expect(patch[3]).toMatchObject({ row: { channel_id: id, user_id: 'U_ADA' } });
  });

  it('refuses a non-member (not_in_channel), a hidden channel and an archived one', () => {
    expectRefusal(call('chat.postMessage', { channel: 'C_OUT', text: 'x' }), 'not_in_channel');
    expectRefusal(
      call('chat.postMessage', { channel: 'C_SECRET', text: 'x' }),
      'channel_not_found',
    );
    expectRefusal(call('chat.postMessage', { channel: 'C_OLD', text: 'x' }), 'is_archived');
  });

  it('refuses no text, text with markdown_text, and a bad thread_ts', () => {
    expectRefusal(call('chat.postMessage', { channel: 'C_OPS' }), 'no_text');
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'a', markdown_text: '*a*' }),
      'markdown_text_conflict',
    );
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'a', thread_ts: '0' }),
      'invalid_thread_ts',
      { response_metadata: { messages: ['[ERROR] 0 is not a valid thread_ts'] } },
    );
    expectRefusal(call('chat.postMessage', { text: 'a' }), 'channel_not_found');
  });
});

describe('chat.update', () => {
  it("rewrites the author's text and stamps the edit; history shows `edited`", () => {
    const result = call('chat.update', {
      channel: 'C_OPS',
      ts: TS.adaNote,
      text: 'Inspection at 11.',
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'messages',
        key: { message_id: TS.adaNote },
        set: { message_text: 'Inspection at 11.', edited_ts: NOW_TS, edited_user_id: 'U_ADA' },
      },
    ]);
    const history = read(stateAfter(result), 'conversations.history', { channel: 'C_OPS' });
    const note = history.messages.find((m: { ts: string }) => m.ts === TS.adaNote);
    expect(note).toMatchObject({
      text: 'Inspection at 11.',
      edited: { user: 'U_ADA', ts: NOW_TS },
    });
    // The edit keeps the message's reactions.
    expect(note.reactions).toEqual([{ name: 'white_check_mark', users: ['U_BEN'], count: 1 }]);
  });

  it("refuses another user's message, admins included (cant_update_message)", () => {
    expectRefusal(
      call('chat.update', { channel: 'C_OPS', ts: TS.benQuestion, text: 'x' }),
      'cant_update_message',
    );
    expectRefusal(
      call('chat.update', { channel: 'C_OPS', ts: TS.benQuestion, text: 'x' }, CAL),
      'cant_update_message',
    );
    expectRefusal(
      call('chat.update', { channel: 'C_OLD', ts: TS.benAlone, text: 'x' }, BEN),
      'is_inactive',
    );
  });

  it('refuses no text, an unknown ts and text over 4,000 characters', () => {
    expectRefusal(call('chat.update', { channel: 'C_OPS', ts: TS.adaNote }), 'no_text');
    expectRefusal(
      call('chat.update', { channel: 'C_OPS', ts: '1790000000.999999', text: 'x' }),
      'message_not_found',
    );
    expectRefusal(
      call('chat.update', { channel: 'C_OPS', ts: TS.adaNote, text: 'x'.repeat(4001) }),
      'msg_too_long',
    );
  });
});

describe('chat.delete', () => {
  it("removes the author's message and its reactions", () => {
    const result = call('chat.delete', { channel: 'C_OPS', ts: TS.adaNote });
    expect(patchOf(result)).toEqual([
      {
        op: 'delete',
        table: 'message_reactions',
        key: { message_id: TS.adaNote, user_id: 'U_BEN', reaction_type: 'white_check_mark' },
      },
      { op: 'delete', table: 'messages', key: { message_id: TS.adaNote } },
    ]);
    expect(result.ok && result.response).toEqual({ ok: true, channel: 'C_OPS', ts: TS.adaNote });
    const history = read(stateAfter(result), 'conversations.history', { channel: 'C_OPS' });
    expect(history.messages.map((m: { ts: string }) => m.ts)).not.toContain(TS.adaNote);
  });

  it('a thread parent with replies becomes a tombstone and keeps them', () => {
    const result = call('chat.delete', { channel: 'C_OPS', ts: TS.benQuestion }, BEN);
    expect(patchOf(result)).toEqual([
      {
        op: 'delete',
        table: 'message_reactions',
        key: { message_id: TS.benQuestion, user_id: 'U_ADA', reaction_type: 'eyes' },
      },
      {
        op: 'delete',
        table: 'message_reactions',
        key: { message_id: TS.benQuestion, user_id: 'U_BEN', reaction_type: 'thumbsup' },
      },
      {
        op: 'update',
        table: 'messages',
        key: { message_id: TS.benQuestion },
        set: {
          message_text: TOMBSTONE_TEXT,
          user_id: TOMBSTONE_USER,
          edited_ts: null,
          edited_user_id: null,
        },
      },
    ]);
    const replies = read(stateAfter(result), 'conversations.replies', {
      channel: 'C_OPS',
      ts: TS.benQuestion,
    });
    expect(replies.messages[0]).toMatchObject({
      user: 'USLACKBOT',
      text: 'This message was deleted.',
      reply_count: 1,
    });
    expect(replies.messages[0].reactions).toBeUndefined();
  });

  it("lets a workspace admin delete another's message; a member may not", () => {
    expectRefusal(
      call('chat.delete', { channel: 'C_OPS', ts: TS.benQuestion }),
      'cant_delete_message',
    );
    expect(patchOf(call('chat.delete', { channel: 'C_OPS', ts: TS.adaReply }, CAL))).toEqual([
      { op: 'delete', table: 'messages', key: { message_id: TS.adaReply } },
    ]);
  });

  it('refuses a missing ts and an unknown channel', () => {
    expectRefusal(call('chat.delete', { channel: 'C_OPS' }), 'message_not_found');
    expectRefusal(call('chat.delete', { channel: 'C_NOPE', ts: TS.adaNote }), 'channel_not_found');
  });
});

describe('chat.postMessage and chat.update with Block Kit blocks', () => {
  const quote = {
    type: 'rich_text',
    elements: [{ type: 'rich_text_quote', elements: [{ type: 'text', text: 'To be' }] }],
  };

  it('stores the blocks with a generated block_id, keeps the text, and serves them in history', () => {
    const result = call('chat.postMessage', { channel: 'C_OPS', text: '> To be', blocks: [quote] });
    const [op] = patchOf(result);
    const row = (op as { row: Record<string, unknown> }).row;
    expect(row.message_text).toBe('> To be');
    const stored = row.blocks as Array<Record<string, unknown>>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(quote);
    expect(stored[0]!.block_id).toEqual(expect.any(String));
    const history = read(stateAfter(result), 'conversations.history', { channel: 'C_OPS' });
    expect(history.messages[0]).toMatchObject({ text: '> To be', blocks: stored });
    expect(result.ok && (result.response as { message: unknown }).message).toMatchObject({
      blocks: stored,
    });
  });

  it('reads blocks sent as JSON text (a form body) like a JSON array', () => {
    const asText = call('chat.postMessage', {
      channel: 'C_OPS',
      text: 'q',
      blocks: JSON.stringify([quote]),
    });
    const asArray = call('chat.postMessage', { channel: 'C_OPS', text: 'q', blocks: [quote] });
    expect(patchOf(asText)).toEqual(patchOf(asArray));
  });

  it('builds the text from the blocks when the call sends none', () => {
    const result = call('chat.postMessage', { channel: 'C_OPS', blocks: [quote] });
    const [op] = patchOf(result);
    expect((op as { row: Record<string, unknown> }).row.message_text).toBe('To be');
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', blocks: [{ type: 'divider' }] }),
      'no_text',
    );
    expectRefusal(call('chat.postMessage', { channel: 'C_OPS', blocks: [] }), 'no_text');
  });

  it('refuses malformed blocks: invalid_blocks_format, invalid_blocks', () => {
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'x', blocks: '[{"type"' }),
      'invalid_blocks_format',
    );
    expectRefusal(
      call('chat.postMessage', { channel: 'C_OPS', text: 'x', blocks: [{ type: 'section' }] }),
      'invalid_blocks',
    );
    expectRefusal(
      call('chat.update', {
        channel: 'C_OPS',
        ts: TS.adaNote,
        text: 'x',
        blocks: [{ type: 'nope' }],
      }),
      'invalid_blocks',
    );
  });

  it('chat.update replaces the blocks, keeps them when it sends none, and removes them with []', () => {
    const posted = call('chat.postMessage', { channel: 'C_OPS', text: 'q', blocks: [quote] });
    const state = stateAfter(posted);
    const update = (body: Record<string, unknown>) =>
      call('chat.update', { channel: 'C_OPS', ts: NOW_TS, ...body }, ADA, state, 'test/update');
    const setOf = (result: ReturnType<typeof call>) =>
      (patchOf(result)[0] as { set: Record<string, unknown> }).set;
    expect(setOf(update({ text: 'plain' }))).not.toHaveProperty('blocks');
    expect(setOf(update({ text: 'plain', blocks: [] })).blocks).toBeNull();
    const divider = setOf(update({ text: 'line', blocks: [{ type: 'divider', block_id: 'd1' }] }));
    expect(divider.blocks).toEqual([{ type: 'divider', block_id: 'd1' }]);
    expect(setOf(update({ blocks: [quote] })).message_text).toBe('To be');
  });
});
