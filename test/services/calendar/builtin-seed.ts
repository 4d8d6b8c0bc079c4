// The built-in calendar seed and replicas over it, shared by the calendar replica tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../../../src/schema/json.js';
import { type Seed, SeedSchema } from '../../../src/schema/seed.js';
import type { Actor } from '../../../src/schema/task.js';
import type { ApiResponse } from '../../../src/services/api.js';
import { createCalendarReplica } from '../../../src/services/calendar/index.js';
import { State } from '../../../src/state/state.js';

const SEED_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/packs/builtin/seeds/calendar-base.json',
);

export const builtinSeed: Seed = SeedSchema.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
export const builtinState = State.fromSeed(builtinSeed);

export const rowsOf = (table: string): readonly Row[] => builtinState.rows(table);

export function actorOf(key: string): Actor & { email: string } {
  const user = rowsOf('calendar_users').find((row) => row.id === `user_${key}`);
  if (!user) throw new Error(`the built-in seed has no user_${key}`);
  return { id: String(user.id), name: String(user.display_name), email: String(user.email) };
}

export const dana = actorOf('dana');

export function calendarIdOf(summary: string): string {
  const matches = rowsOf('calendars').filter((row) => row.summary === summary);
  if (matches.length !== 1)
    throw new Error(`expected one calendar named ${summary}, found ${matches.length}`);
  return String(matches[0]!.id);
}

/** Answer one GET on the built-in seed as an actor (Dana unless named). */
export function get(
  path: string,
  query: Record<string, string | number | boolean> = {},
  actor: Actor = dana,
  state: State = builtinState,
): ApiResponse {
  return createCalendarReplica(state, actor).handle({ method: 'GET', path, query });
}

export interface Listed {
  items: Array<Record<string, unknown>>;
  nextPageToken?: string;
  [field: string]: unknown;
}

/** The body of a successful list call; fails loudly with the error body otherwise. */
export function listBody(response: ApiResponse): Listed {
  if (response.status !== 200)
    throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as Listed;
}

/** Follow nextPageToken to the end, collecting items. */
export function allPages(
  path: string,
  query: Record<string, string | number | boolean>,
  actor: Actor = dana,
  state: State = builtinState,
): { items: Array<Record<string, unknown>>; pages: number } {
  const items: Array<Record<string, unknown>> = [];
  let token: string | undefined;
  let pages = 0;
  do {
    const body = listBody(get(path, token ? { ...query, pageToken: token } : query, actor, state));
    items.push(...body.items);
    token = body.nextPageToken;
    pages += 1;
  } while (token !== undefined && pages < 200);
  return { items, pages };
}

export const errorReason = (response: ApiResponse): string | undefined =>
  (response.body as { error?: { errors?: Array<{ reason?: string }> } }).error?.errors?.[0]?.reason;
