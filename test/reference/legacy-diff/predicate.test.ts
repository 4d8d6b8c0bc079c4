import { describe, expect, it } from 'vitest';
import {
  LegacyEngineRaises,
  LegacyNumberTextAmbiguity,
} from '../../../src/reference/legacy-diff/engine-errors.js';
import {
  matchesPredicate,
  readPath,
  rowMatchesWhere,
} from '../../../src/reference/legacy-diff/predicate.js';
import type { JsonValue } from '../../../src/schema/json.js';
import { runPython } from '../../support/python.js';

describe('readPath', () => {
  it('follows dotted paths into objects and reads anything missing as null', () => {
    const row = {
      start: { dateTime: '2026-06-24T10:00:00', timeZone: 'Europe/Oslo' },
      tags: ['a'],
    };
    expect(readPath(row, 'start.dateTime')).toBe('2026-06-24T10:00:00');
    expect(readPath(row, 'start.missing')).toBeNull();
    expect(readPath(row, 'tags.0')).toBeNull();
  });
});

describe('matchesPredicate', () => {
  it('eq / ne use Python equality', () => {
    expect(matchesPredicate(1, { eq: true })).toBe(true);
    expect(matchesPredicate('1', { eq: 1 })).toBe(false);
    expect(matchesPredicate(null, { ne: 'x' })).toBe(true);
  });

  it('contains searches strings and the compact JSON of list or object columns', () => {
    expect(matchesPredicate('Reprint errata sheet', { contains: 'errata' })).toBe(true);
    expect(matchesPredicate(['l-print', 'l-typo'], { contains: 'l-typo' })).toBe(true);
    expect(matchesPredicate(['l-print', 'l-typo'], { contains: '", "' })).toBe(false);
    expect(matchesPredicate(42, { contains: '4' })).toBe(false);
    expect(matchesPredicate(['l-print'], { not_contains: 'l-typo' })).toBe(true);
  });

  it('i_contains and the i_ prefix forms ignore case', () => {
    expect(matchesPredicate('Proofs ARE back', { i_contains: 'proofs are' })).toBe(true);
    expect(matchesPredicate('Proofs ARE back', { contains: 'proofs are' })).toBe(false);
    expect(
      matchesPredicate('Quarterly Report', { i_starts_with: 'quarterly', i_ends_with: 'REPORT' }),
    ).toBe(true);
  });

  it('regex uses Python search semantics and is false on a non-string', () => {
    expect(matchesPredicate('Field Report 2: done', { regex: '(?i)report\\s+2' })).toBe(true);
    expect(matchesPredicate('Report 3', { regex: '^Report 2' })).toBe(false);
    expect(matchesPredicate(2, { regex: '2' })).toBe(false);
  });

  it('exists is true for any non-null value, including false and empty strings', () => {
    expect(matchesPredicate(false, { exists: true })).toBe(true);
    expect(matchesPredicate('', { exists: true })).toBe(true);
    expect(matchesPredicate(null, { exists: true })).toBe(false);
    expect(matchesPredicate(undefined, { exists: false })).toBe(true);
  });

  it('in / not_in / comparisons / has_any follow Python, false where Python raises', () => {
    expect(matchesPredicate('u-cyr', { in: ['u-bex', 'u-cyr'] })).toBe(true);
    expect(matchesPredicate('u-ada', { not_in: ['u-bex', 'u-cyr'] })).toBe(true);
    expect(matchesPredicate(5, { gt: 3, lte: 5 })).toBe(true);
    expect(matchesPredicate('5', { gt: 3 })).toBe(false);
    expect(matchesPredicate(['a', 'b'], { has_any: ['z', 'b'] })).toBe(true);
    expect(matchesPredicate(['a', 'b'], { has_all: ['a', 'z'] })).toBe(false);
  });

  it('has_any / has_all raise where Python raises (a non-string item on a string), lazily, as Python does', () => {
    // Python's own answers for `isinstance(v, Sequence) and any/all(item in v for item in items)`.
    const cases: Array<[JsonValue, 'has_any' | 'has_all', JsonValue[]]> = [
      ['abc', 'has_any', [1]],
      ['abc', 'has_all', ['a', 2]],
      ['abc', 'has_any', ['ab', 1]],
      ['abc', 'has_all', ['zz', 1]],
      ['abc', 'has_any', [null]],
      ['abc', 'has_all', [['a']]],
      ['abc', 'has_all', []],
      [['a', 1], 'has_all', [1, 'a']],
      [['a'], 'has_any', [1, { k: 1 }]],
      [[1.0, true], 'has_all', [1]],
      [{ a: 1 }, 'has_any', ['a']],
      [7, 'has_any', [7]],
      [null, 'has_all', []],
    ];
    const python = runPython<Array<boolean | 'TypeError'>>(
      `
import json, sys
from collections.abc import Sequence
out = []
for value, op, items in json.load(sys.stdin):
    test = any if op == 'has_any' else all
    try:
        out.append(isinstance(value, Sequence) and test(item in value for item in items))
    except TypeError:
        out.append('TypeError')
print(json.dumps(out))
`,
      cases,
    );
    const ours = cases.map(([value, op, items]) => {
      try {
        return matchesPredicate(value, { [op]: items });
      } catch (error) {
        if (error instanceof LegacyEngineRaises) return 'TypeError';
        throw error;
      }
    });
    expect(ours).toEqual(python);
    expect(python.filter((answer) => answer === 'TypeError')).toHaveLength(4);
    expect(() => matchesPredicate('abc', { has_any: [1] })).toThrow(
      "has_any: Agent-Diff's engine raises TypeError ('in <string>' requires string as left operand, not int)",
    );
  });

  it('contains on JSON numbers searches the text Python dumps, and refuses to guess int against float', () => {
    expect(matchesPredicate({ score: 2.5 }, { contains: '"score":2.5' })).toBe(true);
    expect(matchesPredicate({ ratio: 0.00001 }, { contains: '1e-05' })).toBe(true);
    expect(() => matchesPredicate({ big: 2e16 }, { contains: '2e+16' })).toThrow(
      LegacyNumberTextAmbiguity,
    );
    expect(matchesPredicate({ tiny: 2.5e-7 }, { contains: '2.5e-07' })).toBe(true);
    // `"n":1` is in both `{"n":1}` and `{"n":1.0}`; `1.0` only in the float's text.
    expect(matchesPredicate({ n: 1 }, { contains: '"n":1' })).toBe(true);
    expect(matchesPredicate({ n: 1 }, { not_contains: '"n":2' })).toBe(true);
    expect(() => matchesPredicate({ n: 1 }, { contains: '1.0' })).toThrow(
      LegacyNumberTextAmbiguity,
    );
    expect(() => matchesPredicate([3], { i_contains: '[3]' })).toThrow(
      /depends on whether its whole numbers were floats/,
    );
  });

  it('an empty predicate holds and several operators must all hold', () => {
    expect(matchesPredicate('anything', {})).toBe(true);
    expect(matchesPredicate('abc', { starts_with: 'a', ends_with: 'x' })).toBe(false);
  });
});

describe('rowMatchesWhere', () => {
  it('requires every column condition, reading dotted paths', () => {
    const row = { title: 'Order paper stock', start: { timeZone: 'Europe/Oslo' } };
    expect(
      rowMatchesWhere(row, {
        title: { eq: 'Order paper stock' },
        'start.timeZone': { eq: 'Europe/Oslo' },
      }),
    ).toBe(true);
    expect(
      rowMatchesWhere(row, { title: { eq: 'Order paper stock' }, 'start.timeZone': { eq: 'UTC' } }),
    ).toBe(false);
  });
});
