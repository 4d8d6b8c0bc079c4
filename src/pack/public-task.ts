import type { PublicTask } from '../contract/verifier.js';
import type { Task } from '../schema/task.js';
import { serviceDocs } from '../services/registry.js';

/** The only view of a task a verifier gets: no reference, labels, faults or other states. */
export function publicTaskOf(task: Task): PublicTask {
  return {
    id: task.id,
    service: task.service,
    instruction: task.instruction,
    actor: { ...task.actor },
    docs: serviceDocs(task.service),
  };
}
