// Small read helpers for Slack verifiers: Web API calls with Slack's envelope checked,
// cursor paging, and lookups by name. Runs inside the sandbox: no Node APIs, types only
// from the project.
import type { ApiClient } from '../../../src/services/client.js';
import { AmbiguousNameError, allPages } from './common.js';

/** A Slack JSON object; verifiers read fields defensively, as from any wire format. */
// biome-ignore lint/suspicious/noExplicitAny: Web API bodies are untyped JSON
export type SlackObject = Record<string, any>;

/** A Slack call answered `ok: false`; the verifier cannot judge without that read. */
export class SlackReadError extends Error {
  constructor(method: string, error: unknown) {
    super(`${method} failed: ${String(error)}`);
    this.name = 'SlackReadError';
  }
}

export async function slackCall(
  client: ApiClient,
  method: string,
  params: Record<string, string | number | boolean> = {},
): Promise<SlackObject> {
  const body = (await client.get(`/${method}`, params)) as SlackObject;
  if (body?.ok !== true) throw new SlackReadError(method, body?.error ?? 'no body');
  return body;
}

/** Every item of a cursor-paged list method. */
export async function slackList(
  client: ApiClient,
  method: string,
  field: string,
  params: Record<string, string | number | boolean> = {},
): Promise<SlackObject[]> {
  return allPages<SlackObject, string>(undefined, async (cursor) => {
    const body = await slackCall(client, method, { ...params, ...(cursor ? { cursor } : {}) });
    const next = String(body.response_metadata?.next_cursor ?? '');
    return {
      items: (body[field] as SlackObject[] | undefined) ?? [],
      next: next === '' ? undefined : next,
    };
  });
}

/** Public and private channels the actor can see whose name is exactly `name`. */
export async function channelsNamed(client: ApiClient, name: string): Promise<SlackObject[]> {
  const channels = await slackList(client, 'conversations.list', 'channels', {
    types: 'public_channel,private_channel',
    limit: 200,
  });
  return channels.filter((channel) => channel.name === name);
}

export async function memberIds(client: ApiClient, channel: string): Promise<string[]> {
  return (await slackList(client, 'conversations.members', 'members', { channel, limit: 200 })).map(
    String,
  );
}

/** Top-level messages of a conversation, newest first. */
export async function history(client: ApiClient, channel: string): Promise<SlackObject[]> {
  return slackList(client, 'conversations.history', 'messages', { channel, limit: 200 });
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
}

/** Every conversation the actor can see (public and private, archived included). */
export async function allChannels(client: ApiClient): Promise<SlackObject[]> {
  return slackList(client, 'conversations.list', 'channels', {
    types: 'public_channel,private_channel',
    limit: 200,
  });
}

/** The one visible channel called `name`; anything else is a name the verifier cannot pin down. */
export function onlyNamed(channels: readonly SlackObject[], name: string): SlackObject {
  const found = channels.filter((channel) => channel.name === name);
  if (found.length !== 1)
    throw new AmbiguousNameError(`expected one #${name}, found ${found.length}`);
  return found[0]!;
}

/** Every workspace member (users.list without a limit answers them all in one page). */
export async function allUsers(client: ApiClient): Promise<SlackObject[]> {
  return slackList(client, 'users.list', 'members');
}

/** A thread: the parent first, then its replies oldest first (any ts of the thread names it). */
export async function thread(
  client: ApiClient,
  channel: string,
  ts: string,
): Promise<SlackObject[]> {
  return slackList(client, 'conversations.replies', 'messages', { channel, ts, limit: 200 });
}

/** Every message (thread replies included) the actor has in a channel, via search. */
export async function actorMessages(
  client: ApiClient,
  channel: string,
  actor: string,
): Promise<SlackObject[]> {
  const matches: SlackObject[] = [];
  for (let page = 1; ; page += 1) {
    const body = await slackCall(client, 'search.messages', {
      query: `in:<#${channel}> from:<@${actor}>`,
      sort: 'timestamp',
      count: 100,
      page,
    });
    matches.push(...(body.messages.matches as SlackObject[]));
    if (page >= Number(body.messages.paging.pages)) return matches;
  }
}

/** What a conversation looks like to these tasks: name, archive state, topic and purpose text. */
export function channelShape(channel: SlackObject | undefined): string {
  return JSON.stringify([
    channel?.name,
    channel?.is_archived,
    channel?.topic?.value,
    channel?.purpose?.value,
  ]);
}

/** Names of the channels whose shape differs between two listings (by id), except `skip`. */
export function changedChannels(
  before: readonly SlackObject[],
  after: readonly SlackObject[],
  skip: readonly string[] = [],
): string[] {
  const afterById = new Map(after.map((channel) => [String(channel.id), channel]));
  const ids = new Set([...before, ...after].map((channel) => String(channel.id)));
  const beforeById = new Map(before.map((channel) => [String(channel.id), channel]));
  return [...ids]
    .filter((id) => !skip.includes(id))
    .filter((id) => channelShape(beforeById.get(id)) !== channelShape(afterById.get(id)))
    .map((id) => `#${(beforeById.get(id) ?? afterById.get(id))?.name ?? id}`);
}

/** Messages as ts -> what an edit, a new reply or a reaction would change. */
export function fingerprint(messages: readonly SlackObject[]): Map<string, string> {
  return new Map(
    messages.map((message) => [
      String(message.ts),
      JSON.stringify([
        message.text,
        message.reply_count ?? 0,
        message.latest_reply ?? '',
        message.reactions ?? [],
      ]),
    ]),
  );
}

/** The ts whose fingerprint differs between two message lists, except `skip`. */
export function changedMessages(
  before: readonly SlackObject[],
  after: readonly SlackObject[],
  skip: readonly string[] = [],
): string[] {
  const prints = { before: fingerprint(before), after: fingerprint(after) };
  return [...new Set([...prints.before.keys(), ...prints.after.keys()])].filter(
    (ts) => !skip.includes(ts) && prints.before.get(ts) !== prints.after.get(ts),
  );
}
