import type { Row } from '../../schema/json.js';

// Tolerant column readers: Agent-Diff rows and ours differ in which optional columns they
// carry and in whether counters are strings or numbers.

/** A column as a string (ids are strings in Box; numeric ids are tolerated). */
export function text(row: Row | undefined, column: string): string | null {
  const value = row?.[column];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** A numeric column; Agent-Diff stores some counters as strings. */
export function count(row: Row | undefined, column: string): number | null {
  const value = row?.[column];
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

export function flag(row: Row | undefined, column: string): boolean {
  return row?.[column] === true;
}

export function tags(row: Row | undefined): string[] {
  const value = row?.tags;
  return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
}
