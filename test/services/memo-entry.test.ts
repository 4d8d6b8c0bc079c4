import { describe, expect, it } from 'vitest';
import { memoEntry } from '../../src/services/memo-entry.js';

describe('memoEntry', () => {
  it('makes an entry once per key and keeps it, falsy entries included', () => {
    const memo = new Map<string, number>();
    let made = 0;
    const make = () => {
      made += 1;
      return 0;
    };
    expect(memoEntry(memo, 'a', make)).toBe(0);
    expect(memoEntry(memo, 'a', make)).toBe(0);
    expect(made).toBe(1);
    expect(memoEntry(memo, 'b', () => 7)).toBe(7);
    expect([...memo]).toEqual([
      ['a', 0],
      ['b', 7],
    ]);
  });

  it('keys a weak map on identity, not on equal contents', () => {
    const memo = new WeakMap<object, string[]>();
    const rows = [{ id: 1 }];
    const first = memoEntry(memo, rows, () => ['first']);
    expect(memoEntry(memo, rows, () => ['again'])).toBe(first);
    expect(memoEntry(memo, [{ id: 1 }], () => ['copy'])).toEqual(['copy']);
  });
});
