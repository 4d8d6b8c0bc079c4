import type { JsonValue, Row } from '../../schema/json.js';

// Seed rows are loosely typed JSON (Agent-Diff rows omit optional columns); these
// readers give handlers typed values without a cast at every use.

export function text(row: Row | undefined, column: string): string | undefined {
  const value = row?.[column];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function flag(row: Row | undefined, column: string): boolean {
  const value = row?.[column];
  return value === true || value === 'true' || value === 1;
}

export function numberOf(row: Row | undefined, column: string): number | undefined {
  const value = row?.[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

export function objectOf(
  row: Row | undefined,
  column: string,
): Record<string, JsonValue> | undefined {
  const value = row?.[column];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

export function stringList(row: Row | undefined, column: string): string[] {
  const value = row?.[column];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string' && value !== '') return [value];
  return [];
}

/** Seed timestamps are naive UTC (`2018-03-15T10:00:00`); Google writes RFC 3339 with millis. */
export function rfc3339Timestamp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString();
}

// Rows never change (a patched row is a new object), so each row's timestamps are
// rewritten once, not at every answer that shows the row.
const timestampsByRow = new WeakMap<Row, Map<string, string | undefined>>();

/** `rfc3339Timestamp` of a row's column, computed once per row and column. */
export function rowTimestamp(row: Row, column: string): string | undefined {
  let columns = timestampsByRow.get(row);
  if (!columns) {
    columns = new Map();
    timestampsByRow.set(row, columns);
  }
  if (columns.has(column)) return columns.get(column);
  const stamp = rfc3339Timestamp(text(row, column));
  columns.set(column, stamp);
  return stamp;
}
