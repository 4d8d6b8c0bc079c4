import { describe, expect, it } from 'vitest';
import { channelNameError } from '../../../../src/services/slack/write/lifecycle.js';
import {
  BEN,
  before,
  CAL,
  call,
  expectRefusal,
  GUS,
  NOW_SECONDS,
  patchOf,
  read,
  stateAfter,
} from './mini-workspace.js';

describe('conversations.create', () => {
  it('inserts the channel (id from the call stream, created now, by the caller) and its creator as member', () => {
    const result = call('conversations.create', { name: 'dock-7' });
    const patch = patchOf(result);
    const first = patch[0];
    const id = first?.op === 'insert' ? String(first.row.channel_id) : '';
    expect(id).toMatch(/^C[A-Z0-9]{10}$/);
    expect(patch).toEqual([
      {
        op: 'insert',
        table: 'channels',
        row: {
          channel_id: id,
          channel_name: 'dock-7',
          team_id: 'T1',
          is_private: false,
          is_dm: false,
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
    ]);
    const info = read(stateAfter(result), 'conversations.info', { channel: id });
    expect(info.channel).toMatchObject({
      name: 'dock-7',
      creator: 'U_ADA',
      created: NOW_SECONDS,
      is_member: true,
    });
  });

  it('draws the same id for the same stream and another for another stream', () => {
    const id = (stream: string) => {
      const first = patchOf(
        call('conversations.create', { name: 'dock-7' }, undefined, before, stream),
      )[0];
      return first?.op === 'insert' ? first.row.channel_id : undefined;
    };
    expect(id('pack/a')).toBe(id('pack/a'));
    expect(id('pack/a')).not.toBe(id('pack/b'));
  });

  it('creates a private channel with is_private', () => {
    const first = patchOf(call('conversations.create', { name: 'dock-7', is_private: true }))[0];
    expect(first).toMatchObject({ row: { is_private: true } });
  });

  it('refuses a guest (restricted_action)', () => {
    expectRefusal(call('conversations.create', { name: 'dock-7' }, GUS), 'restricted_action');
  });

  it('refuses a name in use, archived and private ones included, without case', () => {
    expectRefusal(call('conversations.create', { name: 'old-ops' }), 'name_taken');
    expectRefusal(call('conversations.create', { name: 'secret' }), 'name_taken');
  });

  it("refuses names outside Slack's rules with the matching code", () => {
    expectRefusal(call('conversations.create', { name: 'Dock 7' }), 'invalid_name_specials');
    expectRefusal(call('conversations.create', {}), 'invalid_name_required');
    expect(channelNameError('OPS')).toBe('invalid_name_specials');
    expect(channelNameError('dock.7')).toBe('invalid_name_specials');
    expect(channelNameError('x'.repeat(81))).toBe('invalid_name_maxlength');
    expect(channelNameError('x'.repeat(80))).toBeUndefined();
    expect(channelNameError('--_')).toBe('invalid_name_punctuation');
    expect(channelNameError('lager-süd')).toBeUndefined();
  });
});

describe('conversations.rename', () => {
  it('the creator renames; the id and history stay', () => {
    const result = call('conversations.rename', { channel: 'C_OPS', name: 'dock-ops' }, BEN);
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_OPS' },
        set: { channel_name: 'dock-ops' },
      },
    ]);
    const state = stateAfter(result);
    expect(read(state, 'conversations.info', { channel: 'C_OPS' }).channel.name).toBe('dock-ops');
    expect(read(state, 'conversations.history', { channel: 'C_OPS' }).messages).toHaveLength(2);
  });

  it('a workspace admin may rename a channel it is in; others may not', () => {
    expect(
      patchOf(call('conversations.rename', { channel: 'C_OUT', name: 'outside-2' }, CAL)),
    ).toHaveLength(1);
    expectRefusal(call('conversations.rename', { channel: 'C_OPS', name: 'x' }), 'not_authorized');
    expectRefusal(
      call('conversations.rename', { channel: 'C_OPS', name: 'x' }, CAL),
      'not_in_channel',
    );
    expectRefusal(
      call('conversations.rename', { channel: 'C_OLD', name: 'x' }, BEN),
      'is_archived',
    );
  });

  it('refuses a taken or malformed name; its own name is not taken', () => {
    expectRefusal(
      call('conversations.rename', { channel: 'C_OPS', name: 'General' }, BEN),
      'invalid_name_specials',
    );
    expectRefusal(
      call('conversations.rename', { channel: 'C_OPS', name: 'general' }, BEN),
      'name_taken',
    );
    expect(
      patchOf(call('conversations.rename', { channel: 'C_OPS', name: 'ops' }, BEN)),
    ).toHaveLength(1);
    expectRefusal(
      call('conversations.rename', { channel: 'D_AB', name: 'x' }),
      'method_not_supported_for_channel_type',
    );
  });
});

describe('conversations.archive', () => {
  it('a member archives; members stay and conversations.info shows it archived', () => {
    const result = call('conversations.archive', { channel: 'C_OPS' });
    expect(patchOf(result)).toEqual([
      { op: 'update', table: 'channels', key: { channel_id: 'C_OPS' }, set: { is_archived: true } },
    ]);
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_OPS' });
    expect(info.channel).toMatchObject({ is_archived: true, is_member: true, num_members: 3 });
  });

  it('needs membership: a channel the caller left cannot be archived, nor left once archived', () => {
    expectRefusal(call('conversations.archive', { channel: 'C_OUT' }), 'not_in_channel');
    const left = stateAfter(call('conversations.leave', { channel: 'C_OPS' }));
    expectRefusal(
      call('conversations.archive', { channel: 'C_OPS' }, undefined, left),
      'not_in_channel',
    );
    const archived = stateAfter(call('conversations.archive', { channel: 'C_OPS' }));
    expectRefusal(
      call('conversations.leave', { channel: 'C_OPS' }, undefined, archived),
      'is_archived',
    );
    expectRefusal(call('conversations.archive', { channel: 'C_OPS' }, GUS), 'restricted_action');
  });

  it('refuses #general, an archived channel and a DM', () => {
    expectRefusal(call('conversations.archive', { channel: 'C_GEN' }), 'cant_archive_general');
    expectRefusal(call('conversations.archive', { channel: 'C_OLD' }), 'already_archived');
    expectRefusal(
      call('conversations.archive', { channel: 'D_AB' }),
      'method_not_supported_for_channel_type',
    );
  });
});

describe('conversations.unarchive', () => {
  it('restores the channel; a caller outside it is added', () => {
    expect(patchOf(call('conversations.unarchive', { channel: 'C_OLD' }))).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_OLD' },
        set: { is_archived: false },
      },
    ]);
    const result = call('conversations.unarchive', { channel: 'C_OLD' }, CAL);
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'channels',
        key: { channel_id: 'C_OLD' },
        set: { is_archived: false },
      },
      { op: 'insert', table: 'channel_members', row: { channel_id: 'C_OLD', user_id: 'U_CAL' } },
    ]);
    const info = read(stateAfter(result), 'conversations.info', { channel: 'C_OLD' }, CAL);
    expect(info.channel).toMatchObject({ is_archived: false, is_member: true });
  });

  it('refuses a guest, a channel not archived and a DM', () => {
    expectRefusal(call('conversations.unarchive', { channel: 'C_OLD' }, GUS), 'restricted_action');
    expectRefusal(call('conversations.unarchive', { channel: 'C_OPS' }), 'not_archived');
    expectRefusal(
      call('conversations.unarchive', { channel: 'D_AB' }),
      'method_not_supported_for_channel_type',
    );
  });
});
