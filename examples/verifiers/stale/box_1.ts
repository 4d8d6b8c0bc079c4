// Stale variant of box_1: the file id was remembered from the run the verifier was built
// on (the paper's stale binding). It still finds the file by id after the name moved on.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { type BoxObject, verdictOf } from '../lib/box.js';

const PLAN_ID = '3236654288';

async function tasksOf(client: ApiClient, fileId: string): Promise<BoxObject[] | null> {
  const body = (await client.get(`/files/${fileId}/tasks`)) as BoxObject;
  return body?.type === 'error' ? null : (body.entries as BoxObject[]);
}

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const old = await tasksOf(before, PLAN_ID);
  const now = await tasksOf(after, PLAN_ID);
  if (!old || !now)
    return {
      verdict: 'fail',
      checks: [{ name: 'cost plan readable', ok: false, detail: `file ${PLAN_ID}` }],
      explanation: 'the cost plan could not be read',
    };
  const created = now.filter((task) => !old.some((prior) => prior.id === task.id));
  const assignees = ((created[0]?.task_assignment_collection?.entries ?? []) as BoxObject[]).map(
    (assignment) => assignment.assigned_to?.name,
  );
  return verdictOf(
    [
      { name: 'one new task on the cost plan', ok: created.length === 1 },
      { name: 'review task', ok: created[0]?.action === 'review' },
      {
        name: 'message',
        ok: String(created[0]?.message ?? '')
          .toLowerCase()
          .includes('nursery and contingency lines'),
      },
      {
        name: 'assigned to Priya Desai',
        ok: assignees.length === 1 && assignees[0] === 'Priya Desai',
      },
    ],
    `Compared the tasks of file ${PLAN_ID} before and after.`,
  );
}
