import type { JsonValue, Row } from '../schema/json.js';

/**
 * Read a column, or a dotted path into a JSON column (`start.dateTime`). Services store
 * some JSON columns as strings; a string that holds a JSON object or array is read into.
 */
export function readField(row: Row | undefined, field: string): JsonValue | undefined {
  if (!row) return undefined;
  if (Object.hasOwn(row, field)) return row[field];
  const parts = field.split('.');
  let value: JsonValue | undefined = row;
  for (const part of parts) {
    if (typeof value === 'string' && (value.startsWith('{') || value.startsWith('['))) {
      try {
        value = JSON.parse(value) as JsonValue;
      } catch {
        return undefined;
      }
    }
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value)
      ? value[Number(part)]
      : Object.hasOwn(value, part)
        ? value[part]
        : undefined;
    if (value === undefined) return undefined;
  }
  return value;
}
