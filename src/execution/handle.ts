import { AgentProofBenchError } from '../contract/error.js';
import { type ChainStateId, startPointStates } from '../pack/execution-states.js';
import type { Pack } from '../pack/pack.js';
import type { Task } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { ExecutionChain } from './chain.js';
import type { GateKind } from './gate.js';

/** One start point a gate matcher judges: its labelled chain and the states behind it. */
export interface ExecutionHandle {
  readonly task: Task;
  readonly chain: ExecutionChain;
  /** The condition's before-state (what every gate check reads as `before`). */
  readonly before: State;
  readonly states: Readonly<Record<ChainStateId, State>>;
  /** `linear_1 › execution › run-b › natural`. */
  readonly title: string;
}

/** `linear_1 › execution › run-b › natural › program gate`. */
export function executionTitle(chain: ExecutionChain, gate?: GateKind): string {
  const base = `${chain.task} › execution › ${chain.run} › ${chain.start}`;
  return gate === undefined ? base : `${base} › ${gate} gate`;
}

export function executionHandle(pack: Pack, task: Task, chain: ExecutionChain): ExecutionHandle {
  const run = pack.executions.get(task.id)?.runs.find((entry) => entry.id === chain.run);
  if (!run)
    throw new AgentProofBenchError(
      'APB_UNKNOWN_CASE',
      `task ${task.id} has no recorded run "${chain.run}"`,
      { fix: 'take the chain from chainsOfTask on the same pack' },
    );
  const { before, states } = startPointStates(pack, task, run, chain.start);
  return { task, chain, before, states, title: executionTitle(chain) };
}
