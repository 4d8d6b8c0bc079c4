import { describe, expect, it } from 'vitest';
import { BEN, CAL, call, expectRefusal, GUS, patchOf, read, stateAfter } from './mini-workspace.js';

const member = (channel: string, user: string) => ({ channel_id: channel, user_id: user });

describe('conversations.invite', () => {
  it('adds the invitees; conversations.members lists them', () => {
    const result = call('conversations.invite', { channel: 'C_OPS', users: 'U_CAL' });
    expect(patchOf(result)).toEqual([
      { op: 'insert', table: 'channel_members', row: member('C_OPS', 'U_CAL') },
    ]);
    expect(
      result.ok && (result.response as { channel: { num_members: number } }).channel.num_members,
    ).toBe(4);
    const members = read(stateAfter(result), 'conversations.members', { channel: 'C_OPS' });
    expect(members.members).toContain('U_CAL');
  });

  it('refuses a caller outside the channel, an archived channel and a DM', () => {
    expectRefusal(
      call('conversations.invite', { channel: 'C_OUT', users: 'U_GUS' }),
      'not_in_channel',
    );
    expectRefusal(
      call('conversations.invite', { channel: 'C_OLD', users: 'U_CAL' }),
      'is_archived',
    );
    expectRefusal(
      call('conversations.invite', { channel: 'D_AB', users: 'U_CAL' }),
      'method_not_supported_for_channel_type',
    );
  });

  it('refuses the whole call for one bad invitee, naming each; force invites the rest', () => {
    const errors = [{ user: 'U_BEN', ok: false, error: 'already_in_channel' }];
    expectRefusal(
      call('conversations.invite', { channel: 'C_OPS', users: 'U_CAL,U_BEN' }),
      'already_in_channel',
      { errors },
    );
    const forced = call('conversations.invite', {
      channel: 'C_OPS',
      users: 'U_CAL,U_BEN',
      force: true,
    });
    expect(patchOf(forced)).toEqual([
      { op: 'insert', table: 'channel_members', row: member('C_OPS', 'U_CAL') },
    ]);
    expect(forced.ok && (forced.response as { errors: unknown }).errors).toEqual(errors);
  });

  it('refuses no users, unknown, deactivated, self and a full single-channel guest', () => {
    expectRefusal(call('conversations.invite', { channel: 'C_OPS' }), 'no_user');
    const one = (users: string, error: string) =>
      expectRefusal(call('conversations.invite', { channel: 'C_OPS', users }), error, {
        errors: [{ user: users, ok: false, error }],
      });
    one('U_ZZZ', 'user_not_found');
    one('U_DEE', 'cant_invite');
    one('U_ADA', 'cant_invite_self');
    one('U_URA', 'ura_max_channels');
  });
});

describe('conversations.kick', () => {
  it('a workspace admin removes a member of a public channel', () => {
    const result = call('conversations.kick', { channel: 'C_OPS', user: 'U_GUS' }, CAL);
    expect(patchOf(result)).toEqual([
      { op: 'delete', table: 'channel_members', key: member('C_OPS', 'U_GUS') },
    ]);
    const members = read(stateAfter(result), 'conversations.members', { channel: 'C_OPS' });
    expect(members.members).not.toContain('U_GUS');
  });

  it("the channel's creator may, and any member of a private channel", () => {
    expect(
      patchOf(call('conversations.kick', { channel: 'C_OPS', user: 'U_GUS' }, BEN)),
    ).toHaveLength(1);
    expect(patchOf(call('conversations.kick', { channel: 'C_TEAM', user: 'U_BEN' }))).toEqual([
      { op: 'delete', table: 'channel_members', key: member('C_TEAM', 'U_BEN') },
    ]);
  });

  it('refuses a plain member in a public channel it did not create (restricted_action)', () => {
    expectRefusal(
      call('conversations.kick', { channel: 'C_OPS', user: 'U_BEN' }),
      'restricted_action',
    );
  });

  it('refuses oneself, #general, a non-member and an unknown user', () => {
    expectRefusal(
      call('conversations.kick', { channel: 'C_OPS', user: 'U_CAL' }, CAL),
      'cant_kick_self',
    );
    expectRefusal(
      call('conversations.kick', { channel: 'C_GEN', user: 'U_BEN' }, CAL),
      'cant_kick_from_general',
    );
    expectRefusal(
      call('conversations.kick', { channel: 'C_OPS', user: 'U_DEE' }, CAL),
      'not_in_channel',
    );
    expectRefusal(call('conversations.kick', { channel: 'C_OPS' }, CAL), 'user_not_found');
  });
});

describe('conversations.join', () => {
  it('adds the caller to a public channel and answers the channel', () => {
    const result = call('conversations.join', { channel: 'C_OUT' });
    expect(patchOf(result)).toEqual([
      { op: 'insert', table: 'channel_members', row: member('C_OUT', 'U_ADA') },
    ]);
    expect(
      result.ok && (result.response as { channel: { is_member: boolean } }).channel.is_member,
    ).toBe(true);
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_OUT' });
    expect(info.channel.is_member).toBe(true);
  });

  it('joining again changes nothing and warns already_in_channel', () => {
    const result = call('conversations.join', { channel: 'C_OPS' });
    expect(patchOf(result)).toEqual([]);
    expect(result.ok && result.response).toMatchObject({
      ok: true,
      warning: 'already_in_channel',
      response_metadata: { warnings: ['already_in_channel'] },
    });
  });

  it('refuses a private channel (hidden or not) and an archived one', () => {
    expectRefusal(call('conversations.join', { channel: 'C_SECRET' }), 'channel_not_found');
    expectRefusal(
      call('conversations.join', { channel: 'C_TEAM' }),
      'method_not_supported_for_channel_type',
    );
    expectRefusal(call('conversations.join', { channel: 'C_OLD' }), 'is_archived');
  });
});

describe('conversations.leave', () => {
  it("removes the caller's membership", () => {
    const result = call('conversations.leave', { channel: 'C_OPS' });
    expect(patchOf(result)).toEqual([
      { op: 'delete', table: 'channel_members', key: member('C_OPS', 'U_ADA') },
    ]);
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_OPS' });
    expect(info.channel.is_member).toBe(false);
  });

  it('refuses to leave an archived channel (is_archived), #general and, for a guest, at all', () => {
    expectRefusal(call('conversations.leave', { channel: 'C_OLD' }), 'is_archived');
    expectRefusal(call('conversations.leave', { channel: 'C_GEN' }), 'cant_leave_general');
    expectRefusal(call('conversations.leave', { channel: 'C_OPS' }, GUS), 'user_is_restricted');
  });

  it("answers a non-member with Slack's not_in_channel flag, and keeps a private channel's last member", () => {
    const result = call('conversations.leave', { channel: 'C_OUT' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.refusal).toEqual({
        status: 200,
        body: { ok: false, not_in_channel: true },
        summary: 'not_in_channel',
      });
    expectRefusal(call('conversations.leave', { channel: 'C_SOLO' }), 'last_member');
    expectRefusal(
      call('conversations.leave', { channel: 'D_AB' }),
      'method_not_supported_for_channel_type',
    );
  });
});
