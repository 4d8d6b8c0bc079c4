// The shape every built-in Slack task shares: the actor, the seed, a source condition that is
// the seed as is, background outcomes equal to the source ones, a witness the run completes.
// Every outcome but a natural one is written as the actor's Web API calls (callsForPatch reads
// the row changes a generator describes as the calls that make them); the rows the pack
// carries beside them are derived through the Slack write model on that condition's
// before-state, so a state the actor cannot reach stops generation with Slack's error.
import {
  type ApiCall,
  type DeclarativeReference,
  deriveCalls,
  type InitialCondition,
  type Outcome,
  slack,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';
import { BUILTIN_CALL_CLOCK } from '../../clock.js';
import { ACTOR, SEED } from './workspace.js';

const { callsForPatch } = slack;

const SOURCE: InitialCondition = { description: 'the seed as is', patch: [] };

export interface TaskParts {
  id: string;
  family: string;
  instruction: string;
  traps: Trap[];
  reference: DeclarativeReference;
  background: InitialCondition;
  related: InitialCondition;
  /** The source panel, which is also the background one (background changes nothing asked). */
  source: Outcome[];
  relatedOutcomes: Outcome[];
  /** What the witness (the source run replayed on the related state) does. */
  witness: string;
  /** The source outcome the witness replays (default `complete`). */
  witnessDecision?: string;
  /**
   * The replay written as calls, when the decision's own calls cannot all run on the related
   * state (Slack refuses one; the run goes on with the rest).
   */
  witnessCalls?: ApiCall[];
}

/** The outcomes of one condition, each (but natural ones) as calls plus the rows they make. */
function asCalls(
  taskId: string,
  condition: string,
  before: InitialCondition,
  outcomes: readonly Outcome[],
): Outcome[] {
  const { state, errors } = SEED.apply(before.patch);
  if (errors.length > 0) throw new Error(`${taskId} ${condition}: ${errors[0]!.message}`);
  return outcomes.map((outcome) => {
    if (outcome.role === 'natural') return outcome;
    const calls = callsForPatch(state, ACTOR.id, outcome.patch);
    const stream = `${taskId}/${condition}/${outcome.id}`;
    const { patch } = deriveCalls(state, ACTOR, calls, BUILTIN_CALL_CLOCK, stream);
    const { patch: _written, ...rest } = outcome;
    return { ...rest, calls, patch };
  });
}

export function slackTask(parts: TaskParts): Task {
  return {
    id: parts.id,
    family: parts.family,
    service: 'slack',
    seed: 'slack-base',
    actor: ACTOR,
    instruction: parts.instruction,
    reference: parts.reference,
    conditions: { source: SOURCE, background: parts.background, related: parts.related },
    outcomes: {
      source: asCalls(parts.id, 'source', SOURCE, parts.source),
      background: asCalls(parts.id, 'background', parts.background, parts.source),
      related: asCalls(parts.id, 'related', parts.related, parts.relatedOutcomes),
    },
    witness: {
      decision: parts.witnessDecision ?? 'complete',
      description: parts.witness,
      ...(parts.witnessCalls ? { calls: parts.witnessCalls } : {}),
    },
    traps: parts.traps,
  };
}
