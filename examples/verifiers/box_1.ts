// box_1: a review task for Priya Desai on the file the instruction names. The file is
// found by name and folder in this run's before-state (its id may differ between runs).
// reviewTaskPlan is the family's verifier; box_5 uses it with its own file and assignee.
import type { VerifierResult } from '../../src/contract/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import {
  type BoxObject,
  boxGet,
  boxGetOrNull,
  folderByPath,
  folderItems,
  onlyNamed,
} from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

/** What one task of the family names: the file, its folder, the assignee and the message. */
export interface ReviewTaskSpec {
  file: string;
  folder: readonly string[];
  assignee: string;
  /** A phrase of the requested message, compared case-insensitively. */
  message: string;
}

export interface Seen {
  /** The files in the cost plan's folder, look-alikes included. */
  siblings: BoxObject[];
}

const taskIds = async (client: ApiClient, fileId: string): Promise<string[]> =>
  ((await boxGet(client, `/files/${fileId}/tasks`)).entries as BoxObject[]).map((task) =>
    String(task.id),
  );

/** The family's verifier for one task's names. */
export function reviewTaskPlan(spec: ReviewTaskSpec): VerifierPlan<Seen, string> {
  const { file: fileName, folder, assignee } = spec;
  const phrase = spec.message.toLowerCase();

  async function read({ before }: Run): Promise<Seen> {
    const budgets = await folderByPath(before, folder);
    return {
      siblings: (await folderItems(before, budgets)).filter((item) => item.type === 'file'),
    };
  }

  /** The file to put the task on: the one with the instruction's name in this run's folder. */
  function required({ siblings }: Seen): string {
    return String(onlyNamed(siblings, fileName, 'file', folder.join(' > ')).id);
  }

  async function judge(
    { siblings }: Seen,
    planId: string,
    { before, after }: Run,
  ): Promise<VerifierResult> {
    const tasksPage = await boxGetOrNull(before, `/files/${planId}/tasks`);
    const tasksAfterPage = tasksPage && (await boxGetOrNull(after, `/files/${planId}/tasks`));
    // Only an id that names no file (any more) gets here: a file found by name can be read.
    if (!tasksPage || !tasksAfterPage)
      return verdictOf(
        [{ name: 'the named file can be read', ok: false, detail: `file ${planId}` }],
        `File ${planId} could not be read.`,
      );
    const tasksBefore = (tasksPage.entries as BoxObject[]).map((task) => String(task.id));
    const tasksAfter = (tasksAfterPage.entries as BoxObject[]).filter(
      (task) => !tasksBefore.includes(String(task.id)),
    );
    const created = tasksAfter[0];
    const assignees = ((created?.task_assignment_collection?.entries ?? []) as BoxObject[]).map(
      (assignment) => assignment.assigned_to ?? {},
    );

    const strayTasks: string[] = [];
    for (const sibling of siblings) {
      const id = String(sibling.id);
      if (id === planId) continue;
      const old = await taskIds(before, id);
      const now = await taskIds(after, id);
      if (now.some((taskId) => !old.includes(taskId))) strayTasks.push(String(sibling.name));
    }
    const planBefore = await boxGet(before, `/files/${planId}`);
    const planAfter = await boxGet(after, `/files/${planId}`);

    return verdictOf(
      [
        {
          name: 'exactly one new task on the named file',
          ok: tasksAfter.length === 1,
          detail: `file ${planId}: ${tasksAfter.length} new task(s)`,
        },
        {
          name: 'it is a review task',
          ok: created?.action === 'review',
          detail: `action ${JSON.stringify(created?.action)}`,
        },
        {
          name: 'the message is the requested one',
          ok: String(created?.message ?? '')
            .toLowerCase()
            .includes(phrase),
          detail: `message ${JSON.stringify(created?.message)}`,
        },
        {
          name: `assigned to ${assignee} only`,
          ok: assignees.length === 1 && assignees[0]!.name === assignee,
          detail: `assignees ${listedAsJson(assignees.map((user) => user.name))}`,
        },
        {
          name: 'no task on the look-alike files beside it',
          ok: strayTasks.length === 0,
          detail: `new tasks on ${listedAsJson(strayTasks)}`,
        },
        {
          name: 'the file itself is unchanged',
          ok:
            planAfter.name === planBefore.name &&
            planAfter.sha1 === planBefore.sha1 &&
            planAfter.parent?.id === planBefore.parent?.id,
          detail: `etag ${planBefore.etag} -> ${planAfter.etag}`,
        },
      ],
      `Found "${fileName}" (file ${planId}) in ${folder.join(' > ')} of the before-state and compared its tasks before and after.`,
    );
  }

  return { read, required, judge };
}

export const plan = reviewTaskPlan({
  file: 'Orchard Lane Community Garden cost plan v2.csv',
  folder: ['Projects', 'Orchard Lane Community Garden', 'Budgets'],
  assignee: 'Priya Desai',
  message: 'nursery and contingency lines',
});
export const verify = verifierOf(plan);
