import type { BranchName, Run, StartPointName } from '../schema/execution.js';
import type { ConditionName, Task } from '../schema/task.js';
import type { State } from '../state/state.js';
import { applyOrThrow } from './apply-patch.js';
import type { Pack } from './pack.js';

/** A state of a start point's chain: the start, or stage 1 / 2 of a branch. */
export type ChainStateId = 'start' | `${BranchName}.${1 | 2}`;
export const CHAIN_STATE_IDS: readonly ChainStateId[] = [
  'start',
  'neutral.1',
  'neutral.2',
  'rejected.1',
  'rejected.2',
];

/** Every state one start point can reach, materialised on the condition's before-state. */
export interface StartPointStates {
  condition: ConditionName;
  before: State;
  states: Record<ChainStateId, State>;
}

const cache = new WeakMap<Pack, Map<string, StartPointStates>>();

/**
 * The states of one start point of a recorded run. A loaded pack has checked every patch,
 * so this only throws for a run or start point the pack does not have. States are cached
 * per pack and share the seed's rows.
 */
export function startPointStates(
  pack: Pack,
  task: Task,
  run: Run,
  start: StartPointName,
): StartPointStates {
  let byKey = cache.get(pack);
  if (!byKey) {
    byKey = new Map();
    cache.set(pack, byKey);
  }
  const key = JSON.stringify([task.id, run.id, start]);
  const cached = byKey.get(key);
  if (cached) return cached;
  const point = run.starts[start];
  const condition = point.condition as ConditionName;
  const before = pack.before(task, condition);
  const what = `${task.id} run ${run.id} ${start}`;
  const startState = applyOrThrow(before, point.patch, what);
  const [neutral1, neutral2, rejected1, rejected2] = (['neutral', 'rejected'] as const).flatMap(
    (branch) => {
      const first = applyOrThrow(
        startState,
        point.branches[branch][0]!.patch,
        `${what} ${branch}.1`,
      );
      const second = applyOrThrow(first, point.branches[branch][1]!.patch, `${what} ${branch}.2`);
      return [first, second];
    },
  ) as [State, State, State, State];
  const states: StartPointStates = {
    condition,
    before,
    states: {
      start: startState,
      'neutral.1': neutral1,
      'neutral.2': neutral2,
      'rejected.1': rejected1,
      'rejected.2': rejected2,
    },
  };
  byKey.set(key, states);
  return states;
}

/** The recorded runs of a task (empty when it has none). */
export function runsOf(pack: Pack, task: Task): readonly Run[] {
  return pack.executions.get(task.id)?.runs ?? [];
}
