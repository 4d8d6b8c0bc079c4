import type { PublicTask } from '../../contract/verifier.js';

/**
 * The JSON text of the task the last evaluation got, reused while the task is the same:
 * evaluations of one task come one after another, and a task carries its service's API
 * docs (7-9 KB of text) that would otherwise be serialised again for each of them
 * (docs/sandbox.md, "Cost"). The same means every field equal, not the same object: each
 * evaluation gets its own copy, made by toPublicTask with exactly these fields.
 */
export class LastTaskJson {
  #task: PublicTask | undefined;
  #json = '';

  of(task: PublicTask): string {
    if (this.#task === undefined || !samePublicTask(this.#task, task)) {
      this.#json = JSON.stringify(task);
      this.#task = task;
    }
    return this.#json;
  }
}

function samePublicTask(a: PublicTask, b: PublicTask): boolean {
  return (
    a.id === b.id &&
    a.service === b.service &&
    a.instruction === b.instruction &&
    a.docs === b.docs &&
    a.actor.id === b.actor.id &&
    a.actor.name === b.actor.name &&
    a.actor.email === b.actor.email
  );
}
