import { AgentProofBenchError } from '../contract/error.js';
import type { Row } from '../schema/json.js';
import type { State } from '../state/state.js';

/** Which rows a lookup wants: field equality on every listed column, or a predicate. */
export type RowMatch = Row | ((row: Row) => boolean);

function matcher(where: RowMatch): (row: Row) => boolean {
  if (typeof where === 'function') return where;
  const entries = Object.entries(where);
  return (row) => entries.every(([column, value]) => row[column] === value);
}

function describeMatch(where: RowMatch): string {
  return typeof where === 'function' ? 'the predicate' : JSON.stringify(where);
}

/** Every row of `table` that matches, in the state's row order. */
export function findRows(state: State, table: string, where: RowMatch): Row[] {
  return state.rows(table).filter(matcher(where));
}

/**
 * The one row of `table` that matches. Generators look rows up the way a reference selects
 * them (by name, not by id), so a seed change that makes a name ambiguous fails loudly here
 * instead of writing a task whose patch silently edits another row.
 */
export function findRow(state: State, table: string, where: RowMatch, what?: string): Row {
  return only(findRows(state, table, where), what ?? `${table} where ${describeMatch(where)}`);
}

/** The single item of a list, or an error naming what was looked for and how many were found. */
export function only<T>(items: readonly T[], what: string): T {
  if (items.length !== 1)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `expected exactly one ${what}, found ${items.length}`,
      {
        fix: 'make the lookup specific (add the parent or another column) or fix the seed so the name is unique',
      },
    );
  return items[0] as T;
}

/** A row's `id` as the string every pack key and reference uses. */
export function idOf(row: Row): string {
  const value = row.id;
  if (value === undefined || value === null)
    throw new AgentProofBenchError('APB_AUTHORING', `row has no id: ${JSON.stringify(row)}`, {
      fix: 'look the row up in a table whose key is `id`, or read its key columns directly',
    });
  return String(value);
}
