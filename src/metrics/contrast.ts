import type { ConditionName } from '../schema/task.js';
import { balancedAccuracyReport } from './balanced-accuracy.js';
import {
  type BootstrapInterval,
  type BootstrapOptions,
  bootstrapDistribution,
  familyTotals,
  observedRatio,
  percentileInterval,
  resolveBootstrapOptions,
  sortedDefined,
} from './bootstrap.js';
import { holmAdjust } from './holm.js';
import { MetricsInputError } from './metrics-input-error.js';
import { compareCodeUnits } from './ordering.js';
import type { Panel } from './panels.js';

/**
 * Resampled Δ* that equal Δ ± |Δ| in exact arithmetic differ from it by rounding only (a few
 * ulps after summing a family's BA values): such ties count as extreme. Distinct values of
 * Δ* − Δ are at least 1/(outcomes · tasks) apart, far above this.
 */
export const TIE_TOLERANCE = 1e-9;

/** Which programs form one side of a contrast: a program set, optionally narrowed by build condition. */
export interface ProgramSelector {
  set: string;
  builtOn?: ConditionName;
}

/**
 * A paired contrast declared for a run, e.g. reuse − rebuild on `related`:
 * `{ name: 'reuse-rebuild', a: { set: 'reuse' }, b: { set: 'rebuild' }, condition: 'related' }`.
 * Without `condition`, each task's BA over all its conditions is compared.
 */
export interface ContrastSpec {
  name: string;
  a: ProgramSelector;
  b: ProgramSelector;
  condition?: ConditionName;
}

export interface ContrastResult {
  name: string;
  a: ProgramSelector;
  b: ProgramSelector;
  condition: ConditionName | 'all';
  /** Δ = mean over paired tasks of (BA_a − BA_b), a fraction in [−1, 1] (×100 for points); null without paired tasks. */
  delta: number | null;
  /** Family-bootstrap percentile interval of Δ (its `estimate` equals `delta`). */
  interval: BootstrapInterval;
  /**
   * Two-sided centred bootstrap p-value of H0: Δ = 0,
   * p = (1 + #{b : |Δ*_b − Δ| ≥ |Δ|}) / (B + 1) over the B defined resamples, exact ties
   * counted as ties despite float rounding (`TIE_TOLERANCE`).
   * Null with fewer than two families, where every resample equals Δ and the test says nothing.
   */
  pValue: number | null;
  /** Holm-adjusted over the contrasts computed together; null where `pValue` is null. */
  pHolm: number | null;
  /** Tasks scored on both sides (the pairs). */
  tasks: number;
  /** Tasks left out because only one side has them, so a reader sees what was not paired. */
  onlyA: string[];
  onlyB: string[];
}

function matches(
  panel: Panel,
  selector: ProgramSelector,
  condition: ConditionName | undefined,
): boolean {
  return (
    panel.kind === 'primary' &&
    panel.set === selector.set &&
    (selector.builtOn === undefined || panel.builtOn === selector.builtOn) &&
    (condition === undefined || panel.condition === condition)
  );
}

/** Task → (family, BA): replicates averaged inside the task first, as everywhere else. */
function taskAccuracies(
  panels: readonly Panel[],
  selector: ProgramSelector,
  condition: ConditionName | undefined,
) {
  const report = balancedAccuracyReport(panels.filter((p) => matches(p, selector, condition)));
  return new Map(report.tasks.map((t) => [t.task, { family: t.family, ba: t.ba }]));
}

/** One paired contrast, without multiplicity adjustment (`pHolm` is null; see `pairedContrasts`). */
export function pairedContrast(
  panels: readonly Panel[],
  spec: ContrastSpec,
  options: BootstrapOptions = {},
): ContrastResult {
  const resolved = resolveBootstrapOptions(options);
  const sideA = taskAccuracies(panels, spec.a, spec.condition);
  const sideB = taskAccuracies(panels, spec.b, spec.condition);
  const paired = [...sideA.keys()].filter((task) => sideB.has(task)).sort(compareCodeUnits);
  const totals = familyTotals(
    paired.map((task) => {
      const a = sideA.get(task)!;
      const b = sideB.get(task)!;
      return { family: a.family, numerator: a.ba - b.ba, denominator: 1 };
    }),
  );
  const delta = observedRatio(totals);
  const sorted = sortedDefined(
    bootstrapDistribution(totals, resolved.resamples, resolved.seed, options.drawCache),
  );

  let pValue: number | null = null;
  if (delta !== null && totals.families.length >= 2) {
    let extreme = 0;
    const bound = Math.abs(delta) - TIE_TOLERANCE;
    for (const value of sorted) if (Math.abs(value - delta) >= bound) extreme += 1;
    pValue = (1 + extreme) / (sorted.length + 1);
  }

  return {
    name: spec.name,
    a: spec.a,
    b: spec.b,
    condition: spec.condition ?? 'all',
    delta,
    interval: percentileInterval(sorted, delta, totals.families.length, resolved),
    pValue,
    pHolm: null,
    tasks: paired.length,
    onlyA: [...sideA.keys()].filter((task) => !sideB.has(task)).sort(compareCodeUnits),
    onlyB: [...sideB.keys()].filter((task) => !sideA.has(task)).sort(compareCodeUnits),
  };
}

/** All contrasts declared for a run, Holm-adjusted together (contrasts without a p-value are left out of m). */
export function pairedContrasts(
  panels: readonly Panel[],
  specs: readonly ContrastSpec[],
  options: BootstrapOptions = {},
): ContrastResult[] {
  const names = specs.map((spec) => spec.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) {
    throw new MetricsInputError(
      'invalid-option',
      `contrast names must be unique, got ${duplicate} twice`,
    );
  }
  const results = specs.map((spec) => pairedContrast(panels, spec, options));
  const tested = results.filter((r) => r.pValue !== null);
  const adjusted = holmAdjust(tested.map((r) => r.pValue as number));
  tested.forEach((r, i) => {
    r.pHolm = adjusted[i] ?? null;
  });
  return results;
}
