import type { Row } from '../../schema/json.js';
import {
  eachRow,
  foreignKey,
  type InvariantRule,
  quote,
  textOf,
  uniqueWithin,
} from '../invariant.js';

// Direct messages have no name of their own; every other conversation's name is taken in the workspace.
const isNamedChannel = (row: Row) => row.is_dm !== true;

const uniqueChannelName = uniqueWithin({
  name: 'slack.unique-channel-name',
  service: 'slack',
  sources: [
    {
      table: 'channels',
      scope: (row) => (isNamedChannel(row) ? (textOf(row.team_id) ?? '') : undefined),
      value: (row) =>
        typeof row.channel_name === 'string' ? row.channel_name.toLowerCase() : undefined,
    },
  ],
  describe: ({ rows }) =>
    `channels ${rows.map(({ row }) => `${quote(row.channel_id)} ${quote(row.channel_name)}`).join(' and ')} share one name in workspace ${quote(rows[0]!.row.team_id)} (archived channels keep their names)`,
  description:
    'no two channels of a workspace have the same name, compared without case, archived ones included',
  why: 'Slack refuses to create or rename a channel onto a name in use (name_taken), archived channels included, and names are lower-case',
  fix: 'give one of the channels another name in the patch (or seed) named',
});

const messageChannelExists = foreignKey({
  name: 'slack.message-channel-exists',
  service: 'slack',
  refs: [{ table: 'messages', column: 'channel_id', target: 'channels' }],
  description: "a message's channel_id names an existing channel",
  why: 'Slack posts every message into a conversation; chat.postMessage refuses an unknown one (channel_not_found)',
  fix: 'point channel_id at an existing channel, or insert the channel first',
});

const threadParentInChannel = eachRow({
  name: 'slack.thread-parent-in-channel',
  service: 'slack',
  tables: ['messages'],
  // A deleted, moved or re-threaded message changes the verdict on its replies.
  affectsOtherRows: (patch) =>
    patch.some(
      (op) =>
        op.table === 'messages' &&
        (op.op === 'delete' ||
          (op.op === 'update' && ('channel_id' in op.set || 'parent_id' in op.set))),
    ),
  test: (row, _table, state) => {
    const parentId = row.parent_id;
    if (parentId === undefined || parentId === null || parentId === row.message_id)
      return undefined;
    const parent = state.get('messages', { message_id: parentId });
    const at = [{ table: 'messages', key: { message_id: parentId } }];
    if (!parent)
      return {
        message: `reply ${quote(row.message_id)} has parent_id ${quote(parentId)}, which no message has`,
        rows: at,
      };
    if (parent.channel_id !== row.channel_id)
      return {
        message: `reply ${quote(row.message_id)} is in channel ${quote(row.channel_id)} but its parent ${quote(parentId)} is in ${quote(parent.channel_id)}`,
        rows: at,
      };
    if (parent.parent_id != null && parent.parent_id !== parent.message_id)
      return {
        message: `reply ${quote(row.message_id)} answers ${quote(parentId)}, which is itself a reply (threads are one level deep)`,
        rows: at,
      };
    return undefined;
  },
  description:
    "a reply's parent_id names a top-level message of the same channel (threads are one level deep)",
  why: "Slack threads hang off a top-level message of the reply's own conversation; a reply to a reply joins the parent's thread",
  fix: 'point parent_id at a top-level message of the same channel',
});

const memberRefsExist = foreignKey({
  name: 'slack.member-refs-exist',
  service: 'slack',
  refs: [
    { table: 'channel_members', column: 'channel_id', target: 'channels' },
    { table: 'channel_members', column: 'user_id', target: 'users' },
  ],
  description: 'a channel membership names an existing channel and an existing user',
  why: 'conversations.invite and conversations.join refuse an unknown channel (channel_not_found) or user (user_not_found)',
  fix: 'insert the channel or user first, or drop the membership',
});

/** Slack's invariants (docs/pack-format.md, "Service invariants"). */
export const SlackInvariants: readonly InvariantRule[] = [
  uniqueChannelName,
  messageChannelExists,
  threadParentInChannel,
  memberRefsExist,
];
