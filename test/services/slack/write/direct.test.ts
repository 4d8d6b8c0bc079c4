import { describe, expect, it } from 'vitest';
import { call, expectRefusal, NOW_SECONDS, patchOf, read, stateAfter } from './mini-workspace.js';

describe('conversations.open', () => {
  it('returns the existing DM without a change', () => {
    const result = call('conversations.open', { users: 'U_BEN' });
    expect(patchOf(result)).toEqual([]);
    expect(result.ok && result.response).toEqual({
      ok: true,
      no_op: true,
      already_open: true,
      channel: { id: 'D_AB' },
    });
  });

  it('opens a new DM: the conversation row and both participants', () => {
    const result = call('conversations.open', { users: 'U_CAL' });
    const patch = patchOf(result);
    const first = patch[0];
    const id = first?.op === 'insert' ? String(first.row.channel_id) : '';
    expect(id).toMatch(/^D[A-Z0-9]{10}$/);
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'channels',
        row: {
          channel_id: id,
          channel_name: 'dm-u_ada-u_cal',
          team_id: 'T1',
          is_private: true,
          is_dm: true,
          is_gc: false,
          topic_text: '',
          purpose_text: '',
          is_archived: false,
          created: NOW_SECONDS,
          creator_id: 'U_ADA',
          topic_set_by: '',
          topic_last_set: 0,
          purpose_set_by: '',
          purpose_last_set: 0,
        },
      },
      { op: 'insert', table: 'channel_members', row: { channel_id: id, user_id: 'U_ADA' } },
      { op: 'insert', table: 'channel_members', row: { channel_id: id, user_id: 'U_CAL' } },
    ]);
    expect(result.ok && result.response).toEqual({ ok: true, channel: { id } });
    const list = read(stateAfter(result), 'conversations.list', { types: 'im' });
    expect(list.channels.map((c: { user: string }) => c.user)).toContain('U_CAL');
  });

  it('opens a group DM named after its people', () => {
    const first = patchOf(call('conversations.open', { users: 'U_BEN,U_CAL' }))[0];
    expect(first).toMatchObject({
      row: { channel_name: 'mpdm-ada--ben--cal-1', is_gc: true, is_dm: false },
    });
  });

  it('refuses an unknown or deactivated user and a call without users', () => {
    expectRefusal(call('conversations.open', { users: 'U_ZZZ' }), 'user_not_found');
    expectRefusal(call('conversations.open', { users: 'U_DEE' }), 'user_disabled');
    expectRefusal(call('conversations.open', {}), 'users_list_not_supplied');
    expectRefusal(call('conversations.open', { users: 'U_ADA' }), 'not_enough_users');
  });
});
