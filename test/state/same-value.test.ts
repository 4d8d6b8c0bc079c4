import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/schema/json.js';
import { sameValue } from '../../src/state/same-value.js';

// The definition: equal JSON text, a missing value read as null.
const byText = (a: JsonValue | undefined, b: JsonValue | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

describe('sameValue', () => {
  const values: Array<JsonValue | undefined> = [
    undefined,
    null,
    0,
    -0,
    1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    '',
    '0',
    '1',
    'null',
    'true',
    true,
    false,
    [],
    [1],
    ['1'],
    {},
    { a: 1, b: 2 },
    { b: 2, a: 1 },
    { a: 1, b: 2 },
    { a: null },
  ];

  it('agrees with JSON text equality on every pair of scalars, non-finite numbers and objects', () => {
    for (const a of values)
      for (const b of values)
        expect(sameValue(a, b), `${String(a)} ~ ${String(b)}`).toBe(byText(a, b));
  });

  it('does not coerce numbers and strings, and reads a missing value as null', () => {
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(Number.NaN, null)).toBe(true);
    expect(sameValue({ a: 1, b: 2 }, { a: 1, b: 2 })).toBe(true);
    expect(sameValue({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });
});
