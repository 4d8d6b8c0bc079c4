import {
  type BootstrapInterval,
  type BootstrapOptions,
  familyBootstrap,
} from '../metrics/bootstrap.js';
import { compareCodeUnits } from '../metrics/ordering.js';
import type { Policy } from './replay.js';
import { type Cohort, chainKey, type ReplayedStartPoint } from './replayed.js';

export interface PolicyContrast {
  /** e.g. `fixed-continuation − program-gate`. */
  name: string;
  a: Policy;
  b: Policy;
  cohort: Cohort;
  /** Mean over paired start points of correct(a) − correct(b) (program gates averaged per start point). */
  delta: number | null;
  interval: BootstrapInterval;
  pairs: number;
}

/** The contrasts every study reports, per cohort. */
export const CONTRASTS: ReadonlyArray<readonly [Policy, Policy]> = [
  ['fixed-continuation', 'program-gate'],
  ['reference-gate', 'program-gate'],
  ['program-gate', 'actor-stop'],
  ['online-gate', 'program-gate'],
];

/** Paired over start points: a policy's correctness there (program gates averaged over programs). */
export function policyContrast(
  a: Policy,
  b: Policy,
  cohort: Cohort,
  byPolicy: ReadonlyMap<Policy, readonly ReplayedStartPoint[]>,
  options: BootstrapOptions,
): PolicyContrast {
  const meanCorrect = (policy: Policy) => {
    const sums = new Map<string, { family: string; correct: number; n: number }>();
    for (const entry of byPolicy.get(policy) ?? []) {
      if (cohort !== 'all' && entry.start !== cohort) continue;
      const key = chainKey(entry);
      const sum = sums.get(key) ?? { family: entry.family, correct: 0, n: 0 };
      sum.correct += entry.outcome.kind === 'correct' ? 1 : 0;
      sum.n += 1;
      sums.set(key, sum);
    }
    return sums;
  };
  const sideA = meanCorrect(a);
  const sideB = meanCorrect(b);
  const paired = [...sideA.keys()].filter((key) => sideB.has(key)).sort(compareCodeUnits);
  const contributions = paired.map((key) => {
    const x = sideA.get(key)!;
    const y = sideB.get(key)!;
    return { family: x.family, numerator: x.correct / x.n - y.correct / y.n, denominator: 1 };
  });
  const interval = familyBootstrap(contributions, options);
  return {
    name: `${a} − ${b}`,
    a,
    b,
    cohort,
    delta: interval.estimate,
    interval,
    pairs: paired.length,
  };
}
