// box_1: a review task for Priya Desai on the file the instruction names. The file is
// found by name and folder in this run's before-state (its id may differ between runs).
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import {
  type BoxObject,
  boxGet,
  folderByPath,
  folderItems,
  judging,
  listed,
  onlyNamed,
  verdictOf,
} from './lib/box.js';

const PLAN = 'Orchard Lane Community Garden cost plan v2.csv';
const FOLDER = ['Projects', 'Orchard Lane Community Garden', 'Budgets'];
const ASSIGNEE = 'Priya Desai';
const MESSAGE = 'nursery and contingency lines';

const taskIds = async (client: ApiClient, fileId: string): Promise<string[]> =>
  ((await boxGet(client, `/files/${fileId}/tasks`)).entries as BoxObject[]).map((task) =>
    String(task.id),
  );

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const budgets = await folderByPath(before, FOLDER);
    const siblings = (await folderItems(before, budgets)).filter((item) => item.type === 'file');
    const plan = String(onlyNamed(siblings, PLAN, 'file', FOLDER.join(' > ')).id);

    const tasksBefore = await taskIds(before, plan);
    const tasksAfter = (
      (await boxGet(after, `/files/${plan}/tasks`)).entries as BoxObject[]
    ).filter((task) => !tasksBefore.includes(String(task.id)));
    const created = tasksAfter[0];
    const assignees = ((created?.task_assignment_collection?.entries ?? []) as BoxObject[]).map(
      (assignment) => assignment.assigned_to ?? {},
    );

    const strayTasks: string[] = [];
    for (const sibling of siblings) {
      const id = String(sibling.id);
      if (id === plan) continue;
      const old = await taskIds(before, id);
      const now = await taskIds(after, id);
      if (now.some((taskId) => !old.includes(taskId))) strayTasks.push(String(sibling.name));
    }
    const planBefore = await boxGet(before, `/files/${plan}`);
    const planAfter = await boxGet(after, `/files/${plan}`);

    return verdictOf(
      [
        {
          name: 'exactly one new task on the named cost plan',
          ok: tasksAfter.length === 1,
          detail: `file ${plan}: ${tasksAfter.length} new task(s)`,
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
            .includes(MESSAGE),
          detail: `message ${JSON.stringify(created?.message)}`,
        },
        {
          name: 'assigned to Priya Desai only',
          ok: assignees.length === 1 && assignees[0]!.name === ASSIGNEE,
          detail: `assignees ${listed(assignees.map((user) => user.name))}`,
        },
        {
          name: 'no task on the look-alike files beside it',
          ok: strayTasks.length === 0,
          detail: `new tasks on ${listed(strayTasks)}`,
        },
        {
          name: 'the cost plan itself is unchanged',
          ok:
            planAfter.name === planBefore.name &&
            planAfter.sha1 === planBefore.sha1 &&
            planAfter.parent?.id === planBefore.parent?.id,
          detail: `etag ${planBefore.etag} -> ${planAfter.etag}`,
        },
      ],
      `Found "${PLAN}" (file ${plan}) in ${FOLDER.join(' > ')} of the before-state and compared its tasks before and after.`,
    );
  });
}
