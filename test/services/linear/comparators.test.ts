import { describe, expect, it } from 'vitest';
import { instant, matchesComparator } from '../../../src/services/linear/comparators.js';

describe('matchesComparator', () => {
  it('applies string comparators', () => {
    expect(matchesComparator('Offline sync', { eq: 'Offline sync' }, 'string')).toBe(true);
    expect(matchesComparator('Offline sync', { eqIgnoreCase: 'offline SYNC' }, 'string')).toBe(
      true,
    );
    expect(
      matchesComparator(
        'Offline sync',
        { containsIgnoreCase: 'SYNC', startsWith: 'Off', endsWith: 'ync' },
        'string',
      ),
    ).toBe(true);
    expect(matchesComparator('Offline sync', { notContains: 'sync' }, 'string')).toBe(false);
    expect(matchesComparator('b', { in: ['a', 'b'] }, 'string')).toBe(true);
    expect(matchesComparator('b', { nin: ['a', 'b'] }, 'string')).toBe(false);
  });

  it('orders numbers and dates as values, not text', () => {
    expect(matchesComparator(10, { gt: 9 }, 'number')).toBe(true);
    expect(matchesComparator(2, { lte: 1 }, 'number')).toBe(false);
    expect(
      matchesComparator('2026-03-01T00:00:00', { gt: '2026-02-28T23:00:00.000Z' }, 'date'),
    ).toBe(true);
    expect(
      matchesComparator('2026-03-01T00:00:00', { eq: '2026-03-01T00:00:00.000Z' }, 'date'),
    ).toBe(true);
  });

  it('treats a missing value as null: only `null: true` and the negative operators accept it', () => {
    expect(matchesComparator(null, { null: true }, 'string')).toBe(true);
    expect(matchesComparator(undefined, { null: false }, 'number')).toBe(false);
    expect(matchesComparator(null, { eq: 'x' }, 'string')).toBe(false);
    expect(matchesComparator(null, { neq: 'x' }, 'string')).toBe(true);
  });

  it('reads naive timestamps as UTC', () => {
    expect(instant('2025-01-01T00:00:00')).toBe(Date.UTC(2025, 0, 1));
    expect(instant('not a date')).toBeNull();
  });

  it('answers a remembered timestamp as it parsed it, also once the memo has been emptied', () => {
    const stamp = '2025-03-30T01:30:00+02:00';
    expect(instant(stamp)).toBe(Date.UTC(2025, 2, 29, 23, 30));
    expect(instant('not a date')).toBeNull();
    // Past its bound the memo forgets everything; every answer stays the parse's.
    for (let second = 0; second < 100_001; second += 1)
      expect(instant(new Date(second * 1000).toISOString())).toBe(second * 1000);
    expect(instant(stamp)).toBe(Date.UTC(2025, 2, 29, 23, 30));
    expect(instant('not a date')).toBeNull();
  });
});
