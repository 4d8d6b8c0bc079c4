// linear_15: give Platform's "Rate limiter rewrite for bulk imports" the priority of the issue
// it blocks and move it to In Progress. "The issue it blocks" is the target of its own blocks
// relation (not the issue blocking it); its priority is read from this run's before-state.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
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

const TITLE = 'Rate limiter rewrite for bulk imports';
const FIELDS = `id identifier priority state { id name }
  relations(first: 20) { nodes { id type relatedIssue { id identifier priority state { id } } } }
  inverseRelations(first: 20) { nodes { id type } }`;

export interface Seen {
  limiter: LinearNode;
  blocked: LinearNode;
  inProgress: LinearNode;
  horizon: string;
}

const linkIds = (issue: LinearNode): string =>
  JSON.stringify(
    [...nodesOf(issue.relations), ...nodesOf(issue.inverseRelations)]
      .map((r) => String(r.id))
      .sort(),
  );

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($title: String!) {
      issues(first: 5, filter: { title: { eq: $title }, team: { name: { eq: "Platform" } } }) { nodes { ${FIELDS} } }
      workflowStates(filter: { team: { name: { eq: "Platform" } }, name: { eq: "In Progress" } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
    { title: TITLE },
  );
  const limiters = nodesOf(initial.issues);
  const states = nodesOf(initial.workflowStates);
  const blocks = nodesOf(limiters[0]?.relations).filter((relation) => relation.type === 'blocks');
  if (limiters.length !== 1 || states.length !== 1 || blocks.length !== 1)
    throw new AmbiguousNameError(
      `expected one Platform "${TITLE}" that blocks exactly one issue, and one In Progress state; found ${limiters.length}, ${blocks.length}, ${states.length}`,
    );
  return {
    limiter: limiters[0]!,
    blocked: blocks[0]!.relatedIssue as LinearNode,
    inProgress: states[0]!,
    horizon: horizonOf(initial),
  };
}

/** The priority to copy: the blocked issue's in this run's before-state. */
function required({ blocked }: Seen): number {
  return Number(blocked.priority);
}

async function judge(
  { limiter, blocked, inProgress, horizon }: Seen,
  priority: number,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await gql(
    after,
    `query ($id: String!, $blocked: String!, $since: DateTime!) {
      limiterAfter: issue(id: $id) { ${FIELDS} }
      blockedAfter: issue(id: $blocked) { priority state { id } }
      ${CHANGED_SINCE}
    }`,
    { id: limiter.id, blocked: blocked.id, since: horizon },
  );
  const now = final.limiterAfter;
  const blockedNow = final.blockedAfter;
  return verdictOf(
    [
      {
        name: `priority equals ${String(blocked.identifier)}'s`,
        ok: now.priority === priority,
        detail: `${String(blocked.identifier)} has priority ${priority}; ${String(limiter.identifier)} ${String(limiter.priority)} -> ${String(now.priority)}`,
      },
      {
        name: 'status is In Progress',
        ok: now.state?.id === inProgress.id,
        detail: `status ${String(limiter.state?.name)} -> ${String(now.state?.name)}`,
      },
      {
        name: 'the blocked issue is unchanged',
        ok: blockedNow.priority === blocked.priority && blockedNow.state?.id === blocked.state?.id,
        detail: `${String(blocked.identifier)} priority ${String(blocked.priority)} -> ${String(blockedNow.priority)}`,
      },
      {
        name: 'its relations are unchanged',
        ok: linkIds(now) === linkIds(limiter),
        detail: 'compared both directions of its relations',
      },
      noOtherIssueEdited(final.changed, [limiter.id]),
    ],
    `Resolved ${String(limiter.identifier)} and the issue it blocks (${String(blocked.identifier)}, priority ${priority}) in the before-state and compared both after the run.`,
  );
}

export const plan: VerifierPlan<Seen, number> = { read, required, judge };
export const verify = verifierOf(plan);
