import type { Row } from '../../schema/json.js';
import type { Seed } from '../../schema/seed.js';
import type { Service } from '../../schema/service.js';

/**
 * Agent-Diff seed files are `{table: rows[]}` without key declarations; our seeds name
 * each table's primary key. Tables the key map does not know are kept with an `id` key
 * when their rows have one, and reported otherwise.
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
    if (!Array.isArray(rows)) {
      skippedTables.push(table);
      continue;
    }
    const key =
      keys[table] ??
      (rows.length === 0 || rows.every((row) => row && typeof row === 'object' && 'id' in row)
        ? ['id']
        : undefined);
    if (!key) {
      skippedTables.push(table);
      continue;
    }
    tables[table] = { key: [...key], rows: rows as Row[] };
  }
  for (const [table, key] of Object.entries(keys)) tables[table] ??= { key: [...key], rows: [] };
  return { seed: { name, service, tables }, skippedTables };
}
