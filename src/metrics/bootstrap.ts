import { AgentProofBenchError } from '../contract/error.js';
import { MetricsInputError } from './metrics-input-error.js';
import { compareCodeUnits } from './ordering.js';
import { seededPrng } from './prng.js';

/** Seed used when none is given, so a report is reproducible without configuration. */
export const DEFAULT_BOOTSTRAP_SEED = 20260101;
export const DEFAULT_RESAMPLES = 10_000;
export const DEFAULT_CONFIDENCE = 0.95;

export interface BootstrapOptions {
  /** Number of resamples; default 10,000. */
  resamples?: number;
  /** 32-bit unsigned seed of the xoshiro128** generator; default `DEFAULT_BOOTSTRAP_SEED`. */
  seed?: number;
  /** Two-sided coverage of the percentile interval, in (0, 1); default 0.95. */
  confidence?: number;
  /**
   * Shares the drawn family indices between bootstraps with the same seed, resamples and
   * family count (e.g. the dozen intervals of one summary). Results are identical with
   * or without it; it only saves regenerating the draws.
   */
  drawCache?: FamilyDrawCache;
}

// Above this many indices (64 MB) draws are generated per resample instead of cached.
const MAX_CACHED_DRAWS = 16_777_216;

/**
 * Family indices of every resample, row-major (`resamples × count`), keyed by seed,
 * resamples and family count. Row b holds exactly the draws `bootstrapDistribution` makes
 * for resample b without a cache, so cached and uncached runs give bit-identical results.
 */
export class FamilyDrawCache {
  readonly #matrices = new Map<string, Uint32Array>();

  /** The draw matrix, or undefined when it would be too large to keep. */
  draws(seed: number, resamples: number, count: number): Uint32Array | undefined {
    if (resamples * count > MAX_CACHED_DRAWS) return undefined;
    const key = `${seed}/${resamples}/${count}`;
    let matrix = this.#matrices.get(key);
    if (matrix === undefined) {
      matrix = new Uint32Array(resamples * count);
      seededPrng(seed).fillBelow(matrix, count);
      this.#matrices.set(key, matrix);
    }
    return matrix;
  }
}

export interface ResolvedBootstrapOptions {
  resamples: number;
  seed: number;
  confidence: number;
}

export function resolveBootstrapOptions(options: BootstrapOptions = {}): ResolvedBootstrapOptions {
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new MetricsInputError(
      'invalid-option',
      `resamples must be a positive integer, got ${resamples}`,
    );
  }
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new MetricsInputError(
      'invalid-option',
      `seed must be an integer in [0, 2^32 - 1], got ${seed}`,
    );
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new MetricsInputError(
      'invalid-option',
      `confidence must be a number in (0, 1), got ${confidence}`,
    );
  }
  return { resamples, seed, confidence };
}

/**
 * What one task (or one outcome count) adds to a family-level ratio statistic. Every
 * statistic here is Σ numerator / Σ denominator over the families drawn: a mean over tasks
 * uses (BA, 1) per task; a rate uses (passes, outcomes).
 */
export interface FamilyContribution {
  family: string;
  numerator: number;
  denominator: number;
}

/** Per-family sums, families in code-unit order so the draws are input-order independent. */
export interface FamilyTotals {
  families: string[];
  numerator: Float64Array;
  denominator: Float64Array;
}

export function familyTotals(contributions: readonly FamilyContribution[]): FamilyTotals {
  const families = [...new Set(contributions.map((c) => c.family))].sort(compareCodeUnits);
  const index = new Map(families.map((family, i) => [family, i]));
  const numerator = new Float64Array(families.length);
  const denominator = new Float64Array(families.length);
  for (const c of contributions) {
    if (!Number.isFinite(c.numerator) || !Number.isFinite(c.denominator) || c.denominator < 0) {
      throw new MetricsInputError(
        'invalid-contribution',
        `a family contribution needs a finite numerator and a finite denominator ≥ 0 (family ${c.family}: ${c.numerator} / ${c.denominator})`,
      );
    }
    const i = index.get(c.family) as number;
    numerator[i] = (numerator[i] ?? 0) + c.numerator;
    denominator[i] = (denominator[i] ?? 0) + c.denominator;
  }
  return { families, numerator, denominator };
}

/** The statistic on the data as observed: Σ numerator / Σ denominator, null when Σ denominator is 0. */
export function observedRatio(totals: FamilyTotals): number | null {
  let num = 0;
  let den = 0;
  for (let i = 0; i < totals.families.length; i++) {
    num += totals.numerator[i] ?? 0;
    den += totals.denominator[i] ?? 0;
  }
  return den === 0 ? null : num / den;
}

/**
 * Family bootstrap: each resample draws as many families as there are, with replacement,
 * each bringing all its tasks, replicates and conditions. Returns the statistic for each
 * resample (NaN where the drawn families have a zero denominator). The loop allocates
 * nothing per resample: one draw buffer and one typed output array are reused.
 */
export function bootstrapDistribution(
  totals: FamilyTotals,
  resamples: number,
  seed: number,
  drawCache?: FamilyDrawCache,
): Float64Array {
  const count = totals.families.length;
  const out = new Float64Array(resamples);
  if (count === 0) return out.fill(Number.NaN);
  const { numerator, denominator } = totals;
  const cached = drawCache?.draws(seed, resamples, count);
  const rng = cached === undefined ? seededPrng(seed) : undefined;
  const draws = cached ?? new Uint32Array(count);
  for (let b = 0; b < resamples; b++) {
    let offset = b * count;
    if (rng !== undefined) {
      rng.fillBelow(draws, count);
      offset = 0;
    }
    let num = 0;
    let den = 0;
    for (let k = offset; k < offset + count; k++) {
      const i = draws[k] as number;
      num += numerator[i] as number;
      den += denominator[i] as number;
    }
    out[b] = den === 0 ? Number.NaN : num / den;
  }
  return out;
}

/** The defined (non-NaN) values of a distribution, sorted ascending. */
export function sortedDefined(distribution: Float64Array): Float64Array {
  let defined = 0;
  for (const value of distribution) if (!Number.isNaN(value)) defined += 1;
  const sorted = new Float64Array(defined);
  let j = 0;
  for (const value of distribution) if (!Number.isNaN(value)) sorted[j++] = value;
  return sorted.sort();
}

/** Quantile of sorted data by linear interpolation between order statistics (Hyndman–Fan type 7, R's default). */
export function quantileSorted(sorted: Float64Array, q: number): number {
  if (sorted.length === 0)
    throw new AgentProofBenchError(
      'APB_METRICS_INPUT',
      'quantile of an empty sample is undefined',
      { fix: 'give at least one sample' },
    );
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const low = sorted[lo] as number;
  const high = sorted[Math.min(lo + 1, sorted.length - 1)] as number;
  return low + (h - lo) * (high - low);
}

export interface BootstrapInterval {
  /** The statistic on the observed data (same unit as the statistic); null when undefined. */
  estimate: number | null;
  /** Percentile interval bounds; null when no resample is defined. */
  lower: number | null;
  upper: number | null;
  confidence: number;
  resamples: number;
  seed: number;
  /** Number of families resampled. */
  families: number;
  /** Resamples whose drawn families had a zero denominator (left out of the percentiles). */
  undefinedResamples: number;
}

/**
 * The percentile interval from a bootstrap's sorted defined values; shared by every
 * statistic so they all report the same fields the same way.
 */
export function percentileInterval(
  sorted: Float64Array,
  estimate: number | null,
  families: number,
  { resamples, seed, confidence }: ResolvedBootstrapOptions,
): BootstrapInterval {
  const alpha = (1 - confidence) / 2;
  const defined = sorted.length > 0 && estimate !== null;
  return {
    estimate,
    lower: defined ? quantileSorted(sorted, alpha) : null,
    upper: defined ? quantileSorted(sorted, 1 - alpha) : null,
    confidence,
    resamples,
    seed,
    families,
    undefinedResamples: resamples - sorted.length,
  };
}

/** Percentile interval of a ratio statistic under the family bootstrap. */
export function familyBootstrap(
  contributions: readonly FamilyContribution[],
  options: BootstrapOptions = {},
): BootstrapInterval {
  const resolved = resolveBootstrapOptions(options);
  const totals = familyTotals(contributions);
  const distribution = bootstrapDistribution(
    totals,
    resolved.resamples,
    resolved.seed,
    options.drawCache,
  );
  return percentileInterval(
    sortedDefined(distribution),
    observedRatio(totals),
    totals.families.length,
    resolved,
  );
}
