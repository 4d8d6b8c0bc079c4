import { describe, expect, it } from 'vitest';
import { costProfile } from '../../src/metrics/cost.js';
import { MetricsInputError } from '../../src/metrics/metrics-input-error.js';

describe('costProfile', () => {
  it('amortises c + C/k and finds break-even uses ceil(C / alternative)', () => {
    const profile = costProfile([{ program: 'p1', construction: 0.28, perUse: 0.002 }], {
      alternativePerUse: 0.04,
      uses: [1, 10],
    });
    const [p1] = profile.programs;
    expect(p1!.amortised[0]!.perUse).toBeCloseTo(0.002 + 0.28 / 1, 12);
    expect(p1!.amortised[1]!.perUse).toBeCloseTo(0.002 + 0.28 / 10, 12);
    // 0.28 / 0.04 is 7.000…01 in binary floating point; the tolerance keeps it at 7, not 8.
    expect(0.28 / 0.04).toBeGreaterThan(7);
    expect(p1!.breakEvenUses).toBe(7);
    // net: 0.28 / (0.04 − 0.002) = 7.37 → 8
    expect(p1!.netBreakEvenUses).toBe(8);
  });

  it('takes medians over programs, the mean of the middle two for an even count', () => {
    const profile = costProfile(
      [
        { program: 'b', construction: 1, perUse: 0 },
        { program: 'a', construction: 3, perUse: 0 },
        { program: 'c', construction: 0.5, perUse: 0 },
        { program: 'd', construction: 2, perUse: 0 },
      ],
      { alternativePerUse: 0.25 },
    );
    expect(profile.programs.map((p) => p.program)).toEqual(['a', 'b', 'c', 'd']);
    // break-even: 3/0.25 = 12, 1/0.25 = 4, 0.5/0.25 = 2, 2/0.25 = 8 → median (4 + 8)/2
    expect(profile.median).toEqual({ construction: (1 + 2) / 2, perUse: 0, breakEvenUses: 6 });
  });

  it('has no break-even when the alternative costs nothing or no more than the program per use', () => {
    const [p] = costProfile([{ program: 'p', construction: 1, perUse: 0.1 }], {
      alternativePerUse: 0.1,
    }).programs;
    expect(p!.netBreakEvenUses).toBeNull();
    expect(p!.breakEvenUses).toBe(10);
    const free = costProfile([{ program: 'p', construction: 1, perUse: 0 }], {
      alternativePerUse: 0,
    });
    expect(free.programs[0]!.breakEvenUses).toBeNull();
    expect(free.median.breakEvenUses).toBeNull();
  });

  it('refuses negative or non-finite costs and non-integer uses', () => {
    const bad = () =>
      costProfile([{ program: 'p', construction: -1, perUse: 0 }], { alternativePerUse: 1 });
    expect(bad).toThrow(MetricsInputError);
    expect(bad).toThrow(/construction cost of p must be a finite number ≥ 0, got -1/);
    expect(() => costProfile([], { alternativePerUse: Number.NaN })).toThrow(/alternativePerUse/);
    expect(() => costProfile([], { alternativePerUse: 1, uses: [0] })).toThrow(
      /uses must be positive integers, got 0/,
    );
  });
});
