import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bootstrapDistribution,
  type FamilyContribution,
  FamilyDrawCache,
  familyBootstrap,
  familyTotals,
  quantileSorted,
} from '../../src/metrics/bootstrap.js';
import { seededPrng } from '../../src/metrics/prng.js';

/** 40 families of 1–3 tasks with BA-like values, drawn from a seeded generator. */
function syntheticTasks(seed: number): FamilyContribution[] {
  const rng = seededPrng(seed);
  const out: FamilyContribution[] = [];
  for (let f = 0; f < 40; f++) {
    const tasks = 1 + rng.nextBelow(3);
    for (let t = 0; t < tasks; t++) {
      out.push({ family: `fam_${f}`, numerator: rng.nextBelow(1001) / 1000, denominator: 1 });
    }
  }
  return out;
}

describe('familyTotals', () => {
  it('sums per family and orders families by code units, whatever the input order', () => {
    const totals = familyTotals([
      { family: 'b', numerator: 1, denominator: 1 },
      { family: 'B', numerator: 0.5, denominator: 1 },
      { family: 'b', numerator: 0, denominator: 1 },
    ]);
    expect(totals.families).toEqual(['B', 'b']);
    expect([...totals.numerator]).toEqual([0.5, 1]);
    expect([...totals.denominator]).toEqual([1, 2]);
  });

  it('refuses non-finite values and negative denominators, naming the family', () => {
    expect(() => familyTotals([{ family: 'f9', numerator: Number.NaN, denominator: 1 }])).toThrow(
      /finite numerator and a finite denominator ≥ 0 \(family f9: NaN \/ 1\)/,
    );
    expect(() => familyTotals([{ family: 'f9', numerator: 1, denominator: -1 }])).toThrow(
      /family f9/,
    );
  });
});

describe('quantileSorted', () => {
  it('interpolates between order statistics (type 7)', () => {
    // h = (4 − 1) · 0.25 = 0.75 → 0 + 0.75 · (1 − 0)
    expect(quantileSorted(Float64Array.of(0, 1, 2, 3), 0.25)).toBe(0.75);
    expect(quantileSorted(Float64Array.of(0, 1, 2, 3), 1)).toBe(3);
    expect(() => quantileSorted(new Float64Array(0), 0.5)).toThrow(/empty sample/);
  });
});

describe('bootstrapDistribution', () => {
  it('resamples whole families: every value is a mix of complete families', () => {
    // fam_a has two tasks at 1, fam_b one task at 0. Drawing 2 families gives
    // {a, a} → 2/2 = 1, {b, b} → 0, {a, b} → (1 + 1 + 0)/3; never the task-level ½.
    const totals = familyTotals([
      { family: 'fam_a', numerator: 1, denominator: 1 },
      { family: 'fam_a', numerator: 1, denominator: 1 },
      { family: 'fam_b', numerator: 0, denominator: 1 },
    ]);
    const values = new Set(bootstrapDistribution(totals, 2000, 5));
    expect([...values].sort()).toEqual([0, 2 / 3, 1]);
  });

  it('marks resamples whose drawn families have no denominator as NaN', () => {
    const totals = familyTotals([
      { family: 'with', numerator: 1, denominator: 2 },
      { family: 'without', numerator: 0, denominator: 0 },
    ]);
    const distribution = bootstrapDistribution(totals, 4000, 9);
    const nan = distribution.filter((x) => Number.isNaN(x)).length;
    // P(both draws are `without`) = 1/4
    expect(nan / 4000).toBeGreaterThan(0.2);
    expect(nan / 4000).toBeLessThan(0.3);
  });
});

describe('familyBootstrap', () => {
  it('gives bit-identical intervals for the same seed', () => {
    const data = syntheticTasks(1);
    const first = familyBootstrap(data, { seed: 77 });
    const second = familyBootstrap([...data].reverse(), { seed: 77 });
    expect(Object.is(first.lower, second.lower)).toBe(true);
    expect(Object.is(first.upper, second.upper)).toBe(true);
    expect(first).toEqual(second);
  });

  it('gives different intervals for different seeds that agree within Monte-Carlo error', () => {
    const data = syntheticTasks(2);
    const a = familyBootstrap(data, { seed: 1 });
    const b = familyBootstrap(data, { seed: 2 });
    expect(a.lower).not.toBe(b.lower);
    expect(a.estimate).toBe(b.estimate);
    // With 10,000 resamples a 2.5% quantile moves by well under 10% of the interval width.
    const width = a.upper! - a.lower!;
    expect(Math.abs(a.lower! - b.lower!)).toBeLessThan(0.1 * width);
    expect(Math.abs(a.upper! - b.upper!)).toBeLessThan(0.1 * width);
  });

  it('reports the observed ratio as estimate and the resampling settings used', () => {
    const result = familyBootstrap(
      [
        { family: 'f1', numerator: 3, denominator: 4 },
        { family: 'f2', numerator: 1, denominator: 4 },
      ],
      { resamples: 500, seed: 3, confidence: 0.9 },
    );
    expect(result).toMatchObject({
      estimate: 4 / 8,
      resamples: 500,
      seed: 3,
      confidence: 0.9,
      families: 2,
    });
    // Possible resample ratios: 6/8, 4/8, 2/8; the 90% interval lies within them.
    expect(result.lower).toBeGreaterThanOrEqual(0.25);
    expect(result.upper).toBeLessThanOrEqual(0.75);
  });

  it('collapses to the point estimate with a single family', () => {
    const result = familyBootstrap([
      { family: 'only', numerator: 0.5, denominator: 1 },
      { family: 'only', numerator: 1, denominator: 1 },
    ]);
    expect(result).toMatchObject({ estimate: 0.75, lower: 0.75, upper: 0.75, families: 1 });
  });

  it('returns nulls, not NaN, when nothing is defined', () => {
    const result = familyBootstrap([{ family: 'f', numerator: 0, denominator: 0 }], {
      resamples: 10,
    });
    expect(result).toMatchObject({
      estimate: null,
      lower: null,
      upper: null,
      undefinedResamples: 10,
    });
    expect(familyBootstrap([], { resamples: 10 })).toMatchObject({ estimate: null, families: 0 });
  });

  it('contains the point estimate for symmetric data', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (deviations, centre) => {
          // Each deviation d gives two families, centre + d and centre − d: symmetric about centre.
          const data = deviations.flatMap((d, i) => [
            { family: `p${i}`, numerator: centre + d, denominator: 1 },
            { family: `m${i}`, numerator: centre - d, denominator: 1 },
          ]);
          const result = familyBootstrap(data, { resamples: 400, seed: 11 });
          const slack = 1e-9;
          return (
            result.lower! <= result.estimate! + slack && result.estimate! <= result.upper! + slack
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses options outside their ranges, naming the expected range', () => {
    expect(() => familyBootstrap([], { resamples: 0 })).toThrow(
      /resamples must be a positive integer, got 0/,
    );
    expect(() => familyBootstrap([], { seed: 2 ** 32 })).toThrow(
      /seed must be an integer in \[0, 2\^32 - 1\]/,
    );
    expect(() => familyBootstrap([], { confidence: 1 })).toThrow(
      /confidence must be a number in \(0, 1\)/,
    );
  });
});

describe('FamilyDrawCache', () => {
  it('gives bit-identical distributions to drawing afresh, and reuses its draws', () => {
    const totals = familyTotals(syntheticTasks(4));
    const cache = new FamilyDrawCache();
    const fresh = bootstrapDistribution(totals, 3000, 21);
    const cached = bootstrapDistribution(totals, 3000, 21, cache);
    expect(cached).toEqual(fresh);
    expect(cache.draws(21, 3000, totals.families.length)).toBe(
      cache.draws(21, 3000, totals.families.length),
    );
    // Another seed is another matrix, not a stale one.
    expect(bootstrapDistribution(totals, 3000, 22, cache)).toEqual(
      bootstrapDistribution(totals, 3000, 22),
    );
  });
});
