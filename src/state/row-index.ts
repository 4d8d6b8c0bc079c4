import type { JsonValue, Row } from '../schema/json.js';

// Seeds differ in whether ids are strings or numbers (Agent-Diff has both); index by text.
function keyOf(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Rows grouped by a column's text; rows without a string or number there are left out. */
export function groupRowsBy(rows: readonly Row[], column: string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row[column]);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Rows by a unique column's text (by default `id`); a later duplicate wins. */
export function indexRowsBy(rows: readonly Row[], column = 'id'): Map<string, Row> {
  const index = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row[column]);
    if (key !== undefined) index.set(key, row);
  }
  return index;
}
