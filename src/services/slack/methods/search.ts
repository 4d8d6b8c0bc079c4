import type { Row } from '../../../schema/json.js';
import type { ApiResponse } from '../../api.js';
import { invalidArguments, slackError, slackOk } from '../envelope.js';
import { decodeCursor, pageOf } from '../paging.js';
import { limitParam, type SlackParams, stringParam } from '../params.js';
import { canRead, conversationType } from '../permissions.js';
import { permalink, teamId } from '../shapes.js';
import { compareTs, messageTs, text } from '../tables.js';
import type { SlackWorkspace } from '../workspace.js';
import type { MethodContext } from './context.js';

/** A parsed `search.messages` query: free-text terms plus Slack's modifiers. */
interface SearchQuery {
  terms: string[];
  /** `in:#name`, `in:name` or `in:<#C123|name>`: channel id or name, lower-cased. */
  inChannels: string[];
  /** `from:@name`, `from:name` or `from:<@U123>`: user id, username or display name. */
  fromUsers: string[];
  /** `after:` / `before:` / `on:` dates (YYYY-MM-DD), as Unix-second bounds. */
  after?: number;
  before?: number;
}

function tokenize(query: string): string[] {
  // Quoted phrases stay one term, as in Slack's search box.
  return [...query.matchAll(/"([^"]*)"|(\S+)/g)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((t) => t !== '');
}

function dayStart(value: string): number | undefined {
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) ? time / 1000 : undefined;
}

function parseQuery(query: string): SearchQuery {
  const parsed: SearchQuery = { terms: [], inChannels: [], fromUsers: [] };
  for (const token of tokenize(query)) {
    const [modifier, ...rest] = token.split(':');
    const value = rest.join(':');
    const lower = modifier?.toLowerCase();
    if (value && lower === 'in') {
      const mention = /^<#([A-Z0-9_]+)(?:\|[^>]*)?>$/i.exec(value);
      parsed.inChannels.push((mention?.[1] ?? value.replace(/^#/, '')).toLowerCase());
    } else if (value && lower === 'from') {
      const mention = /^<@([A-Z0-9_]+)(?:\|[^>]*)?>$/i.exec(value);
      parsed.fromUsers.push((mention?.[1] ?? value.replace(/^@/, '')).toLowerCase());
    } else if (value && (lower === 'after' || lower === 'before' || lower === 'on')) {
      const start = dayStart(value);
      if (start === undefined) parsed.terms.push(token.toLowerCase());
      // Slack's after:/before: exclude the named day itself.
      else if (lower === 'after') parsed.after = start + 86_400;
      else if (lower === 'before') parsed.before = start;
      else {
        parsed.after = start;
        parsed.before = start + 86_400;
      }
    } else {
      parsed.terms.push(token.toLowerCase());
    }
  }
  return parsed;
}

function channelMatches(channel: Row, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const id = text(channel, 'channel_id')?.toLowerCase();
  const name = text(channel, 'channel_name')?.toLowerCase();
  return wanted.some((value) => value === id || value === name);
}

function userMatches(
  workspace: SlackWorkspace,
  userId: string,
  wanted: readonly string[],
): boolean {
  if (wanted.length === 0) return true;
  const user = workspace.user(userId);
  const names = [userId, user && text(user, 'username'), user && text(user, 'display_name')]
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.toLowerCase());
  return wanted.some((value) => names.includes(value));
}

function usernameOf(workspace: SlackWorkspace, userId: string): string {
  const user = workspace.user(userId);
  return (user && text(user, 'username')) ?? '';
}

/** Occurrences of all terms in the text; 0 when any term is missing. A query of modifiers only matches every message. */
function score(messageText: string, terms: readonly string[]): number {
  const haystack = messageText.toLowerCase();
  let total = 0;
  for (const term of terms) {
    const count = haystack.split(term).length - 1;
    if (count === 0) return 0;
    total += count;
  }
  return Math.max(total, 1);
}

interface Hit {
  message: Row;
  channel: Row;
  score: number;
}

/** Messages (thread replies included) the actor can read that match the query, sorted. */
function findMessages(
  { workspace, actorId }: MethodContext,
  params: SlackParams,
  rawQuery: string,
): Hit[] {
  const query = parseQuery(rawQuery);
  const sortByTime = stringParam(params, 'sort')?.toLowerCase() === 'timestamp';
  const ascending = stringParam(params, 'sort_dir')?.toLowerCase() === 'asc';
  const hits: Hit[] = [];
  for (const channel of workspace.channels) {
    if (!canRead(workspace, actorId, channel) || !channelMatches(channel, query.inChannels))
      continue;
    for (const message of workspace.channelMessages(text(channel, 'channel_id') ?? '')) {
      const seconds = Number(messageTs(message));
      if (query.after !== undefined && seconds < query.after) continue;
      if (query.before !== undefined && seconds >= query.before) continue;
      if (!userMatches(workspace, text(message, 'user_id') ?? '', query.fromUsers)) continue;
      const hitScore = score(text(message, 'message_text') ?? '', query.terms);
      if (hitScore > 0) hits.push({ message, channel, score: hitScore });
    }
  }
  const byTime = (a: Row, b: Row): number => compareTs(messageTs(a), messageTs(b));
  hits.sort((a, b) => {
    if (!sortByTime && a.score !== b.score)
      return ascending ? a.score - b.score : b.score - a.score;
    return ascending ? byTime(a.message, b.message) : byTime(b.message, a.message);
  });
  return hits;
}

function matchObject(
  workspace: SlackWorkspace,
  { message, channel }: Hit,
): Record<string, unknown> {
  const channelId = text(channel, 'channel_id') ?? '';
  const userId = text(message, 'user_id') ?? '';
  const type = conversationType(channel);
  return {
    iid: text(message, 'message_id') ?? '',
    type: 'message',
    user: userId,
    username: usernameOf(workspace, userId),
    text: text(message, 'message_text') ?? '',
    ts: messageTs(message),
    team: teamId(workspace),
    channel: {
      id: channelId,
      name: text(channel, 'channel_name') ?? '',
      is_channel: type === 'public_channel',
      is_group: type === 'private_channel',
      is_im: type === 'im',
      is_mpim: type === 'mpim',
      is_private: type !== 'public_channel',
    },
    permalink: permalink(workspace, channelId, messageTs(message)),
  };
}

/** Slack's two paging blocks of a search section, for `total` results seen `count` per page. */
function searchPaging(total: number, count: number, page: number, shown: number) {
  const pages = Math.max(1, Math.ceil(total / count));
  const first = shown > 0 ? (page - 1) * count + 1 : 0;
  return {
    total,
    pagination: {
      total_count: total,
      page,
      per_page: count,
      page_count: pages,
      first,
      last: first + shown - (shown > 0 ? 1 : 0),
    },
    paging: { count, total, page, pages },
  };
}

/**
 * The `messages` section of a search: paged by `count` (default 20, max 100) and 1-based
 * `page`, or, when `cursor` is given (`*` for the first page), by Slack's cursormark
 * paging, which adds `response_metadata.next_cursor` (empty on the last page).
 */
function messagesSection(
  context: MethodContext,
  params: SlackParams,
  rawQuery: string,
): { section: Record<string, unknown>; nextCursor?: string } | 'invalid_cursor' {
  const hits = findMessages(context, params, rawQuery);
  const count = limitParam(params, 'count', 20, 100);
  const cursor = stringParam(params, 'cursor');
  let offset: number;
  let nextCursor: string | undefined;
  if (cursor !== undefined) {
    const decoded = cursor === '*' ? 0 : decodeCursor(cursor);
    if (decoded === undefined || (decoded > 0 && decoded >= hits.length)) return 'invalid_cursor';
    offset = decoded;
    nextCursor = pageOf(hits, offset, count).nextCursor;
  } else {
    const pages = Math.max(1, Math.ceil(hits.length / count));
    offset = (Math.min(limitParam(params, 'page', 1, Number.MAX_SAFE_INTEGER), pages) - 1) * count;
  }
  const slice = hits.slice(offset, offset + count);
  const page = Math.floor(offset / count) + 1;
  return {
    section: {
      ...searchPaging(hits.length, count, page, slice.length),
      matches: slice.map((hit) => matchObject(context.workspace, hit)),
    },
    ...(nextCursor === undefined ? {} : { nextCursor }),
  };
}

/** `search.messages`: messages whose text contains every term, narrowed by `in:` / `from:` / date modifiers. */
export function searchMessages(context: MethodContext, params: SlackParams): ApiResponse {
  const rawQuery = stringParam(params, 'query');
  if (!rawQuery) return invalidArguments('missing required field: query');
  const found = messagesSection(context, params, rawQuery);
  if (found === 'invalid_cursor') return slackError('invalid_cursor');
  return slackOk({
    query: rawQuery,
    messages: found.section,
    ...(found.nextCursor === undefined
      ? {}
      : { response_metadata: { next_cursor: found.nextCursor } }),
  });
}

/**
 * `search.all`: messages as `search.messages` finds them, plus files and posts (the
 * storage has no files, so those sections are empty, as in a workspace without uploads).
 */
export function searchAll(context: MethodContext, params: SlackParams): ApiResponse {
  const rawQuery = stringParam(params, 'query');
  if (!rawQuery) return invalidArguments('missing required field: query');
  const withoutCursor = new Map(params);
  withoutCursor.delete('cursor');
  const found = messagesSection(context, withoutCursor, rawQuery);
  if (found === 'invalid_cursor') return slackError('invalid_cursor');
  const count = limitParam(params, 'count', 20, 100);
  return slackOk({
    query: rawQuery,
    messages: found.section,
    files: { ...searchPaging(0, count, 1, 0), matches: [] },
    posts: { total: 0, matches: [] },
  });
}
