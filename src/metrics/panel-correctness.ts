import { CONDITIONS, type ConditionName } from '../schema/task.js';
import type { Panel, PanelTally, ProgramUnit } from './panels.js';
import { type Proportion, proportion } from './proportion.js';

/** Every valid outcome passed and every invalid outcome failed: Unknown and Error break correctness. */
export function isPanelCorrect(tally: PanelTally): boolean {
  return tally.valid.pass === tally.valid.total && tally.invalid.fail === tally.invalid.total;
}

export interface PanelCorrectness {
  /** Programs × tasks whose primary panel under the condition is fully correct, of those that have one. */
  perCondition: Record<ConditionName, Proportion>;
  /** Programs × tasks whose source panel is fully correct, of all programs × tasks given. */
  sourceQualified: Proportion;
}

/** Panel correctness over the given units (one program set, usually) and their primary panels. */
export function panelCorrectness(
  units: readonly ProgramUnit[],
  panels: readonly Panel[],
): PanelCorrectness {
  const correct = Object.fromEntries(CONDITIONS.map((c) => [c, 0])) as Record<
    ConditionName,
    number
  >;
  const present = Object.fromEntries(CONDITIONS.map((c) => [c, 0])) as Record<
    ConditionName,
    number
  >;
  for (const panel of panels) {
    if (panel.kind !== 'primary') continue;
    present[panel.condition] += 1;
    if (isPanelCorrect(panel.tally)) correct[panel.condition] += 1;
  }
  return {
    perCondition: Object.fromEntries(
      CONDITIONS.map((c) => [c, proportion(correct[c], present[c])]),
    ) as Record<ConditionName, Proportion>,
    sourceQualified: proportion(correct.source, units.length),
  };
}
