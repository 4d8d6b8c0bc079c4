import type { PublicTask } from '../../contract/verifier.js';

const texts = new WeakMap<PublicTask, string>();

/**
 * The JSON text of a public task, made once per task: a task carries its service's API docs
 * (7-9 KB of text) that would otherwise be serialised again for each evaluation
 * (docs/sandbox.md, "Cost"). A public task is frozen once made (toPublicTask), and every
 * case of a pack task gets the same one (publicTaskOf), so the object is the key.
 */
export function taskJsonOf(task: PublicTask): string {
  let text = texts.get(task);
  if (text === undefined) {
    text = JSON.stringify(task);
    // Only a frozen view stays what it was serialised as.
    if (Object.isFrozen(task) && Object.isFrozen(task.actor)) texts.set(task, text);
  }
  return text;
}
