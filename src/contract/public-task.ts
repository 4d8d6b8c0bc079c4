import type { Task } from '../schema/task.js';
import { serviceDocs } from '../services/registry.js';
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
      throw new TypeError(`task.${name} must be a string, got ${typeof value}`);
  }
  if (
    typeof actor !== 'object' ||
    actor === null ||
    typeof actor.id !== 'string' ||
    typeof actor.name !== 'string'
  ) {
    throw new TypeError('task.actor must be an object {id, name, email?}');
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
