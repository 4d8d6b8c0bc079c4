import { AgentProofBenchError } from '../../contract/error.js';
import type { Row } from '../../schema/json.js';
import type { Service } from '../../schema/service.js';
import type { Actor } from '../../schema/task.js';
import type { State } from '../../state/state.js';

// Where each service keeps its people, and which columns name them.
const USER_TABLE: Record<Service, { table: string; key: string }> = {
  linear: { table: 'users', key: 'id' },
  slack: { table: 'users', key: 'user_id' },
  box: { table: 'box_users', key: 'id' },
  calendar: { table: 'calendar_users', key: 'id' },
};
const NAME_COLUMNS = [
  'name',
  'real_name',
  'display_name',
  'displayName',
  'username',
  'email',
  'login',
];
const EMAIL_COLUMNS = ['email', 'login'];

function firstText(row: Row, columns: readonly string[]): string | undefined {
  for (const column of columns) {
    const value = row[column];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * The user an Agent-Diff test impersonates, as our actor. A user the seed lacks is an
 * error of the suite, reported with the table that was searched.
 */
export function actorFromSeed(service: Service, state: State, userId: string): Actor {
  const { table, key } = USER_TABLE[service];
  const row = state.hasTable(table)
    ? state.rows(table).find((candidate) => String(candidate[key]) === userId)
    : undefined;
  if (!row)
    throw new AgentProofBenchError(
      'APB_AGENT_DIFF_ACTOR',
      `impersonated user "${userId}" is not in ${table}.${key} of seed "${state.seed.name}"`,
      { fix: "set the test's impersonate_user_id to a user of its seed template" },
    );
  const actor: Actor = { id: userId, name: firstText(row, NAME_COLUMNS) ?? userId };
  const email = firstText(row, EMAIL_COLUMNS);
  if (email !== undefined) actor.email = email;
  return actor;
}
