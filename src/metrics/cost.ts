import { MetricsInputError } from './metrics-input-error.js';
import { compareCodeUnits } from './ordering.js';

/** Cost metadata of one program, in any one currency unit (e.g. USD) used throughout. */
export interface CostEntry {
  program: string;
  /** C: one-off cost of building the program. */
  construction: number;
  /** c: cost of one use (one evaluation). */
  perUse: number;
}

export interface CostProfileOptions {
  /** Cost of one use of the alternative (e.g. an online LLM judge per pass), same unit. */
  alternativePerUse: number;
  /** Numbers of uses k at which to show the amortised cost; default [1, 10, 100]. */
  uses?: number[];
}

export interface ProgramCost extends CostEntry {
  /** c + C/k for each k, same unit per use. */
  amortised: { uses: number; perUse: number }[];
  /** ceil(C / alternative per-use cost), as docs/benchmark.md, Metrics defines it; null when the alternative costs nothing. */
  breakEvenUses: number | null;
  /**
   * Smallest k with C + k·c ≤ k·alternative, i.e. ceil(C / (alternative − c)): the same
   * break-even without treating the program's own per-use cost as negligible; null when it never breaks even.
   */
  netBreakEvenUses: number | null;
}

export interface CostProfile {
  alternativePerUse: number;
  programs: ProgramCost[];
  /** Medians over programs (mean of the two middle values for an even count); null when none is defined. */
  median: { construction: number | null; perUse: number | null; breakEvenUses: number | null };
}

export const DEFAULT_AMORTISATION_USES = [1, 10, 100];

// Decimal costs are not exact in binary: 0.28 / 0.04 is 7.000…01 and must give 7 uses, not 8.
const RATIO_TOLERANCE = 1e-9;

function ceilRatio(numerator: number, denominator: number): number {
  const ratio = numerator / denominator;
  const nearest = Math.round(ratio);
  return Math.abs(ratio - nearest) <= RATIO_TOLERANCE * Math.max(1, Math.abs(ratio))
    ? nearest
    : Math.ceil(ratio);
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function requireCost(value: number, what: string): void {
  if (!(Number.isFinite(value) && value >= 0)) {
    throw new MetricsInputError(
      'invalid-cost',
      `${what} must be a finite number ≥ 0, got ${value}`,
    );
  }
}

export function costProfile(
  entries: readonly CostEntry[],
  options: CostProfileOptions,
): CostProfile {
  const { alternativePerUse } = options;
  const uses = options.uses ?? DEFAULT_AMORTISATION_USES;
  requireCost(alternativePerUse, 'alternativePerUse');
  for (const k of uses) {
    if (!(Number.isInteger(k) && k >= 1)) {
      throw new MetricsInputError('invalid-cost', `uses must be positive integers, got ${k}`);
    }
  }
  const programs = entries
    .map((entry): ProgramCost => {
      requireCost(entry.construction, `construction cost of ${entry.program}`);
      requireCost(entry.perUse, `per-use cost of ${entry.program}`);
      const { construction: C, perUse: c } = entry;
      const margin = alternativePerUse - c;
      return {
        program: entry.program,
        construction: C,
        perUse: c,
        amortised: uses.map((k) => ({ uses: k, perUse: c + C / k })),
        breakEvenUses:
          alternativePerUse === 0 ? (C === 0 ? 0 : null) : ceilRatio(C, alternativePerUse),
        netBreakEvenUses: C === 0 ? 0 : margin > 0 ? ceilRatio(C, margin) : null,
      };
    })
    .sort((a, b) => compareCodeUnits(a.program, b.program));
  return {
    alternativePerUse,
    programs,
    median: {
      construction: median(programs.map((p) => p.construction)),
      perUse: median(programs.map((p) => p.perUse)),
      breakEvenUses: median(
        programs.flatMap((p) => (p.breakEvenUses === null ? [] : [p.breakEvenUses])),
      ),
    },
  };
}
