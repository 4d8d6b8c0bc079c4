import { isPanelCorrect } from './panel-correctness.js';
import type { Panel, ProgramUnit, WitnessPair } from './panels.js';
import { type Proportion, proportion } from './proportion.js';
import { indexUnits } from './unit-index.js';
import { isWitnessRight } from './witness.js';

export interface JointCorrectness {
  /**
   * Programs × tasks whose related panel is fully correct and whose witness verdicts are
   * right, of those that have a related panel and a complete witness pair.
   */
  jointlyCorrect: Proportion;
  /** Programs × tasks given that lack a related panel or a complete witness pair. */
  notApplicable: number;
  /** The applicable programs × tasks that are not jointly correct, for the report. */
  failing: { program: string; task: string; relatedPanelCorrect: boolean; witnessRight: boolean }[];
}

export function jointCorrectness(
  units: readonly ProgramUnit[],
  panels: readonly Panel[],
  witnesses: readonly WitnessPair[],
): JointCorrectness {
  const index = indexUnits(panels, witnesses);
  let applicable = 0;
  let correct = 0;
  const failing: JointCorrectness['failing'] = [];
  for (const unit of units) {
    const related = index.primaryPanel(unit, 'related');
    const pair = index.witness(unit);
    if (related === undefined || pair?.source === undefined || pair.replay === undefined) continue;
    applicable += 1;
    const relatedPanelCorrect = isPanelCorrect(related.tally);
    const witnessRight = isWitnessRight(pair);
    if (relatedPanelCorrect && witnessRight) correct += 1;
    else
      failing.push({ program: unit.program, task: unit.task, relatedPanelCorrect, witnessRight });
  }
  return {
    jointlyCorrect: proportion(correct, applicable),
    notApplicable: units.length - applicable,
    failing,
  };
}
