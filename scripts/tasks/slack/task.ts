// The shape every built-in Slack task shares: the actor, the seed, a source condition that is
// the seed as is, background outcomes equal to the source ones, a witness the run completes.
import type { DeclarativeReference } from '../../../src/schema/reference.js';
import type { InitialCondition, Outcome, Task, Trap } from '../../../src/schema/task.js';
import { ACTOR } from './workspace.js';

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
    outcomes: { source: parts.source, background: parts.source, related: parts.relatedOutcomes },
    witness: { decision: 'complete', description: parts.witness },
    traps: parts.traps,
  };
}
