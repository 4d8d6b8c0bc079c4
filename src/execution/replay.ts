import { AgentProofBenchError } from '../contract/error.js';
import type { ChainStateId } from '../pack/execution-states.js';
import type { ChainState, ExecutionChain } from './chain.js';
import {
  GATE_SEQUENCE,
  type GateCheck,
  type GateVerdict,
  opens,
  referenceVerdict,
} from './gate.js';

/**
 * The policies replayed from every start point (docs/benchmark.md, "Execution study").
 * `reference-gate` is the ideal: the task's reference itself as the gate.
 */
export const POLICIES = [
  'actor-stop',
  'fixed-continuation',
  'program-gate',
  'online-gate',
  'reference-gate',
] as const;
export type Policy = (typeof POLICIES)[number];
export type GatePolicy = Extract<Policy, `${string}-gate`>;

/**
 * What one policy delivered from one start point:
 * - `correct` / `incorrect`: a state was delivered and the reference labels it valid / invalid;
 * - `withheld`: nothing was delivered (the gate never opened, or actor stop at a checkpoint);
 *   the writes made stay, and `finalValid` says whether that written state is valid anyway;
 * - `unresolved`: a stage the policy needed did not finish.
 */
export type DeliveryKind = 'correct' | 'incorrect' | 'withheld' | 'unresolved';

/** One check a gate made while replaying, with the reference's label for the same state. */
export interface ReplayStep {
  state: ChainStateId;
  verdict: GateVerdict;
  label: ChainState['label'];
  /** The gate decided as the reference gate would: Pass on valid, Fail on invalid. */
  agrees: boolean;
}

export interface PolicyOutcome {
  policy: Policy;
  kind: DeliveryKind;
  /** The delivered state; null when withheld or unresolved. */
  delivered: ChainStateId | null;
  /** The last state written (what the service holds when the policy ends). */
  final: ChainStateId;
  finalValid: boolean;
  startValid: boolean;
  /** Invalid start state, valid delivery. */
  repair: boolean;
  /** Valid start state, invalid final state. */
  regression: boolean;
  /** Continuation stages run (0 to 2). */
  stagesRun: number;
  /** Gate checks made (0 for actor stop and fixed continuation). */
  checks: number;
  steps: ReplayStep[];
  /** Actor usage summed over the stages run. */
  turns: number;
  operations: number;
  writesIssued: number;
  writesSucceeded: number;
  /** Model cost of the stages run in USD; null when any of them has no recorded cost. */
  cost: number | null;
  /** Business operations the gate's verifier used over its checks (0 for the reference gate). */
  gateOperations: number;
}

function outcome(
  chain: ExecutionChain,
  policy: Policy,
  kind: DeliveryKind,
  delivered: ChainStateId | null,
  final: ChainStateId,
  stages: readonly ChainStateId[],
  steps: ReplayStep[],
  gateOperations: number,
): PolicyOutcome {
  const startValid = chain.states.start.label === 'valid';
  const finalValid = chain.states[final].label === 'valid';
  let turns = 0;
  let operations = 0;
  let writesIssued = 0;
  let writesSucceeded = 0;
  let cost: number | null = 0;
  for (const id of stages) {
    const usage = chain.states[id].usage;
    if (!usage) continue;
    turns += usage.turns;
    operations += usage.operations;
    writesIssued += usage.writesIssued;
    writesSucceeded += usage.writesSucceeded;
    cost = cost === null || usage.cost === undefined ? null : cost + usage.cost;
  }
  return {
    policy,
    kind,
    delivered,
    final,
    finalValid,
    startValid,
    repair: !startValid && kind === 'correct',
    regression: startValid && !finalValid,
    stagesRun: stages.length,
    checks: steps.length,
    steps,
    turns,
    operations,
    writesIssued,
    writesSucceeded,
    cost,
    gateOperations,
  };
}

const deliveredKind = (state: ChainState): DeliveryKind =>
  state.label === 'valid' ? 'correct' : 'incorrect';

/** Actor stop: the natural end is delivered as it is; at a checkpoint nothing is (a mechanical non-delivery). */
export function replayActorStop(chain: ExecutionChain): PolicyOutcome {
  if (chain.start === 'checkpoint')
    return outcome(chain, 'actor-stop', 'withheld', null, 'start', [], [], 0);
  return outcome(
    chain,
    'actor-stop',
    deliveredKind(chain.states.start),
    'start',
    'start',
    [],
    [],
    0,
  );
}

/** Fixed continuation: both neutral stages run whatever the state; the second is delivered. */
export function replayFixedContinuation(chain: ExecutionChain): PolicyOutcome {
  const first = chain.states['neutral.1'];
  if (first.unresolved)
    return outcome(
      chain,
      'fixed-continuation',
      'unresolved',
      null,
      'neutral.1',
      ['neutral.1'],
      [],
      0,
    );
  const second = chain.states['neutral.2'];
  const stages: ChainStateId[] = ['neutral.1', 'neutral.2'];
  if (second.unresolved)
    return outcome(chain, 'fixed-continuation', 'unresolved', null, 'neutral.2', stages, [], 0);
  return outcome(
    chain,
    'fixed-continuation',
    deliveredKind(second),
    'neutral.2',
    'neutral.2',
    stages,
    [],
    0,
  );
}

/**
 * A gate policy: check the start; on Pass deliver it, otherwise run rejected stage 1 and
 * check again, then stage 2; a third check that does not open withholds. `verdictAt`
 * gives the gate's verdict (and operations) at a state of the walk.
 */
function replayGate(
  chain: ExecutionChain,
  policy: GatePolicy,
  verdictAt: (id: ChainStateId) => { verdict: GateVerdict; operations: number },
): PolicyOutcome {
  const steps: ReplayStep[] = [];
  const stages: ChainStateId[] = [];
  let gateOperations = 0;
  for (const id of GATE_SEQUENCE) {
    const state = chain.states[id];
    if (id !== 'start') {
      stages.push(id);
      if (state.unresolved)
        return outcome(chain, policy, 'unresolved', null, id, stages, steps, gateOperations);
    }
    const { verdict, operations } = verdictAt(id);
    gateOperations += operations;
    steps.push({
      state: id,
      verdict,
      label: state.label,
      agrees: verdict === referenceVerdict(state.label),
    });
    if (opens(verdict))
      return outcome(chain, policy, deliveredKind(state), id, id, stages, steps, gateOperations);
  }
  return outcome(chain, policy, 'withheld', null, 'rejected.2', stages, steps, gateOperations);
}

/** A program or online gate, replayed from the records of its checks (one per state of its walk). */
export function replayVerifierGate(
  chain: ExecutionChain,
  policy: 'program-gate' | 'online-gate',
  checks: readonly GateCheck[],
): PolicyOutcome {
  const byState = new Map(checks.map((check) => [check.state, check]));
  return replayGate(chain, policy, (id) => {
    const check = byState.get(id);
    if (!check)
      throw new AgentProofBenchError(
        'APB_EXECUTION_REPLAY',
        `${policy} at ${chain.task} › ${chain.run} › ${chain.start}: no record of the check at ${id}`,
        { fix: "run the gate's checks first (every state its walk reaches needs a record)" },
      );
    return { verdict: check.record.verdict, operations: check.record.operations };
  });
}

/** The reference gate: the ideal delivery of a start point. */
export function replayReferenceGate(chain: ExecutionChain): PolicyOutcome {
  return replayGate(chain, 'reference-gate', (id) => ({
    verdict: referenceVerdict(chain.states[id].label),
    operations: 0,
  }));
}
