import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../../../src/schema/json.js';
import { type Seed, SeedSchema } from '../../../src/schema/seed.js';
import type { Actor } from '../../../src/schema/task.js';
import type { ApiRequest, ApiResponse } from '../../../src/services/api.js';
import { createBoxReplica } from '../../../src/services/box/index.js';
import { State } from '../../../src/state/state.js';

const SEED_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/packs/builtin/seeds/box-base.json',
);

/** The built-in Box seed, parsed once per test file. */
export const boxSeed: Seed = SeedSchema.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
export const baseState = State.fromSeed(boxSeed);

export function rows(table: string): readonly Row[] {
  return baseState.rows(table);
}

export function userNamed(name: string): Actor {
  const user = rows('box_users').find((row) => row.name === name);
  if (!user) throw new Error(`the built-in seed has no user named ${name}`);
  return { id: String(user.id), name, email: String(user.login) };
}

export const marta = userNamed('Marta Kowalczyk');

export function folderNamed(name: string, parentId?: string): Row {
  const found = rows('box_folders').filter(
    (row) => row.name === name && (parentId === undefined || row.parent_id === parentId),
  );
  if (found.length !== 1)
    throw new Error(`expected one folder named ${name}, found ${found.length}`);
  return found[0]!;
}

export function fileNamed(name: string, parentId: string): Row {
  const found = rows('box_files').filter((row) => row.name === name && row.parent_id === parentId);
  if (found.length !== 1)
    throw new Error(`expected one file named ${name} in ${parentId}, found ${found.length}`);
  return found[0]!;
}

/** Call the replica over `state` as `actor` (Marta by default). */
export function call(
  request: Partial<ApiRequest> & { path: string },
  options: { state?: State; actor?: Actor } = {},
): ApiResponse {
  const replica = createBoxReplica(options.state ?? baseState, options.actor ?? marta);
  return replica.handle({ method: 'GET', ...request });
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read structurally in tests
export type Body = any;

export function get(
  pathname: string,
  query?: ApiRequest['query'],
  options?: { state?: State; actor?: Actor },
): { status: number; body: Body; headers: Record<string, string> } {
  const response = call({ path: pathname, query }, options);
  return { status: response.status, body: response.body as Body, headers: response.headers };
}
