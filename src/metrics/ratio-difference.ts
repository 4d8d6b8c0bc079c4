import {
  type BootstrapInterval,
  type BootstrapOptions,
  type FamilyContribution,
  familyTotals,
  percentileInterval,
  resolveBootstrapOptions,
  sortedDefined,
} from './bootstrap.js';
import { compareCodeUnits } from './ordering.js';
import { seededPrng } from './prng.js';

/**
 * Family bootstrap of a difference of two ratios over the same families, e.g. the share
 * of assignments delivered correctly among programs with a correct panel minus the share
 * among programs with panel errors. Each resample draws families with replacement and
 * recomputes both ratios from the drawn families' sums; a resample where either
 * denominator is zero is undefined and left out of the percentiles.
 */
export function ratioDifferenceBootstrap(
  a: readonly FamilyContribution[],
  b: readonly FamilyContribution[],
  options: BootstrapOptions = {},
): BootstrapInterval {
  const resolved = resolveBootstrapOptions(options);
  const families = [...new Set([...a, ...b].map((c) => c.family))].sort(compareCodeUnits);
  const align = (contributions: readonly FamilyContribution[]) => {
    const totals = familyTotals(contributions);
    const index = new Map(totals.families.map((family, i) => [family, i]));
    const numerator = new Float64Array(families.length);
    const denominator = new Float64Array(families.length);
    families.forEach((family, i) => {
      const j = index.get(family);
      if (j === undefined) return;
      numerator[i] = totals.numerator[j] as number;
      denominator[i] = totals.denominator[j] as number;
    });
    return { numerator, denominator };
  };
  const sideA = align(a);
  const sideB = align(b);
  const ratio = (num: number, den: number) => (den === 0 ? null : num / den);
  const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);
  const observedA = ratio(sum(sideA.numerator), sum(sideA.denominator));
  const observedB = ratio(sum(sideB.numerator), sum(sideB.denominator));
  const estimate = observedA === null || observedB === null ? null : observedA - observedB;

  const count = families.length;
  const out = new Float64Array(resolved.resamples).fill(Number.NaN);
  if (count > 0) {
    const rng = seededPrng(resolved.seed);
    const draws = new Uint32Array(count);
    for (let r = 0; r < resolved.resamples; r++) {
      rng.fillBelow(draws, count);
      let numA = 0;
      let denA = 0;
      let numB = 0;
      let denB = 0;
      for (const i of draws) {
        numA += sideA.numerator[i] as number;
        denA += sideA.denominator[i] as number;
        numB += sideB.numerator[i] as number;
        denB += sideB.denominator[i] as number;
      }
      if (denA > 0 && denB > 0) out[r] = numA / denA - numB / denB;
    }
  }
  return percentileInterval(sortedDefined(out), estimate, count, resolved);
}
