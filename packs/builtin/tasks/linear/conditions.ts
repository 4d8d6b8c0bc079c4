// The three initial conditions every built-in Linear task runs from (docs/pack-format.md,
// Conditions) and the outcome panel written on each of their before-states. Conditions are
// other people's activity before the run (row patches); outcomes are the actor's calls, and
// the patch written beside them is what the Linear write model derives from them.
import {
  type ApiCall,
  type Category,
  type ConditionName,
  deriveCalls,
  type Outcome,
  type OutcomeFile,
  type Patch,
  type RelatedChange,
  type Role,
  type State,
  type Task,
} from 'agentproofbench/authoring';
import { BUILTIN_CALL_CLOCK } from '../../clock.js';
import { actor, base, stateAfter } from './context.js';

/** Activity a correct verifier must not be distracted by. */
export interface Background {
  description: string;
  patch: Patch;
}

/** A change before the run that moves what the instruction requires. */
export interface Related extends Background {
  change: RelatedChange;
}

/** An outcome written as the actor's calls; its patch is derived when the task is built. */
export type CallOutcome = Omit<OutcomeFile, 'patch'> & { calls: ApiCall[] };

/** The outcomes of one condition, written on that condition's before-state. */
export type Panel = (state: State, condition: ConditionName) => CallOutcome[];

function outcome(
  id: string,
  role: Role,
  description: string,
  calls: ApiCall[],
  fault?: Category,
): CallOutcome {
  const label = role === 'complete' || role === 'alternative' ? 'valid' : 'invalid';
  return fault === undefined
    ? { id, role, label, description, calls }
    : { id, role, label, fault, description, calls };
}

/** The ending the instruction asks for. */
export const complete = (id: string, description: string, calls: ApiCall[]): CallOutcome =>
  outcome(id, 'complete', description, calls);

/** A different ending the instruction also allows. */
export const alternative = (id: string, description: string, calls: ApiCall[]): CallOutcome =>
  outcome(id, 'alternative', description, calls);

/** A run stopped part-way: invalid, but not a typed fault. */
export const prefix = (id: string, description: string, calls: ApiCall[]): CallOutcome =>
  outcome(id, 'prefix', description, calls);

/** An invalid ending that breaks exactly one requirement of `category`. */
export const fault = (
  id: string,
  category: Category,
  description: string,
  calls: ApiCall[],
): CallOutcome => outcome(id, 'fault', description, calls, category);

/**
 * The patch the Linear write model derives from `calls` as the task's actor on `state`,
 * with the pack's clock and the loader's stream name, so the loader derives the same bytes.
 */
export function derivedPatch(state: State, calls: readonly ApiCall[], stream: string): Patch {
  return deriveCalls(state, actor, calls, BUILTIN_CALL_CLOCK, stream).patch;
}

function withPatches(
  taskId: string,
  condition: ConditionName,
  state: State,
  outcomes: CallOutcome[],
): Outcome[] {
  return outcomes.map((written) => {
    const patch = derivedPatch(state, written.calls, `${taskId}/${condition}/${written.id}`);
    const { calls, ...rest } = written;
    return { ...rest, patch, calls };
  });
}

/**
 * The seed as is, `background` and `related`, and `panel` on each of their before-states:
 * the `conditions` and `outcomes` of task `taskId`.
 */
export function threeConditions(
  taskId: string,
  background: Background,
  related: Related,
  panel: Panel,
): Pick<Task, 'conditions' | 'outcomes'> {
  const backgroundState = stateAfter(background.patch);
  const relatedState = stateAfter(related.patch);
  return {
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background,
      related,
    },
    outcomes: {
      source: withPatches(taskId, 'source', base, panel(base, 'source')),
      background: withPatches(
        taskId,
        'background',
        backgroundState,
        panel(backgroundState, 'background'),
      ),
      related: withPatches(taskId, 'related', relatedState, panel(relatedState, 'related')),
    },
  };
}
