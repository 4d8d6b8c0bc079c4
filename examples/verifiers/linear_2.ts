// linear_2: close every issue that blocks "Checkout v3 launch" (Web) as completed; leave the
// launch and everything else alone. The blockers are read from this run's before-state
// relations ("X blocks launch" = the launch's inverse relations of type blocks).
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  listed,
  type Run,
  type VerifierPlan,
  verdictOf,
  verifierOf,
} from './lib/common.js';
import {
  CHANGED_SINCE,
  gql,
  horizonOf,
  LATEST_UPDATE,
  type LinearNode,
  nodesOf,
  noOtherIssueEdited,
} from './lib/linear.js';

export interface Seen {
  launch: LinearNode;
  blockers: LinearNode[];
  downstream: LinearNode[];
  horizon: string;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `{
      issues(first: 5, filter: { title: { eq: "Checkout v3 launch" }, team: { name: { eq: "Web" } } }) { nodes {
        id identifier state { id } assignee { id }
        inverseRelations(first: 250) { nodes { type issue { id identifier } } }
        relations(first: 250) { nodes { type relatedIssue { id identifier state { id } } } }
      } }
      ${LATEST_UPDATE}
    }`,
  );
  const launches = nodesOf(initial.issues);
  if (launches.length !== 1)
    throw new AmbiguousNameError(
      `expected one Web issue "Checkout v3 launch", found ${launches.length}`,
    );
  const launch = launches[0]!;
  const blockers = nodesOf(launch.inverseRelations)
    .filter((relation) => relation.type === 'blocks')
    .map((relation) => relation.issue as LinearNode);
  const downstream = nodesOf(launch.relations)
    .filter((relation) => relation.type === 'blocks')
    .map((relation) => relation.relatedIssue as LinearNode);
  if (blockers.length === 0)
    throw new AmbiguousNameError(
      `${String(launch.identifier)} has no blockers in the before-state`,
    );
  return { launch, blockers, downstream, horizon: horizonOf(initial) };
}

/** The issues to close, by identifier: the launch's blockers in this run's before-state. */
function required({ blockers }: Seen): string[] {
  return blockers.map((issue) => String(issue.identifier));
}

function byIdentifier(identifier: string): Record<string, unknown> {
  const cut = identifier.lastIndexOf('-');
  return {
    team: { key: { eq: identifier.slice(0, cut) } },
    number: { eq: Number(identifier.slice(cut + 1)) },
  };
}

async function judge(
  { launch, downstream, horizon }: Seen,
  blockers: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  // Linear's IssueFilter has no identifier: an identifier is its team's key and its number.
  const identifiers = [
    String(launch.identifier),
    ...blockers,
    ...downstream.map((issue) => String(issue.identifier)),
  ];
  const final = await gql(
    after,
    `query ($filter: IssueFilter!, $since: DateTime!) {
      issues(filter: $filter, includeArchived: true, first: 250) { nodes { id identifier assignee { id } state { id name type } } }
      ${CHANGED_SINCE}
    }`,
    { filter: { or: identifiers.map(byIdentifier) }, since: horizon },
  );
  const now = new Map(
    nodesOf(final.issues).map((issue) => [String(issue.identifier), issue] as const),
  );
  const open = blockers
    .filter((identifier) => now.get(identifier)?.state?.type !== 'completed')
    .map((identifier) => `${identifier} (${String(now.get(identifier)?.state?.name)})`);
  const launchNow = now.get(String(launch.identifier));
  const movedDownstream = downstream
    .filter((issue) => now.get(String(issue.identifier))?.state?.id !== issue.state?.id)
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: 'every blocker is in a completed state',
        ok: open.length === 0,
        detail: `blockers ${listed(blockers)}; not completed: ${listed(open)}`,
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
      noOtherIssueEdited(final.changed, blockers, 'no issue other than the blockers edited'),
    ],
    `Read the ${blockers.length} issues blocking ${String(launch.identifier)} in the before-state and checked their status after the run.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
