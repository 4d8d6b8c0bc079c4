import { CATEGORIES, type Category } from '../schema/reference.js';
import {
  type BootstrapInterval,
  type BootstrapOptions,
  type FamilyContribution,
  familyBootstrap,
} from './bootstrap.js';
import type { Panel, PanelKind, VerdictCounts } from './panels.js';
import { type Proportion, proportion } from './proportion.js';

/** A pooled acceptance rate: passes / outcomes, each evaluation counted once, with its family-bootstrap interval. */
export interface AcceptanceRate extends Proportion {
  interval: BootstrapInterval;
}

export interface AcceptanceProfile {
  /** Passes on valid outcomes (the success anchors: complete and alternative). */
  validAcceptance: AcceptanceRate;
  /** Passes on invalid outcomes: false acceptance over all faults. */
  falseAcceptance: AcceptanceRate;
  /** False acceptance per fault category; a category without faults has total 0 and null rate. */
  byFault: Record<Category, AcceptanceRate>;
}

function acceptanceRate(
  panels: readonly Panel[],
  countsOf: (panel: Panel) => VerdictCounts,
  options: BootstrapOptions,
): AcceptanceRate {
  const contributions: FamilyContribution[] = [];
  let pass = 0;
  let total = 0;
  for (const panel of panels) {
    const counts = countsOf(panel);
    if (counts.total === 0) continue;
    pass += counts.pass;
    total += counts.total;
    contributions.push({ family: panel.family, numerator: counts.pass, denominator: counts.total });
  }
  return { ...proportion(pass, total), interval: familyBootstrap(contributions, options) };
}

/**
 * Acceptance profile over the panels of `kind` given (every condition they cover). Rates
 * are pooled over evaluations rather than averaged per task, so the counts shown are
 * exactly the numerator and denominator; families are the resampling unit, as for BA.
 */
export function acceptanceProfile(
  panels: readonly Panel[],
  options: BootstrapOptions = {},
  kind: PanelKind = 'primary',
): AcceptanceProfile {
  const selected = panels.filter((p) => p.kind === kind);
  return {
    validAcceptance: acceptanceRate(selected, (p) => p.tally.valid, options),
    falseAcceptance: acceptanceRate(selected, (p) => p.tally.invalid, options),
    byFault: Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        acceptanceRate(selected, (p) => p.tally.byFault[category], options),
      ]),
    ) as Record<Category, AcceptanceRate>,
  };
}
