import type { Row } from '../schema/json.js';
import { keyObject, keyString } from './key.js';
import { sameValue } from './same-value.js';
import type { State } from './state.js';

export interface RowUpdate {
  key: Row;
  before: Row;
  after: Row;
  /** Columns whose value changed (ignored columns excluded). */
  fields: string[];
}

export interface TableDiff {
  inserts: Row[];
  updates: RowUpdate[];
  deletes: Row[];
}

/** Row-level difference between two states, per table; tables without changes are absent. */
export type RowDiff = Record<string, TableDiff>;

export interface DiffOptions {
  /** Columns never compared, e.g. `updatedAt`; `table.column` limits one to a table. */
  ignoreFields?: readonly string[];
  /** Only these tables (those a check reads); by default every table. */
  tables?: readonly string[];
}

function ignored(ignoreFields: readonly string[], table: string, column: string): boolean {
  return ignoreFields.includes(column) || ignoreFields.includes(`${table}.${column}`);
}

function changedFields(
  table: string,
  before: Row,
  after: Row,
  ignoreFields: readonly string[],
): string[] {
  const fields: string[] = [];
  // The columns of either row, the before-row's first (each once).
  const compare = (column: string) => {
    if (!ignored(ignoreFields, table, column) && !sameValue(before[column], after[column]))
      fields.push(column);
  };
  for (const column of Object.keys(before)) compare(column);
  for (const column of Object.keys(after)) if (!Object.hasOwn(before, column)) compare(column);
  return fields;
}

/**
 * Diff two states of the same service. When both share a seed only the rows either
 * state changed are compared, which keeps diffs proportional to the patches.
 */
export function diffStates(before: State, after: State, options: DiffOptions = {}): RowDiff {
  const ignoreFields = options.ignoreFields ?? [];
  const result: RowDiff = {};
  for (const table of after.tableNames()) {
    if (!before.hasTable(table) || (options.tables && !options.tables.includes(table))) continue;
    const keyColumns = after.keyColumns(table);
    const tableDiff: TableDiff = { inserts: [], updates: [], deletes: [] };
    if (before.seed === after.seed) {
      const keys = new Set([...before.changedKeys(table), ...after.changedKeys(table)]);
      for (const key of keys)
        compareRow(table, key, before.getByKeyString(table, key), after.getByKeyString(table, key));
    } else {
      const beforeRows = new Map(
        before.rows(table).map((row) => [keyString(keyColumns, row), row] as const),
      );
      const afterRows = new Map(
        after.rows(table).map((row) => [keyString(keyColumns, row), row] as const),
      );
      for (const key of new Set([...beforeRows.keys(), ...afterRows.keys()])) {
        compareRow(table, key, beforeRows.get(key), afterRows.get(key));
      }
    }
    if (tableDiff.inserts.length + tableDiff.updates.length + tableDiff.deletes.length > 0)
      result[table] = tableDiff;

    function compareRow(table: string, _key: string, b: Row | undefined, a: Row | undefined): void {
      if (b === a) return;
      if (!b && a) tableDiff.inserts.push(a);
      else if (b && !a) tableDiff.deletes.push(b);
      else if (b && a) {
        const fields = changedFields(table, b, a, ignoreFields);
        if (fields.length > 0)
          tableDiff.updates.push({ key: keyObject(keyColumns, a), before: b, after: a, fields });
      }
    }
  }
  return result;
}

/** Number of changed rows in a diff. */
export function diffSize(diff: RowDiff): number {
  let size = 0;
  for (const table of Object.values(diff))
    size += table.inserts.length + table.updates.length + table.deletes.length;
  return size;
}
