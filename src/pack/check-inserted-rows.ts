import type { Patch } from '../schema/patch.js';
import type { Seed, SeedTable } from '../schema/seed.js';
import type { Role } from '../schema/task.js';
import type { PackError } from './pack-error.js';

// Columns every seed row of a table has: an inserted row written by hand must have them too.
const commonColumnsOf = new WeakMap<SeedTable, string[]>();
function commonColumns(table: SeedTable): string[] {
  let columns = commonColumnsOf.get(table);
  if (!columns) {
    const [first, ...rest] = table.rows;
    columns = first
      ? Object.keys(first).filter((column) => rest.every((row) => Object.hasOwn(row, column)))
      : [];
    commonColumnsOf.set(table, columns);
  }
  return columns;
}

/**
 * Recorded outcomes (`natural`, `prefix`) hold what a real service wrote, which may omit
 * denormalised columns (Agent-Diff's recorded issue relations carry no issue titles); every
 * other patch is written for the pack and must insert complete rows.
 */
export const RECORDED_ROLES: ReadonlySet<Role> = new Set(['natural', 'prefix']);

export function checkInsertedRows(
  seed: Seed,
  patch: Patch,
  file: string,
  at: Array<string | number>,
  errors: PackError[],
): void {
  patch.forEach((op, index) => {
    if (op.op !== 'insert' || !Object.hasOwn(seed.tables, op.table)) return;
    const missing = commonColumns(seed.tables[op.table]!).filter(
      (column) => !Object.hasOwn(op.row, column),
    );
    if (missing.length > 0)
      errors.push({
        file,
        path: [...at, index, 'row'],
        code: 'incomplete_row',
        message: `the row inserted into "${op.table}" lacks column(s) ${missing.join(', ')}, which every seed row of the table has (write null for an empty value)`,
      });
  });
}
