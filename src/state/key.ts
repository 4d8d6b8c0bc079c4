import type { JsonValue, Row } from '../schema/json.js';

/** Canonical string for a row's primary key, so composite keys compare by value. */
export function keyString(keyColumns: readonly string[], row: Row): string {
  if (keyColumns.length === 1) return JSON.stringify(row[keyColumns[0]!] ?? null);
  return JSON.stringify(keyColumns.map((column) => row[column] ?? null));
}

/** The key columns of a row, as an object (for messages and update/delete ops). */
export function keyObject(keyColumns: readonly string[], row: Row): Record<string, JsonValue> {
  const key: Record<string, JsonValue> = {};
  for (const column of keyColumns) key[column] = row[column] ?? null;
  return key;
}

/** Whether the object names every key column (and nothing is undefined). */
export function missingKeyColumns(keyColumns: readonly string[], key: Row): string[] {
  return keyColumns.filter((column) => key[column] === undefined);
}
