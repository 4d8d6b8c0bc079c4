import {
  CHAIN_STATE_IDS,
  type ChainStateId,
  runsOf,
  startPointStates,
} from '../pack/execution-states.js';
import type { Pack } from '../pack/pack.js';
import { evaluateReference } from '../reference/evaluate.js';
import { START_POINTS, type StartPointName, type Usage } from '../schema/execution.js';
import type { ConditionName, Label, Task } from '../schema/task.js';
import { stateFingerprint } from './fingerprint.js';

/** One state of a start point's chain, as the reference labels it. */
export interface ChainState {
  id: ChainStateId;
  /** Same value for states with the same rows (see `stateFingerprint`). */
  fingerprint: string;
  /** The task's reference on (condition before-state, this state). */
  label: Label;
  /** Names of the reference checks that fail here (empty when valid). */
  failing: string[];
  /** The stage that wrote this state did not finish (never true for `start`). */
  unresolved: boolean;
  /** What the stage cost the actor; null for the start state. */
  usage: Usage | null;
  description: string;
}

/** A start point of a recorded run with every state it can reach: what the replay reads. */
export interface ExecutionChain {
  task: string;
  family: string;
  run: string;
  actor: string;
  start: StartPointName;
  condition: ConditionName;
  states: Record<ChainStateId, ChainState>;
}

/** Why a recorded execution cannot be scored (reported, never silently dropped). */
export interface ChainProblem {
  task: string;
  run: string;
  start: StartPointName;
  state?: ChainStateId;
  message: string;
}

export interface TaskChains {
  chains: ExecutionChain[];
  problems: ChainProblem[];
}

/**
 * Qualify and label the recorded executions of one task: every state materialises and the
 * reference judges it without selector problems. Labels come from the reference only; a
 * pack cannot declare them. A start point with a problem is excluded, with the reason.
 */
export function chainsOfTask(pack: Pack, task: Task): TaskChains {
  const chains: ExecutionChain[] = [];
  const problems: ChainProblem[] = [];
  for (const run of runsOf(pack, task)) {
    for (const start of START_POINTS) {
      const point = run.starts[start];
      let materialised: ReturnType<typeof startPointStates>;
      try {
        materialised = startPointStates(pack, task, run, start);
      } catch (error) {
        problems.push({ task: task.id, run: run.id, start, message: (error as Error).message });
        continue;
      }
      const states = {} as Record<ChainStateId, ChainState>;
      let broken = false;
      for (const id of CHAIN_STATE_IDS) {
        const state = materialised.states[id];
        const result = evaluateReference(task.reference, materialised.before, state);
        if (result.qualificationErrors.length > 0) {
          problems.push({
            task: task.id,
            run: run.id,
            start,
            state: id,
            message: `the reference cannot judge ${id}: ${result.qualificationErrors.join('; ')}`,
          });
          broken = true;
          continue;
        }
        const stage =
          id === 'start'
            ? undefined
            : point.branches[id.startsWith('neutral') ? 'neutral' : 'rejected'][
                id.endsWith('1') ? 0 : 1
              ];
        states[id] = {
          id,
          fingerprint: stateFingerprint(state),
          label: result.label,
          failing: result.checks.filter((check) => !check.ok).map((check) => check.name),
          unresolved: stage?.status === 'unresolved',
          usage: stage?.usage ?? null,
          description: stage?.description ?? point.description,
        };
      }
      if (broken) continue;
      chains.push({
        task: task.id,
        family: task.family,
        run: run.id,
        actor: run.actor,
        start,
        condition: materialised.condition,
        states,
      });
    }
  }
  return { chains, problems };
}
