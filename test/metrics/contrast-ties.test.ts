import { describe, expect, it } from 'vitest';
import { pairedContrast } from '../../src/metrics/contrast.js';
import { collectResults } from '../../src/metrics/panels.js';
import { seededPrng } from '../../src/metrics/prng.js';
import { panel } from '../support/case-results.js';

/**
 * Side a rejects k of three faults on task i (BA = (1 + k/3) / 2), side b is right
 * (BA = 1), so every task's difference is (k − 3)/6: an exact integer in sixths. Δ* − Δ
 * then ties |Δ| exactly for some resamples, which float summation of sixths misses.
 */
function panelsFor(rejected: readonly number[]) {
  const results = rejected.flatMap((k, i) => {
    const family = `f${String(i).padStart(2, '0')}`;
    const a = { task: `t${i}`, family, program: 'a', set: 'a' };
    const b = { task: `t${i}`, family, program: 'b', set: 'b' };
    const faults = [0, 1, 2].map((j) => ['fault', j < k ? 'fail' : 'pass'] as const);
    return [
      ...panel(a, 'related', ['complete', 'pass'], ...faults),
      ...panel(
        b,
        'related',
        ['complete', 'pass'],
        ['fault', 'fail'],
        ['fault', 'fail'],
        ['fault', 'fail'],
      ),
    ];
  });
  return collectResults(results).panels;
}

/** The p-value counted in integer units (sixths), from the same seeded family draws. */
function exactPValue(rejected: readonly number[], resamples: number, seed: number): number {
  const sixths = rejected.map((k) => k - 3);
  const total = sixths.reduce((sum, d) => sum + d, 0);
  const rng = seededPrng(seed);
  const draws = new Uint32Array(sixths.length);
  let extreme = 0;
  for (let b = 0; b < resamples; b++) {
    rng.fillBelow(draws, sixths.length);
    let drawn = 0;
    for (const i of draws) drawn += sixths[i]!;
    if (Math.abs(drawn - total) >= Math.abs(total)) extreme += 1;
  }
  return (1 + extreme) / (resamples + 1);
}

describe('centred bootstrap p-value', () => {
  it.each([
    [[2, 2, 1, 3, 2]],
    [[3, 0, 2, 3, 3, 2, 2, 2]],
    [[2, 3, 3, 1, 3, 2]],
    [[3, 3, 2, 1, 3, 3, 3]],
  ])('counts exact ties as the integer count does (%j)', (rejected) => {
    const resamples = 2000;
    const seed = 7;
    const result = pairedContrast(
      panelsFor(rejected),
      { name: 'a-b', a: { set: 'a' }, b: { set: 'b' }, condition: 'related' },
      { resamples, seed },
    );
    expect(result.pValue).toBe(exactPValue(rejected, resamples, seed));
  });
});
