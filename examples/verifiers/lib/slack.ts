// Small read helpers for Slack verifiers: Web API calls with Slack's envelope checked,
// cursor paging, and lookups by name. Runs inside the sandbox: no Node APIs, types only
// from the project.
import type { ApiClient } from '../../../src/services/client.js';
import { allPages } from './common.js';

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
