import {
  type BootstrapInterval,
  type BootstrapOptions,
  type FamilyContribution,
  familyBootstrap,
} from '../metrics/bootstrap.js';
import type { DeliveryKind, Policy } from './replay.js';
import type { Cohort, ReplayedStartPoint } from './replayed.js';

export interface DeliveryRate {
  count: number;
  total: number;
  rate: number | null;
  interval: BootstrapInterval;
}

export interface PolicySummary {
  policy: Policy;
  /** Program set of a `program-gate` row; null for the other policies. */
  set: string | null;
  cohort: Cohort;
  /** Start points replayed (for program gates: programs × start points). */
  startPoints: number;
  correct: DeliveryRate;
  kinds: Record<DeliveryKind, number>;
  /** Withheld, but the written state is valid anyway. */
  withheldValid: number;
  repairs: number;
  regressions: number;
  stagesRun: number;
  checks: number;
  writesIssued: number;
  writesSucceeded: number;
  /** Mean actor cost per start point in USD; null when a stage run has no recorded cost. */
  costPerStartPoint: number | null;
}

export function deliveryRate(
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): DeliveryRate {
  const count = replays.filter((entry) => entry.outcome.kind === 'correct').length;
  const contributions: FamilyContribution[] = replays.map((entry) => ({
    family: entry.family,
    numerator: entry.outcome.kind === 'correct' ? 1 : 0,
    denominator: 1,
  }));
  return {
    count,
    total: replays.length,
    rate: replays.length === 0 ? null : count / replays.length,
    interval: familyBootstrap(contributions, options),
  };
}

/** Delivery and counts of one policy over one cohort's replays. */
export function summarisePolicy(
  policy: Policy,
  set: string | null,
  cohort: Cohort,
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): PolicySummary {
  const kinds: Record<DeliveryKind, number> = {
    correct: 0,
    incorrect: 0,
    withheld: 0,
    unresolved: 0,
  };
  let withheldValid = 0;
  let repairs = 0;
  let regressions = 0;
  let stagesRun = 0;
  let checks = 0;
  let writesIssued = 0;
  let writesSucceeded = 0;
  let cost: number | null = 0;
  for (const { outcome } of replays) {
    kinds[outcome.kind] += 1;
    if (outcome.kind === 'withheld' && outcome.finalValid) withheldValid += 1;
    if (outcome.repair) repairs += 1;
    if (outcome.regression) regressions += 1;
    stagesRun += outcome.stagesRun;
    checks += outcome.checks;
    writesIssued += outcome.writesIssued;
    writesSucceeded += outcome.writesSucceeded;
    cost = cost === null || outcome.cost === null ? null : cost + outcome.cost;
  }
  return {
    policy,
    set,
    cohort,
    startPoints: replays.length,
    correct: deliveryRate(replays, options),
    kinds,
    withheldValid,
    repairs,
    regressions,
    stagesRun,
    checks,
    writesIssued,
    writesSucceeded,
    costPerStartPoint: cost === null || replays.length === 0 ? null : cost / replays.length,
  };
}
