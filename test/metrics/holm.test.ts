import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holmAdjust } from '../../src/metrics/holm.js';

describe('holmAdjust', () => {
  it('multiplies the i-th smallest p by (m − i + 1) and keeps the running maximum', () => {
    // sorted: 0.01·3 = 0.03; 0.03·2 = 0.06; 0.04·1 = 0.04 → max(0.06, 0.04) = 0.06
    const adjusted = holmAdjust([0.01, 0.04, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.03, 15);
    expect(adjusted[1]).toBeCloseTo(0.06, 15);
    expect(adjusted[2]).toBeCloseTo(0.06, 15);
  });

  it('caps at 1 and leaves a single p-value unchanged', () => {
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
    expect(holmAdjust([0.2])).toEqual([0.2]);
    expect(holmAdjust([])).toEqual([]);
  });

  it('refuses a p-value outside [0, 1]', () => {
    expect(() => holmAdjust([0.1, 1.2])).toThrow(/p-value 1 must be in \[0, 1\], got 1.2/);
  });

  it('is ≥ the raw p, ≤ 1 and monotone in the raw p', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }), (ps) => {
        const adjusted = holmAdjust(ps);
        return ps.every(
          (p, i) =>
            adjusted[i]! >= p &&
            adjusted[i]! <= 1 &&
            ps.every((q, j) => !(p <= q) || adjusted[i]! <= adjusted[j]!),
        );
      }),
    );
  });
});
