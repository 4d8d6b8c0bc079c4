import { describe, expect, it } from 'vitest';
import {
  pyCompare,
  pyContains,
  pyEquals,
  pyJsonDumps,
  pyRepr,
} from '../../../src/reference/legacy-diff/python-values.js';

describe('Python value semantics', () => {
  it('== treats booleans as numbers, missing as None and compares containers deeply', () => {
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals(false, 0)).toBe(true);
    expect(pyEquals(1, '1')).toBe(false);
    expect(pyEquals(undefined, null)).toBe(true);
    expect(pyEquals(['a', { b: 1 }], ['a', { b: true }])).toBe(true);
    expect(pyEquals({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(pyEquals([1, 2], [2, 1])).toBe(false);
  });

  it('`in` searches lists, dict keys and substrings, and is false where Python raises', () => {
    expect(pyContains(['x', 'y'], 'y')).toBe(true);
    expect(pyContains({ k: 1 }, 'k')).toBe(true);
    expect(pyContains('abcdef', 'cd')).toBe(true);
    expect(pyContains('abcdef', 3)).toBe(false);
    expect(pyContains(null, 'a')).toBe(false);
  });

  it('orders numbers with numbers and strings with strings only', () => {
    expect(pyCompare(2, 1)).toBeGreaterThan(0);
    expect(pyCompare('b', 'a')).toBeGreaterThan(0);
    expect(pyCompare('2', 1)).toBeUndefined();
    expect(pyCompare(null, 1)).toBeUndefined();
  });

  it('dumps JSON compactly with non-ASCII escaped, as json.dumps(separators=(",", ":"))', () => {
    expect(pyJsonDumps(['l-print', { note: 'café' }])).toBe('["l-print",{"note":"caf\\u00e9"}]');
  });

  it('repr prints None/True, single-quoted strings and dicts like Python', () => {
    expect(pyRepr({ min: 1, max: null })).toBe("{'min': 1, 'max': None}");
    expect(pyRepr(['assigneeId', true])).toBe("['assigneeId', True]");
    expect(pyRepr("it's")).toBe('"it\'s"');
  });
});
