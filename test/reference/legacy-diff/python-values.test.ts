import { describe, expect, it } from 'vitest';
import {
  pyCompare,
  pyContains,
  pyEquals,
  pyFloatRepr,
  pyJsonDumps,
  pyRepr,
} from '../../../src/reference/legacy-diff/python-values.js';
import { runPython } from '../../support/python.js';

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

  it('dumps numbers as Python does: ints as digits, floats by repr (1.0, 1e-05, 1e+16)', () => {
    const texts = [
      '1.0',
      '-0.0',
      '2.5',
      '0.0001',
      '0.00001',
      '1.5e-7',
      '123456789012345.6',
      '1e15',
      '1e16',
      '2.5e16',
      '1e22',
      '0.1',
      '1e-320',
      '1.7976931348623157e308',
      '100.0',
      '3',
    ];
    const python = runPython<Array<[string, string]>>(
      `
import json, sys
out = []
for text in json.load(sys.stdin):
    value = json.loads(text)
    out.append([json.dumps(value), json.dumps([value, {"k": value}], separators=(",", ":"))])
print(json.dumps(out))
`,
      texts,
    );
    texts.forEach((text, index) => {
      const value = JSON.parse(text) as number;
      const isFloat = /[.eE]/.test(text);
      if (isFloat) expect(pyFloatRepr(value)).toBe(python[index]![0]);
      expect(pyJsonDumps([value, { k: value }], isFloat ? 'float' : 'int')).toBe(python[index]![1]);
    });
  });

  it('repr prints None/True, single-quoted strings and dicts like Python', () => {
    expect(pyRepr({ min: 1, max: null })).toBe("{'min': 1, 'max': None}");
    expect(pyRepr(['assigneeId', true])).toBe("['assigneeId', True]");
    expect(pyRepr("it's")).toBe('"it\'s"');
  });
});
