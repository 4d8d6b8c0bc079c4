import { describe, expect, it } from 'vitest';
import {
  call,
  expectRefusal,
  GUS,
  NOW_SECONDS,
  patchOf,
  read,
  stateAfter,
} from './mini-workspace.js';

describe('conversations.setTopic', () => {
  it('sets the text and stamps who set it and when; conversations.info shows it', () => {
    const result = call('conversations.setTopic', {
      channel: 'C_OPS',
      topic: 'Dock rota: week 45',
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_OPS' },
        set: {
          topic_text: 'Dock rota: week 45',
          topic_set_by: 'U_ADA',
          topic_last_set: NOW_SECONDS,
        },
      },
    ]);
    const expected = { value: 'Dock rota: week 45', creator: 'U_ADA', last_set: NOW_SECONDS };
    expect(result.ok && (result.response as { channel: { topic: unknown } }).channel.topic).toEqual(
      expected,
    );
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_OPS' });
    expect(info.channel.topic).toEqual(expected);
  });

  it('refuses a non-member, a guest and an archived channel', () => {
    expectRefusal(
      call('conversations.setTopic', { channel: 'C_OUT', topic: 'x' }),
      'not_in_channel',
    );
    expectRefusal(
      call('conversations.setTopic', { channel: 'C_OPS', topic: 'x' }, GUS),
      'user_is_restricted',
    );
    expectRefusal(call('conversations.setTopic', { channel: 'C_OLD', topic: 'x' }), 'is_archived');
  });

  it('refuses more than 250 characters and a missing topic', () => {
    expect(
      patchOf(call('conversations.setTopic', { channel: 'C_OPS', topic: 'x'.repeat(250) })),
    ).toHaveLength(1);
    expectRefusal(
      call('conversations.setTopic', { channel: 'C_OPS', topic: 'x'.repeat(251) }),
      'too_long',
    );
    expectRefusal(call('conversations.setTopic', { channel: 'C_OPS' }), 'invalid_arguments', {
      response_metadata: { messages: ['[ERROR] missing required field: topic'] },
    });
  });

  it('an empty topic clears it, still stamped', () => {
    expect(patchOf(call('conversations.setTopic', { channel: 'C_OPS', topic: '' }))).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_OPS' },
        set: { topic_text: '', topic_set_by: 'U_ADA', topic_last_set: NOW_SECONDS },
      },
    ]);
  });
});

describe('conversations.setPurpose', () => {
  it('sets the purpose, stamped; conversations.info shows it', () => {
    const result = call('conversations.setPurpose', { channel: 'C_TEAM', purpose: 'Shift swaps' });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_TEAM' },
        set: {
          purpose_text: 'Shift swaps',
          purpose_set_by: 'U_ADA',
          purpose_last_set: NOW_SECONDS,
        },
      },
    ]);
    expect(result.ok && result.response).toEqual({ ok: true });
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_TEAM' });
    expect(info.channel.purpose).toEqual({
      value: 'Shift swaps',
      creator: 'U_ADA',
      last_set: NOW_SECONDS,
    });
  });

  it('refuses a hidden channel, a non-member and an archived one', () => {
    expectRefusal(
      call('conversations.setPurpose', { channel: 'C_SECRET', purpose: 'x' }),
      'channel_not_found',
    );
    expectRefusal(
      call('conversations.setPurpose', { channel: 'C_OUT', purpose: 'x' }),
      'not_in_channel',
    );
    expectRefusal(
      call('conversations.setPurpose', { channel: 'C_OLD', purpose: 'x' }),
      'is_archived',
    );
  });

  it('refuses more than 250 characters', () => {
    expectRefusal(
      call('conversations.setPurpose', { channel: 'C_OPS', purpose: 'é'.repeat(251) }),
      'too_long',
    );
  });
});
