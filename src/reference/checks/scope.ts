import type { Row } from '../../schema/json.js';
import { sameValue } from '../../state/same-value.js';
import type { State } from '../../state/state.js';

export type RowScope = 'after' | 'inserted' | 'deleted' | 'updated';

/** Rows of a table in one scope: all after-rows, or only those the run inserted, deleted or changed. */
export function rowsInScope(
  before: State,
  after: State,
  table: string,
  scope: RowScope,
  ignoreFields: readonly string[],
): Row[] {
  if (scope === 'after') return [...after.rows(table)];
  // Two states of one seed can differ only in rows either of them changed.
  const changed =
    before.seed === after.seed
      ? new Set([...before.changedKeys(table), ...after.changedKeys(table)])
      : undefined;
  const candidates = (state: State) =>
    (changed && state.rowsWithKeys(table, changed)) ?? state.rows(table);
  if (scope === 'deleted') return candidates(before).filter((row) => !after.get(table, row));
  if (scope === 'inserted') return candidates(after).filter((row) => !before.get(table, row));
  return candidates(after).filter((row) => {
    const old = before.get(table, row);
    if (!old || old === row) return false;
    const differs = (column: string) =>
      !ignoreFields.includes(column) && !sameValue(old[column], row[column]);
    for (const column in old) if (Object.hasOwn(old, column) && differs(column)) return true;
    for (const column in row)
      if (Object.hasOwn(row, column) && !Object.hasOwn(old, column) && differs(column)) return true;
    return false;
  });
}
