import { describe, expect, it } from 'vitest';
import { call, expectRefusal, patchOf, read, stateAfter, TS } from './mini-workspace.js';

const onQuestion = { channel: 'C_OPS', timestamp: TS.benQuestion };

describe('reactions.add', () => {
  it("adds the caller's reaction; reactions.get lists it beside the others", () => {
    const result = call('reactions.add', { ...onQuestion, name: 'tada' });
    expect(patchOf(result)).toEqual([
      {
        op: 'insert',
        table: 'message_reactions',
        row: { message_id: TS.benQuestion, user_id: 'U_ADA', reaction_type: 'tada' },
      },
    ]);
    expect(result.ok && result.response).toEqual({ ok: true });
    const got = read(stateAfter(result), 'reactions.get', onQuestion);
    expect(got.message.reactions).toEqual([
      { name: 'eyes', users: ['U_ADA'], count: 1 },
      { name: 'thumbsup', users: ['U_BEN'], count: 1 },
      { name: 'tada', users: ['U_ADA'], count: 1 },
    ]);
  });

  it('refuses a hidden conversation and an archived one', () => {
    expectRefusal(
      call('reactions.add', { channel: 'C_SECRET', timestamp: TS.benPrivate, name: 'eyes' }),
      'channel_not_found',
    );
    expectRefusal(
      call('reactions.add', { channel: 'C_OLD', timestamp: TS.benAlone, name: 'eyes' }),
      'is_archived',
    );
  });

  it('refuses a repeat, a malformed name or timestamp, and a missing item', () => {
    expectRefusal(call('reactions.add', { ...onQuestion, name: 'eyes' }), 'already_reacted');
    expectRefusal(call('reactions.add', { ...onQuestion, name: ':tada:' }), 'invalid_name');
    expectRefusal(call('reactions.add', { ...onQuestion, name: 'Tada' }), 'invalid_name');
    expectRefusal(
      call('reactions.add', { channel: 'C_OPS', timestamp: 'yesterday', name: 'tada' }),
      'bad_timestamp',
    );
    expectRefusal(
      call('reactions.add', { channel: 'C_OPS', timestamp: '1790000000.999999', name: 'tada' }),
      'message_not_found',
    );
    expectRefusal(call('reactions.add', { name: 'tada' }), 'no_item_specified');
  });

  it('takes a skin tone as part of the name', () => {
    expect(
      patchOf(call('reactions.add', { ...onQuestion, name: 'thumbsup::skin-tone-3' })),
    ).toEqual([
      {
        op: 'insert',
        table: 'message_reactions',
        row: {
          message_id: TS.benQuestion,
          user_id: 'U_ADA',
          reaction_type: 'thumbsup::skin-tone-3',
        },
      },
    ]);
  });
});

describe('reactions.remove', () => {
  it("removes the caller's own reaction", () => {
    const result = call('reactions.remove', { ...onQuestion, name: 'eyes' });
    expect(patchOf(result)).toEqual([
      {
        op: 'delete',
        table: 'message_reactions',
        key: { message_id: TS.benQuestion, user_id: 'U_ADA', reaction_type: 'eyes' },
      },
    ]);
    const got = read(stateAfter(result), 'reactions.get', onQuestion);
    expect(got.message.reactions).toEqual([{ name: 'thumbsup', users: ['U_BEN'], count: 1 }]);
  });

  it("refuses another user's reaction with no_reaction (only its author removes it)", () => {
    expectRefusal(call('reactions.remove', { ...onQuestion, name: 'thumbsup' }), 'no_reaction');
    expectRefusal(call('reactions.remove', { ...onQuestion, name: 'tada' }), 'no_reaction');
  });

  it('refuses a malformed name, a missing item and files (none in this replica)', () => {
    expectRefusal(call('reactions.remove', { ...onQuestion, name: 'eyes!' }), 'invalid_name');
    expectRefusal(call('reactions.remove', { name: 'eyes' }), 'no_item_specified');
    expectRefusal(call('reactions.remove', { file: 'F1', name: 'eyes' }), 'file_not_found');
  });
});
