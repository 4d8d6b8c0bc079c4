// Stale variant of linear_4: the assignee that must survive was read once, on the source
// state, and kept as a literal user id instead of reading this run's initial assignee.
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

const KEEP_ASSIGNEE_ID = '6030e3f1-d6bc-4bb0-92f0-f17c7a01783d'; // Greta Lindqvist, who held the issue in the source run

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const initial = await gql(
    before,
    `{
      dup: issues(filter: { title: { eq: "Bulk import skips rows with accents" }, team: { name: { eq: "Platform" } } }) { nodes { id identifier } }
      original: issues(filter: { title: { eq: "CSV import drops accented names" }, team: { name: { eq: "Platform" } } }) { nodes { id state { id } } }
      ${LATEST_UPDATE}
    }`,
  );
  const dup = nodesOf(initial.dup)[0];
  const original = nodesOf(initial.original)[0];
  if (!dup || !original) return unknownBecause('issues not found');
  const final = await gql(
    after,
    `query ($dup: String!, $original: String!, $since: DateTime!) {
      dupAfter: issue(id: $dup) { assignee { id } state { type } relations { nodes { type relatedIssue { id } } } }
      originalAfter: issue(id: $original) { state { id } }
      ${CHANGED_SINCE}
    }`,
    { dup: dup.id, original: original.id, since: horizonOf(initial) },
  );
  const links = nodesOf(final.dupAfter.relations).filter(
    (relation) => relation.type === 'duplicate',
  );
  const stray = nodesOf(final.changed)
    .filter((issue) => issue.id !== dup.id)
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: 'duplicate of the CSV issue',
        ok: links.length === 1 && links[0]?.relatedIssue?.id === original.id,
      },
      { name: 'closed as canceled', ok: final.dupAfter.state?.type === 'canceled' },
      {
        name: 'still assigned to Greta Lindqvist',
        ok: final.dupAfter.assignee?.id === KEEP_ASSIGNEE_ID,
        detail: String(final.dupAfter.assignee?.id),
      },
      { name: 'original unchanged', ok: final.originalAfter.state?.id === original.state?.id },
      { name: 'no other issue edited', ok: stray.length === 0, detail: listed(stray) },
    ],
    'Compared the assignee with the id recorded when this verifier was written.',
  );
}
