import type { JsonValue, Row } from '../../schema/json.js';
import { LegacyEngineRaises, LegacyNumberTextAmbiguity } from './engine-errors.js';
import { pythonRegex } from './python-regex.js';
import { pyCompare, pyContains, pyEquals, pyJsonDumps } from './python-values.js';
import type { LegacyOperator, LegacyPredicate } from './spec.js';

type Value = JsonValue | undefined;

/** A dotted path into a row (`start.dateTime`); anything missing on the way reads as null. */
export function readPath(row: Row, path: string): Value {
  let current: Value = row;
  for (const part of path.split('.')) {
    if (
      current === null ||
      current === undefined ||
      typeof current !== 'object' ||
      Array.isArray(current) ||
      !Object.hasOwn(current, part)
    )
      return null;
    current = current[part];
  }
  return current;
}

/**
 * A substring test on a column; JSON columns (lists, objects) are searched as their compact
 * JSON text, and false unless both sides are strings (Python's isinstance checks).
 */
function searchText(
  value: Value,
  expected: Value,
  test: (text: string, operand: string) => boolean,
): boolean {
  if (typeof expected !== 'string') return false;
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' && test(value, expected);
  const answer = test(pyJsonDumps(value, 'int'), expected);
  if (test(pyJsonDumps(value, 'float'), expected) !== answer)
    throw new LegacyNumberTextAmbiguity('contains', expected);
  return answer;
}

/** A string test; false unless both sides are strings (Python's isinstance checks). */
function onStrings(
  value: Value,
  expected: Value,
  test: (text: string, operand: string) => boolean,
): boolean {
  return typeof value === 'string' && typeof expected === 'string' && test(value, expected);
}

function pyTypeName(value: JsonValue): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return 'dict';
}

/**
 * `isinstance(value, Sequence) and any(item in value ...)` (or `all`): lists and strings are
 * sequences. On a string, Python raises for an item that is not a string, but only when
 * the lazy any/all gets to it.
 */
function hasItems(op: 'has_any' | 'has_all', value: Value, expected: Value): boolean {
  if (!Array.isArray(value) && typeof value !== 'string') return false;
  const items = Array.isArray(expected) ? expected : [];
  for (const item of items) {
    if (typeof value === 'string' && typeof item !== 'string')
      throw new LegacyEngineRaises(
        op,
        `TypeError ('in <string>' requires string as left operand, not ${pyTypeName(item)})`,
      );
    const has = pyContains(value, item);
    if (op === 'has_any' && has) return true;
    if (op === 'has_all' && !has) return false;
  }
  return op === 'has_all';
}

function matchesOperator(op: LegacyOperator, value: Value, expected: Value): boolean {
  switch (op) {
    case 'eq':
      return pyEquals(value, expected);
    case 'ne':
      return !pyEquals(value, expected);
    case 'in':
      return pyContains(expected, value);
    case 'not_in':
      // Python raises TypeError for `x not in 3` (the engine says false) but not for lists/str/dicts.
      return expected !== null && typeof expected === 'object'
        ? !pyContains(expected, value)
        : typeof expected === 'string' && typeof value === 'string' && !expected.includes(value);
    case 'contains':
      return searchText(value, expected, (text, operand) => text.includes(operand));
    case 'not_contains':
      return searchText(value, expected, (text, operand) => !text.includes(operand));
    case 'i_contains':
      return searchText(value, expected, (text, operand) =>
        text.toLowerCase().includes(operand.toLowerCase()),
      );
    case 'starts_with':
      return onStrings(value, expected, (text, operand) => text.startsWith(operand));
    case 'ends_with':
      return onStrings(value, expected, (text, operand) => text.endsWith(operand));
    case 'i_starts_with':
      return onStrings(value, expected, (text, operand) =>
        text.toLowerCase().startsWith(operand.toLowerCase()),
      );
    case 'i_ends_with':
      return onStrings(value, expected, (text, operand) =>
        text.toLowerCase().endsWith(operand.toLowerCase()),
      );
    case 'regex': {
      if (typeof value !== 'string' || typeof expected !== 'string') return false;
      return pythonRegex(expected)?.test(value) ?? false;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const order = pyCompare(value, expected);
      if (order === undefined) return false;
      return op === 'gt'
        ? order > 0
        : op === 'gte'
          ? order >= 0
          : op === 'lt'
            ? order < 0
            : order <= 0;
    }
    case 'exists': {
      const present = value !== null && value !== undefined;
      return Boolean(expected) === present;
    }
    case 'has_any':
    case 'has_all':
      return hasItems(op, value, expected);
  }
}

/** Every operator of the predicate holds; an empty predicate always holds. */
export function matchesPredicate(value: Value, predicate: LegacyPredicate): boolean {
  for (const [op, expected] of Object.entries(predicate) as Array<[LegacyOperator, JsonValue]>) {
    if (!matchesOperator(op, value, expected)) return false;
  }
  return true;
}

export function rowMatchesWhere(row: Row, where: Record<string, LegacyPredicate>): boolean {
  for (const [path, predicate] of Object.entries(where)) {
    if (!matchesPredicate(readPath(row, path), predicate)) return false;
  }
  return true;
}
