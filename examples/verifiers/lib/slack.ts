// Small read helpers for Slack verifiers: Web API calls with Slack's envelope checked,
// cursor paging, and lookups by name. Runs inside the sandbox: no Node APIs, types only
// from the project.
import type { VerifierCheck } from '../../../src/evaluation/record.js';
import type { ApiClient } from '../../../src/services/client.js';

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
  const items: SlackObject[] = [];
  let cursor = '';
  do {
    const body = await slackCall(client, method, { ...params, ...(cursor ? { cursor } : {}) });
    items.push(...((body[field] as SlackObject[] | undefined) ?? []));
    cursor = String(body.response_metadata?.next_cursor ?? '');
  } while (cursor !== '');
  return items;
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

export function listed(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.join(', ');
}

/** Pass when every check holds, fail otherwise; the checks travel with the verdict. */
export function verdictOf(
  checks: VerifierCheck[],
  explanation: string,
): { verdict: 'pass' | 'fail'; checks: VerifierCheck[]; explanation: string } {
  const failed = checks.filter((check) => !check.ok).map((check) => check.name);
  return {
    verdict: failed.length === 0 ? 'pass' : 'fail',
    checks,
    explanation: failed.length === 0 ? explanation : `${explanation} Failed: ${failed.join('; ')}.`,
  };
}
