import type { ProgramRef } from '../contract/case.js';
import {
  type BootstrapInterval,
  type BootstrapOptions,
  type FamilyContribution,
  familyBootstrap,
} from '../metrics/bootstrap.js';
import type { DeliveryKind } from './replay.js';
import { programKey, type ReplayedStartPoint } from './replayed.js';

export interface DiagnosticGroup {
  /** Programs × recorded runs in the group. */
  assignments: number;
  /** Assignments whose two start points were both delivered correctly under the program gate. */
  bothCorrect: number;
  rate: number | null;
  interval: BootstrapInterval;
  /** Gate checks the group's programs made, and how many disagreed with the reference. */
  gateChecks: number;
  gateErrors: number;
  regressions: number;
  incorrect: number;
}

/**
 * Panel-delivery diagnostic: assignments grouped by whether the program's related panel is
 * fully correct; the difference of the both-correct shares with a family-bootstrap interval.
 */
export interface PanelDeliveryDiagnostic {
  panelCorrect: DiagnosticGroup;
  panelErrors: DiagnosticGroup;
  /** panelCorrect.rate − panelErrors.rate; null when a group is empty. */
  difference: BootstrapInterval;
  /** Assignments left out because the program's related panel was not evaluated. */
  unknownPanel: number;
}

export interface Assignment {
  program: ProgramRef;
  task: string;
  family: string;
  run: string;
  relatedPanelCorrect: boolean | undefined;
  /** Program-gate outcome kind per start point. */
  natural: DeliveryKind | null;
  checkpoint: DeliveryKind | null;
  bothCorrect: boolean;
}

/** One group of the diagnostic, with the family contributions its share was computed from. */
export function diagnosticGroup(
  assignments: readonly Assignment[],
  replays: readonly ReplayedStartPoint[],
  options: BootstrapOptions,
): DiagnosticGroup & { contributions: FamilyContribution[] } {
  const members = new Set(
    assignments.map((entry) => JSON.stringify([programKey(entry.program), entry.task, entry.run])),
  );
  const mine = replays.filter((entry) =>
    members.has(JSON.stringify([programKey(entry.program!), entry.task, entry.run])),
  );
  const bothCorrect = assignments.filter((entry) => entry.bothCorrect).length;
  const contributions = assignments.map((entry) => ({
    family: entry.family,
    numerator: entry.bothCorrect ? 1 : 0,
    denominator: 1,
  }));
  const steps = mine.flatMap((entry) => entry.outcome.steps);
  return {
    assignments: assignments.length,
    bothCorrect,
    rate: assignments.length === 0 ? null : bothCorrect / assignments.length,
    interval: familyBootstrap(contributions, options),
    gateChecks: steps.length,
    gateErrors: steps.filter((step) => !step.agrees).length,
    regressions: mine.filter((entry) => entry.outcome.regression).length,
    incorrect: mine.filter((entry) => entry.outcome.kind === 'incorrect').length,
    contributions,
  };
}
