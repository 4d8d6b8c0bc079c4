import type { PublicTask } from '../../contract/verifier.js';

/**
 * The JSON text of the task the last evaluation got, reused while the task is the same:
 * evaluations of one task come one after another, and a task carries its service's API
 * docs (7-9 KB of text) that would otherwise be serialised again for each of them
 * (docs/sandbox.md, "Cost"). The same means every field equal, not the same object: each
 * evaluation gets its own copy, made by toPublicTask.
 */
export class LastTaskJson {
  #task: PublicTask | undefined;
  #json = '';

  of(task: PublicTask): string {
    if (this.#task === undefined || !sameFields(this.#task, task)) {
      this.#json = JSON.stringify(task);
      this.#task = task;
    }
    return this.#json;
  }
}

/** Equal own fields, compared in depth: a public task is strings and one object of strings, so a field toPublicTask gains later is compared too. */
function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = (a as Record<string, unknown>)[key];
    const right = (b as Record<string, unknown>)[key];
    if (left === right) return true;
    return (
      typeof left === 'object' &&
      left !== null &&
      typeof right === 'object' &&
      right !== null &&
      Object.hasOwn(b, key) &&
      sameFields(left, right)
    );
  });
}
