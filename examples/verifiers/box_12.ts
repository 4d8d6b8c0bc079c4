// box_12: a review task for Priya Raman on the Harbour Steps brief, due exactly when the
// open planter-quantities task on the cost plan v2 is due in this run's before-state.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { addedOn, assigneesOf, type BoxObject, boxGet, namedFile } from './lib/box.js';
import {
  AmbiguousNameError,
  listedAsJson,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';

const PROJECT = ['Projects', 'Harbour Steps Pocket Park'];
const BRIEF = 'Harbour Steps Pocket Park - client brief.md';
const PLAN = 'Harbour Steps Pocket Park cost plan v2.csv';
const ASSIGNEE = 'Priya Raman';
const MESSAGE = 'check the brief matches the planter quantities';

export interface Seen {
  briefId: string;
  planId: string;
  planterTask: BoxObject;
}

async function read({ before }: Run): Promise<Seen> {
  const brief = await namedFile(before, [...PROJECT, 'Briefs'], BRIEF);
  const plan = await namedFile(before, [...PROJECT, 'Budgets'], PLAN);
  const open = (
    (await boxGet(before, `/files/${plan.file.id}/tasks`)).entries as BoxObject[]
  ).filter(
    (task) =>
      task.is_completed !== true &&
      String(task.message ?? '')
        .toLowerCase()
        .includes('planter quantities'),
  );
  if (open.length !== 1)
    throw new AmbiguousNameError(
      `expected one open planter-quantities task on ${PLAN}, found ${open.length}`,
    );
  return { briefId: String(brief.file.id), planId: String(plan.file.id), planterTask: open[0]! };
}

/** The due date to copy: the planter task's own in this run's before-state. */
function required({ planterTask }: Seen): unknown {
  return planterTask.due_at;
}

async function judge(
  { briefId, planId, planterTask }: Seen,
  due: unknown,
  run: Run,
): Promise<VerifierResult> {
  const added = (await addedOn(run.before, run.after, briefId, 'tasks')) ?? [];
  const onPlan = (await addedOn(run.before, run.after, planId, 'tasks')) ?? [];
  const task = added[0];
  const assignees = assigneesOf(task);
  const planterNow = (
    (await boxGet(run.after, `/files/${planId}/tasks`)).entries as BoxObject[]
  ).find((entry) => entry.id === planterTask.id);
  return verdictOf(
    [
      {
        name: 'exactly one new task on the brief',
        ok: added.length === 1,
        detail: `${added.length} new task(s) on the brief`,
      },
      {
        name: 'no new task on the cost plan',
        ok: onPlan.length === 0,
        detail: `${onPlan.length} new task(s) on the cost plan`,
      },
      {
        name: 'a review task with the requested message',
        ok:
          task?.action === 'review' &&
          String(task?.message ?? '')
            .toLowerCase()
            .includes(MESSAGE),
        detail: `${JSON.stringify(task?.action)} ${JSON.stringify(task?.message)}`,
      },
      {
        name: 'due when the planter task is due',
        ok: task !== undefined && task.due_at === due,
        detail: `due ${JSON.stringify(task?.due_at)}; planter task ${JSON.stringify(due)}`,
      },
      {
        name: `assigned to ${ASSIGNEE} only`,
        ok: assignees.length === 1 && assignees[0]!.name === ASSIGNEE,
        detail: `assignees ${listedAsJson(assignees.map((user) => user.name))}`,
      },
      {
        name: 'the planter task is left as it was',
        ok:
          planterNow?.due_at === planterTask.due_at && planterNow?.message === planterTask.message,
        detail: `due ${JSON.stringify(planterNow?.due_at)}`,
      },
    ],
    `Read the planter task's due date (${JSON.stringify(due)}) in the before-state and compared the brief's tasks before and after.`,
  );
}

export const plan: VerifierPlan<Seen, unknown> = { read, required, judge };
export const verify = verifierOf(plan);
