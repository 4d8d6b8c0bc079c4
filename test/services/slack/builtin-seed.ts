// The built-in Slack seed and small lookups over its raw rows, shared by the replica tests
// so that every expectation is computed from the seed rather than hard-coded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../../../src/schema/json.js';
import { type Seed, SeedSchema } from '../../../src/schema/seed.js';
import type { Actor } from '../../../src/schema/task.js';
import type { ApiRequest } from '../../../src/services/api.js';
import { createSlackReplica } from '../../../src/services/slack/index.js';
import { State } from '../../../src/state/state.js';

const SEED_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/packs/builtin/seeds/slack-base.json',
);

/** A Slack response body as the tests read it: its shape is asserted, not typed. */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON read only by assertions
export type SlackBody = Record<string, any>;

export const seed: Seed = SeedSchema.parse(JSON.parse(readFileSync(SEED_PATH, 'utf8')));
export const baseState = State.fromSeed(seed);

export function rowsOf(table: string): Row[] {
  return seed.tables[table]?.rows ?? [];
}

export function userByName(realName: string): Row {
  const user = rowsOf('users').find((row) => row.real_name === realName);
  if (!user) throw new Error(`seed has no user "${realName}"`);
  return user;
}

export function channelByName(name: string): Row {
  const channel = rowsOf('channels').find((row) => row.channel_name === name);
  if (!channel) throw new Error(`seed has no channel "${name}"`);
  return channel;
}

export function membersOf(channelId: unknown): string[] {
  return rowsOf('channel_members')
    .filter((row) => row.channel_id === channelId)
    .map((row) => String(row.user_id));
}

export const maren = userByName('Maren Holt');
export const marenActor: Actor = { id: String(maren.user_id), name: 'Maren Holt' };

/** Call the replica over a state as an actor; returns the Slack body. */
export function call(
  method: string,
  query: ApiRequest['query'] = {},
  state: State = baseState,
  actor: Actor = marenActor,
): SlackBody {
  const response = createSlackReplica(state, actor).handle({
    method: 'GET',
    path: `/${method}`,
    query,
  });
  return response.body as SlackBody;
}

/** Follow `next_cursor` until it is empty, concatenating one list field of every page. */
export function collect(
  method: string,
  field: string,
  query: ApiRequest['query'],
  state: State = baseState,
  actor: Actor = marenActor,
): { items: SlackBody[]; pages: number } {
  const items: SlackBody[] = [];
  let cursor = '';
  let pages = 0;
  do {
    const body = call(method, { ...query, ...(cursor ? { cursor } : {}) }, state, actor);
    if (body.ok !== true) throw new Error(`${method} failed: ${JSON.stringify(body)}`);
    items.push(...body[field]);
    cursor = body.response_metadata?.next_cursor ?? '';
    pages += 1;
  } while (cursor !== '' && pages < 1000);
  return { items, pages };
}
