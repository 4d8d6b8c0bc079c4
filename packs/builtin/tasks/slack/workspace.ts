// The built-in Slack seed as the Slack task generators look it up: by name, never by id, so a
// seed change that makes a name ambiguous fails loudly (the lookups of agentproofbench/authoring).

import path from 'node:path';
import {
  type Actor,
  findRow,
  findRows,
  type Row,
  type State,
  seedState,
  slack,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../../../lib/generator.js';

const { slackTs } = slack;

export const SEED: State = seedState(path.join(REPO_ROOT, BUILTIN_PACK), 'slack-base');

export const rows = (table: string): readonly Row[] => SEED.rows(table);

export const userId = (realName: string): string =>
  String(findRow(SEED, 'users', { real_name: realName }, `user "${realName}"`).user_id);

export const channel = (name: string): Row =>
  findRow(SEED, 'channels', { channel_name: name }, `channel #${name}`);

export const channelId = (name: string): string => String(channel(name).channel_id);

/** Member ids of a conversation, in the order conversations.members lists them. */
export const membersOf = (id: string, state: State = SEED): string[] =>
  findRows(state, 'channel_members', { channel_id: id }).map((row) => String(row.user_id));

/** The one message of a channel that `match` picks (a lookup by content, never by ts). */
export const messageIn = (channelName: string, what: string, match: (row: Row) => boolean): Row =>
  findRow(
    SEED,
    'messages',
    (row) => row.channel_id === channelId(channelName) && match(row),
    `${what} in #${channelName}`,
  );

export const TEAM_ID = String(rows('teams')[0]?.team_id);

const MAREN = findRow(SEED, 'users', { real_name: 'Maren Holt' }, 'the actor');
export const ACTOR: Actor = {
  id: String(MAREN.user_id),
  name: 'Maren Holt',
  email: String(MAREN.email),
};

/** Unix seconds of a moment on the day the tasks run (Tue 2026-11-03, UTC). */
export const at = (hour: number, minute: number, second = 0): number =>
  Date.UTC(2026, 10, 3, hour, minute, second) / 1000;

/** A message timestamp on the task day. */
export const ts = (seconds: number, micro: number): string => slackTs(seconds, micro);
