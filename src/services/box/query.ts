import type { QueryValue } from '../api.js';

/** A query parameter as one string (numbers/booleans as written; arrays joined by commas). */
export function queryString(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** A comma-separated (or array) query parameter as trimmed, non-empty parts. */
export function queryList(value: QueryValue): string[] | undefined {
  const joined = queryString(value);
  if (joined === undefined) return undefined;
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
