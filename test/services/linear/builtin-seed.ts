// Test support: the built-in Linear seed, a replica over it, and a typed GraphQL helper.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Row } from '../../../src/schema/json.js';
import { type Seed, SeedSchema } from '../../../src/schema/seed.js';
import type { Actor } from '../../../src/schema/task.js';
import type { ApiResponse, Replica } from '../../../src/services/api.js';
import { createLinearReplica } from '../../../src/services/linear/index.js';
import { State } from '../../../src/state/state.js';

const SEED_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/packs/builtin/seeds/linear-base.json',
);

export const builtinSeed: Seed = SeedSchema.parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
export const builtinState = State.fromSeed(builtinSeed);

export function rowsOf(table: string, state: State = builtinState): readonly Row[] {
  return state.rows(table);
}

export function userNamed(name: string): Row {
  const user = rowsOf('users').find((row) => row.name === name);
  if (!user) throw new Error(`the built-in seed has no user ${name}`);
  return user;
}

export function teamKeyed(key: string): Row {
  const team = rowsOf('teams').find((row) => row.key === key);
  if (!team) throw new Error(`the built-in seed has no team ${key}`);
  return team;
}

export function actorOf(user: Row): Actor {
  return { id: String(user.id), name: String(user.name) };
}

/** Dana Whitfield: member of every team except the private Security team. */
export const dana = actorOf(userNamed('Dana Whitfield'));

export function replicaFor(actor: Actor = dana, state: State = builtinState): Replica {
  return createLinearReplica(state, actor);
}

export interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
}

export function post(
  replica: Replica,
  query: string,
  variables?: Record<string, unknown>,
): ApiResponse & { body: GraphqlBody } {
  return replica.handle({
    method: 'POST',
    path: 'graphql',
    body: { query, variables },
  }) as ApiResponse & { body: GraphqlBody };
}

/** Run a query that must succeed and return its data. */
export function query<T = Record<string, unknown>>(
  replica: Replica,
  text: string,
  variables?: Record<string, unknown>,
): T {
  const response = post(replica, text, variables);
  if (response.status !== 200 || response.body.errors)
    throw new Error(`query failed (${response.status}): ${JSON.stringify(response.body.errors)}`);
  return response.body.data as T;
}

/** Every node of a connection root field, following `pageInfo.endCursor`. */
export function allNodes<T>(
  replica: Replica,
  field: string,
  args: string,
  selection: string,
  pageSize = 25,
): T[] {
  const nodes: T[] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const cursor: string = after === null ? '' : `, after: "${after}"`;
    const data: Record<
      string,
      { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
    > = query(
      replica,
      `{ ${field}(first: ${pageSize}${cursor}${args ? `, ${args}` : ''}) { nodes { ${selection} } pageInfo { hasNextPage endCursor } } }`,
    );
    const page = data[field]!;
    nodes.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return nodes;
    after = page.pageInfo.endCursor;
  }
  throw new Error(`${field} did not finish paging`);
}
