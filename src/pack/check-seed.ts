import type { Seed, SeedTable } from '../schema/seed.js';
import { serviceTableKeys } from '../services/registry.js';
import { SEED_REQUIREMENTS } from '../services/seed-requirements.js';
import { keyString } from '../state/key.js';
import type { PackError } from './pack-error.js';

// A seed with a million bad rows should not produce a million lines.
const MAX_ROW_ERRORS_PER_TABLE = 20;

/**
 * Checks of one schema-valid seed: its tables are the service replica's tables with the
 * replica's primary keys, every row has a key of its own (present, not null, unique), and it
 * holds every table and column the replica needs (`SEED_REQUIREMENTS`).
 */
export function checkSeed(seed: Seed, file: string, errors: PackError[]): void {
  checkRequiredTables(seed, file, errors);
  const known = serviceTableKeys(seed.service);
  for (const [table, content] of Object.entries(seed.tables)) {
    const expectedKey = Object.hasOwn(known, table) ? known[table] : undefined;
    if (!expectedKey) {
      errors.push({
        file,
        path: ['tables', table],
        code: 'unknown_table',
        message: `the ${seed.service} replica has no table "${table}" (tables: ${Object.keys(known).join(', ')})`,
      });
      continue;
    }
    if (content.key.join(',') !== expectedKey.join(',')) {
      errors.push({
        file,
        path: ['tables', table, 'key'],
        code: 'schema',
        message: `the ${seed.service} replica keys "${table}" by [${expectedKey.join(', ')}], not [${content.key.join(', ')}]`,
      });
      continue;
    }
    checkRows(content, table, file, errors);
  }
}

/** A required table missing, or a required column some row lacks (at the first such row). */
function checkRequiredTables(seed: Seed, file: string, errors: PackError[]): void {
  for (const [table, columns] of Object.entries(SEED_REQUIREMENTS[seed.service])) {
    const content = Object.hasOwn(seed.tables, table) ? seed.tables[table] : undefined;
    if (!content) {
      errors.push({
        file,
        path: ['tables'],
        code: 'missing_table',
        message: `the seed lacks table "${table}", which the ${seed.service} replica reads (add it, with no rows if the account has none)`,
      });
      continue;
    }
    // A missing key column is the key check's error (`bad_key`), not said twice.
    for (const column of columns.filter((name) => !content.key.includes(name))) {
      const lacking = content.rows.filter((row) => !Object.hasOwn(row, column)).length;
      if (lacking === 0) continue;
      const first = content.rows.findIndex((row) => !Object.hasOwn(row, column));
      errors.push({
        file,
        path: ['tables', table, 'rows', first],
        code: 'missing_column',
        message: `${lacking} row(s) of table "${table}" lack column "${column}", which the ${seed.service} replica reads (write null for an empty value)`,
      });
    }
  }
}

function checkRows(content: SeedTable, table: string, file: string, errors: PackError[]): void {
  const firstRowOf = new Map<string, number>();
  let reported = 0;
  const report = (error: PackError) => {
    if (reported++ < MAX_ROW_ERRORS_PER_TABLE) errors.push(error);
  };
  content.rows.forEach((row, index) => {
    const missing = content.key.filter(
      (column) => row[column] === undefined || row[column] === null,
    );
    const at = ['tables', table, 'rows', index];
    if (missing.length > 0) {
      report({
        file,
        path: at,
        code: 'bad_key',
        message: `the row has no value for primary-key column(s) ${missing.join(', ')} of "${table}"`,
      });
      return;
    }
    const key = keyString(content.key, row);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      report({
        file,
        path: at,
        code: 'duplicate_primary_key',
        message: `the row repeats primary key ${key} of rows[${first}] in "${table}"`,
      });
      return;
    }
    firstRowOf.set(key, index);
  });
  if (reported > MAX_ROW_ERRORS_PER_TABLE)
    errors.push({
      file,
      path: ['tables', table, 'rows'],
      code: 'bad_key',
      message: `${reported - MAX_ROW_ERRORS_PER_TABLE} more row(s) of "${table}" with key problems not listed`,
    });
}
