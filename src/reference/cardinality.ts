import type { Cardinality } from '../schema/reference.js';

/** Whether `count` matches, and the expectation in words for messages. */
export function checkCardinality(
  cardinality: Cardinality,
  count: number,
): { ok: boolean; expected: string } {
  if (typeof cardinality === 'object') {
    const max = cardinality.max ?? Number.POSITIVE_INFINITY;
    return {
      ok: count >= cardinality.min && count <= max,
      expected:
        cardinality.max === undefined
          ? `at least ${cardinality.min}`
          : `${cardinality.min}..${cardinality.max}`,
    };
  }
  switch (cardinality) {
    case 'one':
      return { ok: count === 1, expected: 'exactly 1' };
    case 'some':
      return { ok: count >= 1, expected: 'at least 1' };
    case 'none':
      return { ok: count === 0, expected: '0' };
    case 'many':
      return { ok: true, expected: 'any number' };
  }
}
