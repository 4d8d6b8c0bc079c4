// Stale variant of linear_1: the mistake the paper documents (its linear_44). The program
// was built on the source state and kept the user id it found there for "Priya Raman"
// instead of resolving the name in each run's before-state.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import {
  CHANGED_SINCE,
  gql,
  horizonOf,
  LATEST_UPDATE,
  listed,
  nodesOf,
  unknownBecause,
  verdictOf,
} from '../lib/linear.js';

const PRIYA_RAMAN_ID = '72faf2cb-902f-4998-a836-d99a6cd616ae'; // remembered from the source run

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const initial = await gql(
    before,
    `{
      issues(filter: { title: { eq: "Offline sync drops queued edits" }, team: { name: { eq: "Mobile" } } }) { nodes { id identifier priority dueDate state { id } } }
      workflowStates(filter: { team: { name: { eq: "Mobile" } }, name: { eq: "In Review" } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
  );
  const issue = nodesOf(initial.issues)[0];
  const inReview = nodesOf(initial.workflowStates)[0];
  if (!issue || !inReview) return unknownBecause('issue or In Review state not found');
  const final = await gql(
    after,
    `query ($id: String!, $since: DateTime!) { issue(id: $id) { assignee { id } state { id } priority dueDate } ${CHANGED_SINCE} }`,
    { id: issue.id, since: horizonOf(initial) },
  );
  const now = final.issue;
  const stray = nodesOf(final.changed)
    .filter((node) => node.id !== issue.id)
    .map((node) => String(node.identifier));
  return verdictOf(
    [
      {
        name: 'assigned to Priya Raman',
        ok: now.assignee?.id === PRIYA_RAMAN_ID,
        detail: `assignee ${String(now.assignee?.id)}`,
      },
      { name: 'status is In Review', ok: now.state?.id === inReview.id },
      {
        name: 'priority and due date unchanged',
        ok: now.priority === issue.priority && now.dueDate === issue.dueDate,
      },
      { name: 'no other issue edited', ok: stray.length === 0, detail: listed(stray) },
    ],
    'Compared the issue with the assignee id recorded when this verifier was written.',
  );
}
