// Stale variant of linear_3: the mistake the paper documents (its linear_52): the value the
// instruction is relative to was read once, on the source state, and kept as a literal.
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

const API_DUE_DATE = '2026-03-20'; // "Inspection export API v2" was due then in the source run

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const initial = await gql(
    before,
    `{
      issues(filter: { title: { eq: "Photo annotations on inspection reports" }, team: { name: { eq: "Mobile" } } }) { nodes { id identifier priority labels { nodes { id } } } }
      issueLabels(filter: { name: { eq: "release-blocker" } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
  );
  const photo = nodesOf(initial.issues)[0];
  const blocker = nodesOf(initial.issueLabels)[0];
  if (!photo || !blocker) return unknownBecause('issue or label not found');
  const final = await gql(
    after,
    `query ($id: String!, $since: DateTime!) { issue(id: $id) { dueDate priority labels { nodes { id } } } ${CHANGED_SINCE} }`,
    { id: photo.id, since: horizonOf(initial) },
  );
  const labelsAfter = new Set(nodesOf(final.issue.labels).map((label) => String(label.id)));
  const lost = nodesOf(photo.labels).filter((label) => !labelsAfter.has(String(label.id)));
  const stray = nodesOf(final.changed)
    .filter((issue) => issue.id !== photo.id)
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: `due date is ${API_DUE_DATE}`,
        ok: final.issue.dueDate === API_DUE_DATE,
        detail: String(final.issue.dueDate),
      },
      { name: 'tagged release-blocker', ok: labelsAfter.has(String(blocker.id)) },
      { name: 'earlier labels kept', ok: lost.length === 0 },
      { name: 'priority unchanged', ok: final.issue.priority === photo.priority },
      { name: 'no other issue edited', ok: stray.length === 0, detail: listed(stray) },
    ],
    'Compared the due date with the date recorded when this verifier was written.',
  );
}
