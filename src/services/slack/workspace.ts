import type { Row } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import { compareTs, messageTs, parentId, text } from './tables.js';

function rowsOf(state: State, table: string): readonly Row[] {
  // Agent-Diff seeds may lack tables (e.g. no reactions); a missing table is empty.
  return state.hasTable(table) ? state.rows(table) : [];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Indexed, read-only view of one Slack state (all rows, no permissions): built once per
 * replica so each API call is a lookup rather than a table scan.
 */
export class SlackWorkspace {
  readonly team: Row | undefined;
  readonly users: readonly Row[];
  readonly channels: readonly Row[];
  readonly #usersById = new Map<string, Row>();
  readonly #channelsById = new Map<string, Row>();
  readonly #membersByChannel = new Map<string, string[]>();
  readonly #channelsByMember = new Map<string, Set<string>>();
  /** Per channel, every message (top-level and replies) in ascending ts order. */
  readonly #messagesByChannel = new Map<string, Row[]>();
  readonly #messagesById = new Map<string, Row>();
  readonly #repliesByParent = new Map<string, Row[]>();
  readonly #reactionsByMessage = new Map<string, Row[]>();
  readonly #teamRoles = new Map<string, string>();
  readonly #firstPostByUser = new Map<string, string>();
  #latestTs = '0';
  #earliestTs = '0';
  /** The workspace's primary owner: its first owner, as Slack always has exactly one. */
  readonly primaryOwner: string | undefined;
  readonly #state: State;
  // Messages and reactions are indexed on first use: a write that touches only channels and
  // memberships (most of them) never pays for sorting the history.
  #messagesIndexed = false;
  #reactionsIndexed = false;

  constructor(state: State) {
    this.#state = state;
    this.team = rowsOf(state, 'teams')[0];
    this.users = rowsOf(state, 'users');
    this.channels = rowsOf(state, 'channels');
    for (const user of this.users) {
      const id = text(user, 'user_id');
      if (id) this.#usersById.set(id, user);
    }
    for (const channel of this.channels) {
      const id = text(channel, 'channel_id');
      if (id) this.#channelsById.set(id, channel);
    }
    for (const member of rowsOf(state, 'channel_members')) {
      const channelId = text(member, 'channel_id');
      const userId = text(member, 'user_id');
      if (!channelId || !userId) continue;
      push(this.#membersByChannel, channelId, userId);
      const channels = this.#channelsByMember.get(userId) ?? new Set<string>();
      channels.add(channelId);
      this.#channelsByMember.set(userId, channels);
    }
    for (const membership of rowsOf(state, 'user_teams')) {
      const userId = text(membership, 'user_id');
      if (userId) this.#teamRoles.set(userId, text(membership, 'role') ?? 'member');
    }
    const roles = [...this.#teamRoles];
    this.primaryOwner = (roles.find(([, role]) => role === 'primary_owner') ??
      roles.find(([, role]) => role === 'owner'))?.[0];
  }

  /** Every message indexed by id, channel, thread and first post (once, on first use). */
  #indexMessages(): void {
    if (this.#messagesIndexed) return;
    this.#messagesIndexed = true;
    for (const message of rowsOf(this.#state, 'messages')) {
      const id = text(message, 'message_id');
      const channelId = text(message, 'channel_id');
      if (!id || !channelId) continue;
      this.#messagesById.set(id, message);
      push(this.#messagesByChannel, channelId, message);
      const parent = parentId(message);
      if (parent) push(this.#repliesByParent, parent, message);
    }
    const byTs = (a: Row, b: Row): number => compareTs(messageTs(a), messageTs(b));
    const timeline = [...this.#messagesById.values()].sort(byTs);
    for (const message of timeline) {
      const author = text(message, 'user_id');
      if (author && !this.#firstPostByUser.has(author))
        this.#firstPostByUser.set(author, messageTs(message));
    }
    this.#earliestTs = timeline[0] ? messageTs(timeline[0]) : '0';
    this.#latestTs = timeline.length > 0 ? messageTs(timeline[timeline.length - 1]!) : '0';
    for (const list of this.#messagesByChannel.values()) list.sort(byTs);
    for (const list of this.#repliesByParent.values()) list.sort(byTs);
  }

  #indexReactions(): void {
    if (this.#reactionsIndexed) return;
    this.#reactionsIndexed = true;
    for (const reaction of rowsOf(this.#state, 'message_reactions')) {
      const id = text(reaction, 'message_id');
      if (id) push(this.#reactionsByMessage, id, reaction);
    }
  }

  /** The latest message timestamp: the seed's "now" for time-dependent fields (tz labels). */
  get latestTs(): string {
    this.#indexMessages();
    return this.#latestTs;
  }

  /** The earliest message timestamp: the oldest activity the seed records. */
  get earliestTs(): string {
    this.#indexMessages();
    return this.#earliestTs;
  }

  /** When a user first posted (their earliest trace in the seed), if ever. */
  firstPost(userId: string): string | undefined {
    this.#indexMessages();
    return this.#firstPostByUser.get(userId);
  }

  user(id: string): Row | undefined {
    return this.#usersById.get(id);
  }

  channel(id: string): Row | undefined {
    return this.#channelsById.get(id);
  }

  members(channelId: string): readonly string[] {
    return this.#membersByChannel.get(channelId) ?? [];
  }

  isMember(channelId: string, userId: string): boolean {
    return this.#channelsByMember.get(userId)?.has(channelId) ?? false;
  }

  /** Every message of a channel, replies included, oldest first. */
  channelMessages(channelId: string): readonly Row[] {
    this.#indexMessages();
    return this.#messagesByChannel.get(channelId) ?? [];
  }

  message(id: string): Row | undefined {
    this.#indexMessages();
    return this.#messagesById.get(id);
  }

  /** The message of a channel with this Slack timestamp. */
  messageAt(channelId: string, ts: string): Row | undefined {
    return this.channelMessages(channelId).find((message) => messageTs(message) === ts);
  }

  /** Replies of a thread parent, oldest first. */
  replies(parentMessageId: string): readonly Row[] {
    this.#indexMessages();
    return this.#repliesByParent.get(parentMessageId) ?? [];
  }

  reactions(messageId: string): readonly Row[] {
    this.#indexReactions();
    return this.#reactionsByMessage.get(messageId) ?? [];
  }

  /** Role in the workspace (`owner`, `admin`, `member`, …), when recorded. */
  teamRole(userId: string): string | undefined {
    return this.#teamRoles.get(userId);
  }
}
