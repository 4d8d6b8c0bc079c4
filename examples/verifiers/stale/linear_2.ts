// Stale variant of linear_2: the blocker set was computed once, on the source state, and
// kept as a list of identifiers instead of reading the launch's relations in each run.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import {
  CHANGED_SINCE,
  gql,
  horizonOf,
  LATEST_UPDATE,
  listed,
  nodesOf,
  verdictOf,
} from '../lib/linear.js';

const BLOCKERS = ['WEB-3', 'WEB-4', 'WEB-5', 'WEB-6']; // the launch's blockers in the source run

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const initial = await gql(before, `{ issue(id: "WEB-2") { id state { id } } ${LATEST_UPDATE} }`);
  const final = await gql(
    after,
    `query ($ids: [String!], $since: DateTime!) {
      issues(filter: { identifier: { in: $ids } }, includeArchived: true) { nodes { identifier state { type } } }
      launch: issue(id: "WEB-2") { state { id } }
      ${CHANGED_SINCE}
    }`,
    { ids: BLOCKERS, since: horizonOf(initial) },
  );
  const open = nodesOf(final.issues)
    .filter((issue) => issue.state?.type !== 'completed')
    .map((issue) => String(issue.identifier));
  const stray = nodesOf(final.changed)
    .filter((issue) => !BLOCKERS.includes(String(issue.identifier)))
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      { name: 'every blocker completed', ok: open.length === 0, detail: `open: ${listed(open)}` },
      { name: 'launch unchanged', ok: final.launch?.state?.id === initial.issue?.state?.id },
      { name: 'no other issue edited', ok: stray.length === 0, detail: listed(stray) },
    ],
    `Checked the blockers ${BLOCKERS.join(', ')}.`,
  );
}
