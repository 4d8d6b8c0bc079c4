import type { Row } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import { sameValue } from '../field-path.js';

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
  if (scope === 'deleted') return before.rows(table).filter((row) => !after.get(table, row));
  if (scope === 'inserted') return after.rows(table).filter((row) => !before.get(table, row));
  return after.rows(table).filter((row) => {
    const old = before.get(table, row);
    if (!old) return false;
    return Object.keys({ ...old, ...row }).some(
      (column) => !ignoreFields.includes(column) && !sameValue(old[column], row[column]),
    );
  });
}
