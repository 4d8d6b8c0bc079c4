import type { ConditionName, Outcome, Task } from '../schema/task.js';
import { serviceWriteModel } from '../services/registry.js';
import type { WriteModel } from '../services/write-model.js';
import { patchDisagreement } from './derive-state.js';
import type { Pack } from './pack.js';
import { conditionsOf, outcomesOf, stateName } from './pack.js';
import { describeCallFailure, runCalls } from './run-calls.js';

// States whose calls the loader ran successfully, per loaded pack: qualification need not run them again.
const reachedAtLoad = new WeakMap<Pack, ReadonlySet<string>>();

/** Called by the loader with the names (`stateName.after`) of the outcomes it derived from calls. */
export function markReachedAtLoad(pack: Pack, names: ReadonlySet<string>): void {
  reachedAtLoad.set(pack, names);
}

/** An outcome written as calls that the actor cannot reach through the service's API. */
export interface UnreachableOutcome {
  condition: ConditionName;
  outcome: string;
  file: string;
  path: Array<string | number>;
  message: string;
}

/**
 * Reachability (docs/pack-format.md, "Outcomes as API calls"): every outcome written as calls
 * is reachable only when each call succeeds for the task's actor on the condition's
 * before-state and the calls write exactly the outcome's patch. A pack the loader built has
 * run them already; a pack rebuilt from plain data (a plan handoff, a test) runs them here.
 */
export function unreachableOutcomes(
  pack: Pack,
  task: Task,
  writeModel: (service: Task['service']) => WriteModel | undefined = serviceWriteModel,
): UnreachableOutcome[] {
  const reached = reachedAtLoad.get(pack);
  const file = `tasks/${task.id}.json`;
  const found: UnreachableOutcome[] = [];
  for (const condition of conditionsOf(task)) {
    outcomesOf(task, condition).forEach((outcome: Outcome, index) => {
      if (!outcome.calls) return;
      if (reached?.has(stateName.after(task.id, condition, outcome.id))) return;
      const at = ['outcomes', condition, index, 'calls'];
      const unreachable = (path: Array<string | number>, message: string) =>
        found.push({
          condition,
          outcome: outcome.id,
          file,
          path,
          message: `${condition}/${outcome.id}: ${message}`,
        });
      const model = writeModel(task.service);
      const clock = pack.manifest.calls;
      if (!model || !clock) {
        unreachable(
          at,
          !model
            ? `${task.service} has no write model to run its calls`
            : 'pack.json declares no `calls` clock',
        );
        return;
      }
      const run = runCalls(
        model,
        pack.before(task, condition),
        task.actor,
        outcome.calls,
        clock,
        `${task.id}/${condition}/${outcome.id}`,
      );
      if (!run.ok) {
        unreachable([...at, run.failure.index], describeCallFailure(run.failure));
        return;
      }
      const disagreement = patchDisagreement(outcome.patch, run.steps);
      if (disagreement)
        unreachable(
          ['outcomes', condition, index, 'patch'],
          `its patch is not what its calls write: ${disagreement.message}`,
        );
    });
  }
  return found;
}
