import { isPanelCorrect } from './panel-correctness.js';
import type { Panel, ProgramUnit } from './panels.js';
import { type Proportion, proportion } from './proportion.js';
import { indexUnits } from './unit-index.js';

/**
 * How panel correctness moves from `source` to `related`, per program × task. Every row
 * carries the full denominator (all programs × tasks given), so rows always sum to it.
 */
export interface TransitionTable {
  sourceOnly: Proportion;
  relatedOnly: Proportion;
  both: Proportion;
  neither: Proportion;
  /** Without a source or a related primary panel: not classifiable. */
  incomplete: Proportion;
}

export function transitionTable(
  units: readonly ProgramUnit[],
  panels: readonly Panel[],
): TransitionTable {
  const index = indexUnits(panels, []);
  let sourceOnly = 0;
  let relatedOnly = 0;
  let both = 0;
  let neither = 0;
  let incomplete = 0;
  for (const unit of units) {
    const source = index.primaryPanel(unit, 'source');
    const related = index.primaryPanel(unit, 'related');
    if (source === undefined || related === undefined) {
      incomplete += 1;
      continue;
    }
    const onSource = isPanelCorrect(source.tally);
    const onRelated = isPanelCorrect(related.tally);
    if (onSource && onRelated) both += 1;
    else if (onSource) sourceOnly += 1;
    else if (onRelated) relatedOnly += 1;
    else neither += 1;
  }
  const total = units.length;
  return {
    sourceOnly: proportion(sourceOnly, total),
    relatedOnly: proportion(relatedOnly, total),
    both: proportion(both, total),
    neither: proportion(neither, total),
    incomplete: proportion(incomplete, total),
  };
}
