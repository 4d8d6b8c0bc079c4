import type { Task } from '../schema/task.js';
import { serviceDocs } from '../services/registry.js';
import { AgentProofBenchError } from './error.js';
import type { PublicTask } from './verifier.js';

/**
 * The views this module made, each with its JSON text, made with it: a view is frozen, so
 * one serves every evaluation of its task as it is and its text stays what it says. A task
 * carries its service's API docs (7-9 KB), which a runtime would otherwise serialise again
 * for each evaluation (docs/sandbox.md, "Cost").
 */
const texts = new WeakMap<PublicTask, string>();

/**
 * Copy only the public fields: a caller that hands over a whole task (with its reference
 * and panels) must not leak them, and the verifier must not share objects with the caller.
 * The copy is frozen, so one view can serve every evaluation of a task without one
 * evaluation changing what the next sees; a view made here is passed through as it is.
 */
export function toPublicTask(task: PublicTask): PublicTask {
  if (texts.has(task)) return task;
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
  const view = Object.freeze({
    id,
    service,
    instruction,
    actor: Object.freeze(publicActor),
    docs,
  });
  texts.set(view, JSON.stringify(view));
  return view;
}

/** A task as a runtime hands it to a verifier: the checked view, and its JSON text. */
export interface VerifierTask {
  view: PublicTask;
  json: string;
}

/**
 * `toPublicTask`, with the view's JSON text: made once per view, so every case of a pack
 * task (one view, `publicTaskOf`) is serialised once, however many evaluations it has.
 */
export function verifierTaskOf(task: PublicTask): VerifierTask {
  const view = toPublicTask(task);
  return { view, json: texts.get(view)! };
}

/** Each pack task's view, made once (a pack's tasks do not change once loaded). */
const viewsOfTasks = new WeakMap<Task, PublicTask>();

/**
 * The view of a pack task a verifier gets: its public fields and the service's API docs.
 * Made once per task and frozen, with its JSON text: every case of the task hands the same
 * object on, and no runtime serialises it again (docs/sandbox.md, "Cost").
 */
export function publicTaskOf(task: Task): PublicTask {
  let view = viewsOfTasks.get(task);
  if (!view) {
    const { id, service, instruction, actor } = task;
    view = toPublicTask({ id, service, instruction, actor, docs: serviceDocs(task.service) });
    viewsOfTasks.set(task, view);
  }
  return view;
}

/** A pack task as every evaluation of it hands it on: its view and the view's JSON text. */
export function verifierTaskOfTask(task: Task): VerifierTask {
  return verifierTaskOf(publicTaskOf(task));
}
