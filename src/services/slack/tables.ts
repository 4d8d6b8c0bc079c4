import type { Row } from '../../schema/json.js';

/**
 * Storage layout of the Slack replica: the tables and columns of Agent-Diff's Slack seed
 * (`slack_bench_v2`), so one replica serves their seeds and ours, plus a few optional
 * columns our seeds add (marked "ours"; Agent-Diff rows without them still load):
 *
 * - teams: team_id, team_name; domain (ours)
 * - users: user_id, username, display_name, real_name, email, is_bot, timezone;
 *   title, is_admin, deleted (ours)
 * - user_teams: user_id, team_id, role
 * - channels: channel_id, channel_name, team_id, is_private, is_dm, is_gc, topic_text,
 *   purpose_text, is_archived; created, creator_id, topic_set_by, topic_last_set,
 *   purpose_set_by, purpose_last_set (ours; Unix seconds). A DM (`is_dm`) has its two
 *   participants, a group DM (`is_gc`) its participants, in channel_members.
 * - channel_members: channel_id, user_id
 * - messages: message_id, channel_id, user_id, message_text, type, ts, parent_id
 *   (the parent's message_id for a thread reply); edited_ts, edited_user_id (ours);
 *   blocks (ours: the Block Kit blocks of a message posted or edited with them, a JSON
 *   array; absent or null for a text-only message).
 *   `ts` defaults to `message_id`, which Agent-Diff sets to the Slack timestamp.
 * - message_reactions: message_id, user_id, reaction_type
 *
 * Like Agent-Diff's replica, the layout stores no system messages (joins, topic changes)
 * and no pins, files or bookmarks.
 */
export const SlackTableKeys: Record<string, readonly string[]> = {
  teams: ['team_id'],
  users: ['user_id'],
  user_teams: ['user_id', 'team_id'],
  channels: ['channel_id'],
  channel_members: ['channel_id', 'user_id'],
  messages: ['message_id'],
  message_reactions: ['message_id', 'user_id', 'reaction_type'],
};

/** A string column, or undefined when absent or not a string. */
export function text(row: Row, column: string): string | undefined {
  const value = row[column];
  return typeof value === 'string' ? value : undefined;
}

/** A boolean column; absent or null reads as false (Agent-Diff omits false flags). */
export function flag(row: Row, column: string): boolean {
  return row[column] === true;
}

/** A numeric column, or undefined. */
export function integer(row: Row, column: string): number | undefined {
  const value = row[column];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A message's Slack timestamp: `ts`, else its id (Agent-Diff ids are timestamps). */
export function messageTs(row: Row): string {
  return text(row, 'ts') ?? text(row, 'message_id') ?? '';
}

/** Thread parent's message id, or undefined for a top-level message. */
export function parentId(row: Row): string | undefined {
  const parent = text(row, 'parent_id');
  return parent && parent !== text(row, 'message_id') ? parent : undefined;
}

/** Compare Slack timestamps ("1700000000.000100") numerically, ties by string. */
export function compareTs(a: string, b: string): number {
  const diff = Number(a) - Number(b);
  if (Number.isFinite(diff) && diff !== 0) return diff;
  return a < b ? -1 : a > b ? 1 : 0;
}
