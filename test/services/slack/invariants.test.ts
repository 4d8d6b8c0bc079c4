import { describe } from 'vitest';
import type { Seed } from '../../../src/schema/seed.js';
import { SlackInvariants } from '../../../src/services/slack/invariants.js';
import { ruleCases } from '../../support/invariant-cases.js';

const channel = (
  channel_id: string,
  channel_name: string,
  extra: Record<string, unknown> = {},
) => ({
  channel_id,
  channel_name,
  team_id: 'T1',
  is_private: false,
  is_dm: false,
  is_gc: false,
  is_archived: false,
  ...extra,
});
const message = (message_id: string, channel_id: string, parent_id: string | null = null) => ({
  message_id,
  channel_id,
  user_id: 'U1',
  message_text: `message ${message_id}`,
  ts: message_id,
  parent_id,
});

const seed: Seed = {
  name: 'slack-invariants',
  service: 'slack',
  tables: {
    teams: { key: ['team_id'], rows: [{ team_id: 'T1', team_name: 'Harbour' }] },
    users: {
      key: ['user_id'],
      rows: [
        { user_id: 'U1', username: 'ines' },
        { user_id: 'U2', username: 'omar' },
      ],
    },
    channels: {
      key: ['channel_id'],
      rows: [
        channel('C1', 'general'),
        channel('C2', 'random', { is_archived: true }),
        channel('D1', 'dm-ines-omar', { is_dm: true }),
      ],
    },
    channel_members: {
      key: ['channel_id', 'user_id'],
      rows: [{ channel_id: 'C1', user_id: 'U1' }],
    },
    messages: {
      key: ['message_id'],
      rows: [message('1.000100', 'C1'), message('1.000200', 'C1', '1.000100')],
    },
  },
};

const channels = (channel_id: string) => ({ table: 'channels', key: { channel_id } });
const messages = (message_id: string) => ({ table: 'messages', key: { message_id } });

describe('Slack invariants', () => {
  ruleCases(
    SlackInvariants,
    seed,
    [
      {
        rule: 'slack.unique-channel-name',
        what: "a new channel with an archived channel's name, in other case",
        patch: [{ op: 'insert', table: 'channels', row: channel('C3', 'Random') }],
        violations: [[channels('C2'), channels('C3')]],
      },
      {
        rule: 'slack.unique-channel-name',
        what: 'a rename onto a name in use',
        patch: [
          {
            op: 'update',
            table: 'channels',
            key: { channel_id: 'C2' },
            set: { channel_name: 'general' },
          },
        ],
        violations: [[channels('C1'), channels('C2')]],
      },
      {
        rule: 'slack.message-channel-exists',
        what: 'a message in a channel that is not there',
        patch: [{ op: 'insert', table: 'messages', row: message('1.000300', 'C404') }],
        violations: [[messages('1.000300'), channels('C404')]],
      },
      {
        rule: 'slack.thread-parent-in-channel',
        what: 'a reply to a reply',
        patch: [{ op: 'insert', table: 'messages', row: message('1.000300', 'C1', '1.000200') }],
        violations: [[messages('1.000300'), messages('1.000200')]],
      },
      {
        rule: 'slack.thread-parent-in-channel',
        what: 'a reply in another channel than its parent',
        patch: [{ op: 'insert', table: 'messages', row: message('1.000300', 'C2', '1.000100') }],
        violations: [[messages('1.000300'), messages('1.000100')]],
      },
      {
        rule: 'slack.thread-parent-in-channel',
        what: 'a parent deleted under its reply',
        patch: [{ op: 'delete', table: 'messages', key: { message_id: '1.000100' } }],
        violations: [[messages('1.000200'), messages('1.000100')]],
      },
      {
        rule: 'slack.member-refs-exist',
        what: 'a member who is not a user',
        patch: [
          { op: 'insert', table: 'channel_members', row: { channel_id: 'C1', user_id: 'U404' } },
        ],
        violations: [
          [
            { table: 'channel_members', key: { channel_id: 'C1', user_id: 'U404' } },
            { table: 'users', key: { user_id: 'U404' } },
          ],
        ],
      },
    ],
    [
      {
        rule: 'slack.unique-channel-name',
        what: 'a direct message whose name matches a channel',
        patch: [
          { op: 'insert', table: 'channels', row: channel('D2', 'general', { is_dm: true }) },
        ],
      },
      {
        rule: 'slack.unique-channel-name',
        what: 'the name in another workspace',
        patch: [
          { op: 'insert', table: 'channels', row: channel('C4', 'general', { team_id: 'T2' }) },
        ],
      },
      {
        rule: 'slack.thread-parent-in-channel',
        what: 'a second reply to a top-level message',
        patch: [{ op: 'insert', table: 'messages', row: message('1.000300', 'C1', '1.000100') }],
      },
      {
        rule: 'slack.thread-parent-in-channel',
        what: 'a thread deleted with its replies',
        patch: [
          { op: 'delete', table: 'messages', key: { message_id: '1.000200' } },
          { op: 'delete', table: 'messages', key: { message_id: '1.000100' } },
        ],
      },
      {
        rule: 'slack.member-refs-exist',
        what: 'a second member of the channel',
        patch: [
          { op: 'insert', table: 'channel_members', row: { channel_id: 'C1', user_id: 'U2' } },
        ],
      },
    ],
  );
});
