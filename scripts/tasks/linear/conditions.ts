// The three initial conditions every built-in Linear task runs from (docs/pack-format.md,
// Conditions) and the outcome panel written on each of their before-states.
import type { Patch } from '../../../src/schema/patch.js';
import type { ConditionName, Outcome, RelatedChange, Task } from '../../../src/schema/task.js';
import type { State } from '../../../src/state/state.js';
import { base, stateAfter } from './context.js';

/** Activity a correct verifier must not be distracted by. */
export interface Background {
  description: string;
  patch: Patch;
}

/** A change before the run that moves what the instruction requires. */
export interface Related extends Background {
  change: RelatedChange;
}

/** The outcomes of one condition, written on that condition's before-state. */
export type Panel = (state: State, condition: ConditionName) => Outcome[];

/**
 * The seed as is, `background` and `related`, and `panel` on each of their before-states:
 * the `conditions` and `outcomes` of a task.
 */
export function threeConditions(
  background: Background,
  related: Related,
  panel: Panel,
): Pick<Task, 'conditions' | 'outcomes'> {
  return {
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background,
      related,
    },
    outcomes: {
      source: panel(base, 'source'),
      background: panel(stateAfter(background.patch), 'background'),
      related: panel(stateAfter(related.patch), 'related'),
    },
  };
}
