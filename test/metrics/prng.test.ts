import { describe, expect, it } from 'vitest';
import { createXoshiro128ss, seededPrng } from '../../src/metrics/prng.js';

describe('createXoshiro128ss', () => {
  it('reproduces the reference test vector of xoshiro128** from state [1, 2, 3, 4]', () => {
    // Published with the reference C implementation (also used by rand_xoshiro's tests).
    const rng = createXoshiro128ss([1, 2, 3, 4]);
    const outputs = Array.from({ length: 10 }, () => rng.nextUint32());
    expect(outputs).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849, 3729100597,
      4258142804,
    ]);
  });

  it('refuses an all-zero state, on which the generator would only ever return 0', () => {
    expect(() => createXoshiro128ss([0, 0, 0, 0])).toThrow(/must not be all zero/);
  });
});

describe('seededPrng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number) => {
      const rng = seededPrng(seed);
      return Array.from({ length: 8 }, () => rng.nextUint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('draws nextBelow(n) within [0, n) and close to uniformly', () => {
    const rng = seededPrng(123);
    const n = 3;
    const draws = 30_000;
    const counts = [0, 0, 0];
    let outOfRange = 0;
    for (let i = 0; i < draws; i++) {
      const x = rng.nextBelow(n);
      if (x < 0 || x >= n || !Number.isInteger(x)) outOfRange += 1;
      else counts[x] = (counts[x] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    // Binomial sd per cell = sqrt(30000 · 1/3 · 2/3) ≈ 82; allow 5 sd.
    const expected = draws / n;
    const sd = Math.sqrt(draws * (1 / n) * (1 - 1 / n));
    for (const count of counts) expect(Math.abs(count - expected)).toBeLessThan(5 * sd);
  });

  it('rejects seeds and bounds outside the documented ranges with a message naming the range', () => {
    expect(() => seededPrng(-1)).toThrow(/seed must be an integer in \[0, 2\^32 - 1\]/);
    expect(() => seededPrng(1.5)).toThrow(/seed must be an integer/);
    expect(() => seededPrng(1).nextBelow(0)).toThrow(/integer n in \[1, 2\^32\]/);
  });
});
