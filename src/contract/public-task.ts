import type { Task } from '../schema/task.js';
import { serviceDocs } from '../services/registry.js';
import { AgentProofBenchError } from './error.js';
import type { PublicTask } from './verifier.js';

/**
 * Copy only the public fields, through JSON: a caller that hands over a whole task (with
 * its reference and panels) must not leak them, and the verifier must not share objects
 * with the host.
 */
export function toPublicTask(task: PublicTask): PublicTask {
  const { id, service, instruction, actor, docs } = task;
  for (const [name, value] of Object.entries({ id, service, instruction, docs })) {
    if (typeof value !== 'string')
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `task.${name} must be a string, got ${typeof value}`,
        {
          fix: 'pass a task as the pack gives it: {id, service, instruction, docs, actor: {id, name, email?}}',
        },
      );
  }
  if (
    typeof actor !== 'object' ||
    actor === null ||
    typeof actor.id !== 'string' ||
    typeof actor.name !== 'string'
  ) {
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      'task.actor must be an object {id, name, email?}',
      {
        fix: 'pass a task as the pack gives it: {id, service, instruction, docs, actor: {id, name, email?}}',
      },
    );
  }
  const publicActor: PublicTask['actor'] = { id: actor.id, name: actor.name };
  if (typeof actor.email === 'string') publicActor.email = actor.email;
  return { id, service, instruction, actor: publicActor, docs };
}

/** The view of a pack task a verifier gets: its public fields and the service's API docs. */
export function publicTaskOf(task: Task): PublicTask {
  const { id, service, instruction, actor } = task;
  return toPublicTask({ id, service, instruction, actor, docs: serviceDocs(task.service) });
}
