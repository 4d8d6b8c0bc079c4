import { describe, expect, it } from 'vitest';
import {
  matchesPredicate,
  readPath,
  rowMatchesWhere,
} from '../../../src/reference/legacy-diff/predicate.js';

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
