// The seeds the conformance suite runs every documented read on: the built-in seed of each
// service (fixtures/packs/builtin) and the Agent-Diff seed its benchmark runs on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAgentDiffBoxSeed } from '../../../src/import/agent-diff/box-seed.js';
import { seedFromAgentDiff } from '../../../src/import/agent-diff/seed.js';
import type { Row } from '../../../src/schema/json.js';
import { type Seed, SeedSchema } from '../../../src/schema/seed.js';
import type { Service } from '../../../src/schema/service.js';
import type { Actor } from '../../../src/schema/task.js';
import type { ApiRequest, ApiResponse, ReplicaFactory } from '../../../src/services/api.js';
import { BoxTableKeys, createBoxReplica } from '../../../src/services/box/index.js';
import { CalendarTableKeys, createCalendarReplica } from '../../../src/services/calendar/index.js';
import { createLinearReplica, LinearTableKeys } from '../../../src/services/linear/index.js';
import { createSlackReplica, SlackTableKeys } from '../../../src/services/slack/index.js';
import { State } from '../../../src/state/state.js';
import { AGENT_DIFF_DIR } from '../../support/shared.js';

/** One seed served by a replica as one actor; `rows` reads the seed's own tables. */
export interface SeedContext {
  label: string;
  actor: Actor;
  rows(table: string): readonly Row[];
  handle(request: ApiRequest): ApiResponse;
}

const BUILTIN_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/packs/builtin/seeds',
);

const FACTORIES: Record<Service, ReplicaFactory> = {
  slack: createSlackReplica,
  box: createBoxReplica,
  calendar: createCalendarReplica,
  linear: createLinearReplica,
};

function context(
  service: Service,
  label: string,
  seed: Seed,
  pickActor: (rows: SeedContext['rows']) => Actor,
): SeedContext {
  const state = State.fromSeed(seed);
  const rows = (table: string) => state.rows(table);
  const actor = pickActor(rows);
  const replica = FACTORIES[service](state, actor);
  return { label, actor, rows, handle: (request) => replica.handle(request) };
}

function first(rows: readonly Row[], test: (row: Row) => boolean, what: string): Row {
  const found = rows.find(test);
  if (!found) throw new Error(`the seed has no ${what}`);
  return found;
}

/** The actor each seed's tasks run as: the built-in packs' usual actor, Agent-Diff's agent. */
const ACTORS: Record<
  Service,
  { builtin: (rows: SeedContext['rows']) => Actor; agentDiff: (rows: SeedContext['rows']) => Actor }
> = {
  slack: {
    builtin: (rows) => {
      const user = first(rows('users'), (row) => row.real_name === 'Maren Holt', 'Maren Holt');
      return { id: String(user.user_id), name: String(user.real_name) };
    },
    agentDiff: (rows) => {
      const user = first(rows('users'), (row) => row.is_bot === true, 'agent user');
      return { id: String(user.user_id), name: String(user.real_name) };
    },
  },
  box: {
    builtin: (rows) => {
      const user = first(rows('box_users'), (row) => row.name === 'Marta Kowalczyk', 'Marta');
      return { id: String(user.id), name: String(user.name), email: String(user.login) };
    },
    agentDiff: (rows) => {
      const user = first(rows('box_users'), (row) => row.role === 'admin', 'admin');
      return { id: String(user.id), name: String(user.name), email: String(user.login) };
    },
  },
  calendar: {
    builtin: (rows) => {
      const user = first(rows('calendar_users'), (row) => row.id === 'user_dana', 'user_dana');
      return { id: String(user.id), name: String(user.display_name), email: String(user.email) };
    },
    agentDiff: (rows) => {
      const user = first(rows('calendar_users'), (row) => row.self === true, 'self user');
      return { id: String(user.id), name: String(user.display_name), email: String(user.email) };
    },
  },
  linear: {
    builtin: (rows) => {
      const user = first(rows('users'), (row) => row.name === 'Dana Whitfield', 'Dana');
      return { id: String(user.id), name: String(user.name) };
    },
    agentDiff: (rows) => {
      const user = first(rows('users'), () => true, 'user');
      return { id: String(user.id), name: String(user.name) };
    },
  },
};

const AGENT_DIFF_SEED: Record<Exclude<Service, 'box'>, string> = {
  slack: 'slack/slack_bench_v2',
  calendar: 'calendar/calendar_default',
  linear: 'linear/linear_expanded',
};

const TABLE_KEYS = {
  slack: SlackTableKeys,
  calendar: CalendarTableKeys,
  linear: LinearTableKeys,
  box: BoxTableKeys,
};

function agentDiffSeed(service: Service): Seed {
  if (service === 'box') return loadAgentDiffBoxSeed(AGENT_DIFF_DIR).seed;
  const file = AGENT_DIFF_SEED[service];
  const json = JSON.parse(readFileSync(path.join(AGENT_DIFF_DIR, 'seeds', `${file}.json`), 'utf8'));
  return seedFromAgentDiff(path.basename(file), service, json, TABLE_KEYS[service]).seed;
}

/** The built-in and the Agent-Diff seed of a service, each with its replica. */
export function seedContexts(service: Service): SeedContext[] {
  const builtin = SeedSchema.parse(
    JSON.parse(readFileSync(path.join(BUILTIN_DIR, `${service}-base.json`), 'utf8')),
  );
  return [
    context(service, 'built-in', builtin, ACTORS[service].builtin),
    context(service, 'Agent-Diff', agentDiffSeed(service), ACTORS[service].agentDiff),
  ];
}
