// linear_2: close every issue that blocks "Checkout v3 launch" (Web) as completed; leave the
// launch and everything else alone. The blockers are read from this run's before-state
// relations ("X blocks launch" = the launch's inverse relations of type blocks).
import type { PublicTask, VerifierResult } from '../../src/evaluation/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import {
  CHANGED_SINCE,
  gql,
  horizonOf,
  LATEST_UPDATE,
  type LinearNode,
  listed,
  nodesOf,
  unknownBecause,
  verdictOf,
} from './lib/linear.js';

export async function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  const initial = await gql(
    before,
    `{
      issues(filter: { title: { eq: "Checkout v3 launch" }, team: { name: { eq: "Web" } } }) { nodes {
        id identifier state { id } assignee { id }
        inverseRelations(first: 250) { nodes { type issue { id identifier } } }
        relations(first: 250) { nodes { type relatedIssue { id identifier state { id } } } }
      } }
      ${LATEST_UPDATE}
    }`,
  );
  const launches = nodesOf(initial.issues);
  if (launches.length !== 1)
    return unknownBecause(`expected one Web issue "Checkout v3 launch", found ${launches.length}`);
  const launch = launches[0]!;
  const blockers = nodesOf(launch.inverseRelations)
    .filter((relation) => relation.type === 'blocks')
    .map((relation) => relation.issue as LinearNode);
  const downstream = nodesOf(launch.relations)
    .filter((relation) => relation.type === 'blocks')
    .map((relation) => relation.relatedIssue as LinearNode);
  if (blockers.length === 0)
    return unknownBecause(`${String(launch.identifier)} has no blockers in the before-state`);

  const final = await gql(
    after,
    `query ($ids: [ID!], $since: DateTime!) {
      issues(filter: { id: { in: $ids } }, includeArchived: true, first: 250) { nodes { id identifier assignee { id } state { id name type } } }
      ${CHANGED_SINCE}
    }`,
    {
      ids: [
        launch.id,
        ...blockers.map((issue) => issue.id),
        ...downstream.map((issue) => issue.id),
      ],
      since: horizonOf(initial),
    },
  );
  const now = new Map(nodesOf(final.issues).map((issue) => [String(issue.id), issue] as const));
  const open = blockers
    .filter((issue) => now.get(String(issue.id))?.state?.type !== 'completed')
    .map(
      (issue) => `${String(issue.identifier)} (${String(now.get(String(issue.id))?.state?.name)})`,
    );
  const launchNow = now.get(String(launch.id));
  const movedDownstream = downstream
    .filter((issue) => now.get(String(issue.id))?.state?.id !== issue.state?.id)
    .map((issue) => String(issue.identifier));
  const blockerIds = new Set([...blockers.map((issue) => String(issue.id))]);
  const stray = nodesOf(final.changed)
    .filter((issue) => !blockerIds.has(String(issue.id)))
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: 'every blocker is in a completed state',
        ok: open.length === 0,
        detail: `blockers ${listed(blockers.map((issue) => String(issue.identifier)))}; not completed: ${listed(open)}`,
      },
      {
        name: 'the launch issue is unchanged',
        ok:
          launchNow?.state?.id === launch.state?.id &&
          launchNow?.assignee?.id === launch.assignee?.id,
        detail: `${String(launch.identifier)} is ${String(launchNow?.state?.name)}`,
      },
      {
        name: 'issues the launch blocks are unchanged',
        ok: movedDownstream.length === 0,
        detail: `moved: ${listed(movedDownstream)}`,
      },
      {
        name: 'no issue other than the blockers edited',
        ok: stray.length === 0,
        detail: `other issues edited: ${listed(stray)}`,
      },
    ],
    `Read the ${blockers.length} issues blocking ${String(launch.identifier)} in the before-state and checked their status after the run.`,
  );
}
