import { describe, expect, it } from 'vitest';
import { findRow, findRows, idOf, only } from '../../src/authoring/lookup.js';
import { base, codeOf } from './tiny-seed.js';

describe('lookups by name', () => {
  it('finds the one row a column match or a predicate selects', () => {
    expect(idOf(findRow(base, 'users', { name: 'Priya Raman', active: true }))).toBe('u1');
    expect(findRow(base, 'users', (row) => row.name === 'Dana Whitfield').id).toBe('u3');
    expect(findRows(base, 'users', { name: 'Priya Raman' }).map(idOf)).toEqual(['u1', 'u2']);
  });

  it('refuses an ambiguous or missing name with APB_AUTHORING, saying how many it found', () => {
    expect(codeOf(() => findRow(base, 'users', { name: 'Priya Raman' }))).toBe('APB_AUTHORING');
    expect(() => findRow(base, 'users', { name: 'Nobody' }, 'user Nobody')).toThrow(
      /expected exactly one user Nobody, found 0/,
    );
    expect(() => only([1, 2], 'thing')).toThrow(/found 2/);
  });
});
