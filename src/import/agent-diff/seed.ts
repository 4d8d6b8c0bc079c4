import type { Row } from '../../schema/json.js';
import type { Seed } from '../../schema/seed.js';
import type { Service } from '../../schema/service.js';
import { SEED_REQUIREMENTS } from '../../services/seed-requirements.js';

/**
 * Agent-Diff seed files are `{table: rows[]}` without key declarations; our seeds name
 * each table's primary key, which the service replica fixes. Tables the replica does not
 * have are skipped and reported: a pack seed may hold only the replica's tables (the
 * loader refuses others, docs/pack-format.md). Agent-Diff rows leave out columns that are
 * empty (a Slack user with no `deleted`); a column the replica requires is written as null
 * there, which is how the replica reads an absent one, so the state served is the same.
 */
export function seedFromAgentDiff(
  name: string,
  service: Service,
  data: Record<string, unknown>,
  keys: Record<string, readonly string[]>,
): { seed: Seed; skippedTables: string[] } {
  const tables: Seed['tables'] = {};
  const skippedTables: string[] = [];
  for (const [table, rows] of Object.entries(data)) {
    const key = Object.hasOwn(keys, table) ? keys[table] : undefined;
    if (!Array.isArray(rows) || !key) {
      skippedTables.push(table);
      continue;
    }
    const required = SEED_REQUIREMENTS[service][table] ?? [];
    tables[table] = {
      key: [...key],
      rows: (rows as Row[]).map((row) =>
        required.every((column) => Object.hasOwn(row, column))
          ? row
          : { ...Object.fromEntries(required.map((column) => [column, null])), ...row },
      ),
    };
  }
  for (const [table, key] of Object.entries(keys)) tables[table] ??= { key: [...key], rows: [] };
  return { seed: { name, service, tables }, skippedTables };
}
