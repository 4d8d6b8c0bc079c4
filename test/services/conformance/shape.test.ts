import { describe, expect, it } from 'vitest';
import { checkShape, countFields, type Shape } from './shape.js';

describe('checkShape', () => {
  const shape: Shape = {
    id: 'string',
    size: 'number?',
    owner: { id: 'string', name: 'string' },
    entries: [{ id: 'string', ok: 'boolean' }],
  };

  it('counts every documented field, nested ones and list items included', () => {
    expect(countFields(shape)).toBe(8);
    const result = checkShape(
      { id: 'a', size: null, owner: { id: 'u', name: 'U' }, entries: [{ id: 'x', ok: true }] },
      shape,
    );
    expect(result).toEqual({ documented: 8, present: 8, missing: [] });
  });

  it('counts a field of the wrong type, a null where none is allowed, and a field one item lacks as missing', () => {
    const result = checkShape(
      {
        id: 7,
        size: 3,
        owner: null,
        entries: [
          { id: 'x', ok: true },
          { id: 'y', ok: 'yes' },
        ],
      },
      shape,
    );
    expect(result.missing).toEqual(['id', 'owner', 'owner.id', 'owner.name', 'entries[].ok']);
    expect(result.present).toBe(3);
  });

  it('leaves the item fields of an empty list unverified, which counts them missing', () => {
    const result = checkShape(
      { id: 'a', size: 1, owner: { id: 'u', name: 'U' }, entries: [] },
      shape,
    );
    expect(result).toEqual({
      documented: 8,
      present: 6,
      missing: ['entries[] (no items to check)'],
    });
  });
});
