import type { ConditionName, Task } from '../schema/task.js';
import { conditionsOf, outcomesOf } from './pack.js';

/** Something a pack may declare but a benchmark should not rest on; not an error. */
export interface PanelWarning {
  task: string;
  condition: ConditionName;
  code: 'no-complete-outcome' | 'fewer-than-two-faults';
  message: string;
}

/**
 * Primary panels that cannot carry the method (docs/pack-format.md, "Panels"): one without
 * a complete valid outcome scores only its invalid half, and one with fewer than two typed
 * faults tests one way of being wrong at most.
 */
export function panelWarnings(task: Task): PanelWarning[] {
  const warnings: PanelWarning[] = [];
  for (const condition of conditionsOf(task)) {
    const outcomes = outcomesOf(task, condition);
    if (!outcomes.some((outcome) => outcome.role === 'complete')) {
      warnings.push({
        task: task.id,
        condition,
        code: 'no-complete-outcome',
        message: `${task.id} ${condition}: the primary panel has no complete outcome, so it has no balanced accuracy (one half only)`,
      });
    }
    const faults = outcomes.filter((outcome) => outcome.role === 'fault').length;
    if (faults < 2) {
      warnings.push({
        task: task.id,
        condition,
        code: 'fewer-than-two-faults',
        message: `${task.id} ${condition}: the primary panel has ${faults} typed fault${faults === 1 ? '' : 's'} (at least two are expected)`,
      });
    }
  }
  return warnings;
}
