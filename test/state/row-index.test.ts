import { describe, expect, it } from 'vitest';
import { groupRowsBy, indexRowsBy } from '../../src/state/row-index.js';

const rows = [
  { id: 'a', team: 't1' },
  { id: 7, team: 't1' },
  { id: 'c', team: null },
  { id: null, team: 't2' },
];

describe('row indexes', () => {
  it('group rows by a column, reading numbers as text and leaving out missing values', () => {
    expect([...groupRowsBy(rows, 'team')]).toEqual([
      ['t1', [rows[0], rows[1]]],
      ['t2', [rows[3]]],
    ]);
  });

  it('index rows by id, numeric ids as text', () => {
    const index = indexRowsBy(rows);
    expect([...index.keys()]).toEqual(['a', '7', 'c']);
    expect(index.get('7')).toBe(rows[1]);
  });
});
