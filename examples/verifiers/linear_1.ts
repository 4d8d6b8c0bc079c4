// linear_1: hand Mobile's "Offline sync drops queued edits" to Priya Raman and move it to
// In Review. Who Priya Raman is, which issue and which state are read from this run's
// before-state (the active user of that name), never remembered.
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
  sortedIds,
} from './lib/linear.js';

const TITLE = 'Offline sync drops queued edits';
const FIELDS =
  'id identifier title priority dueDate estimate labelIds parent { id } team { id } assignee { id name } state { id name }';

export interface Seen {
  issue: LinearNode;
  priya: LinearNode;
  inReview: LinearNode;
  horizon: string;
}

/** The user the issue must go to; `email` only names them in the explanation. */
export interface Assignee {
  id: string;
  email?: unknown;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($title: String!) {
      issues(filter: { title: { eq: $title }, team: { name: { eq: "Mobile" } } }) { nodes { ${FIELDS} } }
      users(filter: { name: { eq: "Priya Raman" } }) { nodes { id name email } }
      workflowStates(filter: { team: { name: { eq: "Mobile" } }, name: { eq: "In Review" } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
    { title: TITLE },
  );
  const issues = nodesOf(initial.issues);
  const priyas = nodesOf(initial.users); // `users` lists active accounts only: a departed Priya is not a candidate.
  const states = nodesOf(initial.workflowStates);
  if (issues.length !== 1 || priyas.length !== 1 || states.length !== 1) {
    throw new AmbiguousNameError(
      `expected one Mobile issue "${TITLE}", one active Priya Raman and one Mobile In Review state; found ${issues.length}, ${priyas.length}, ${states.length}`,
    );
  }
  return {
    issue: issues[0]!,
    priya: priyas[0]!,
    inReview: states[0]!,
    horizon: horizonOf(initial),
  };
}

/** Priya Raman is whoever the before-state's one active user of that name is. */
function required({ priya }: Seen): Assignee {
  return { id: String(priya.id), email: priya.email };
}

async function judge(
  { issue, inReview, horizon }: Seen,
  priya: Assignee,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await gql(
    after,
    `query ($id: String!, $since: DateTime!) { issue(id: $id) { ${FIELDS} } ${CHANGED_SINCE} }`,
    { id: issue.id, since: horizon },
  );
  const now = final.issue;
  const who = String(priya.email ?? priya.id);
  const kept = ['title', 'priority', 'dueDate', 'estimate'].filter(
    (field) => now[field] !== issue[field],
  );
  const labelsKept =
    JSON.stringify(sortedIds(now.labelIds)) === JSON.stringify(sortedIds(issue.labelIds));
  const changed = nodesOf(final.changed)
    .filter((node) => node.id !== issue.id)
    .map((node) => String(node.identifier));
  return verdictOf(
    [
      {
        name: 'assigned to the active Priya Raman',
        ok: now.assignee?.id === priya.id,
        detail: `Priya Raman is ${who}; assignee now ${String(now.assignee?.name ?? 'nobody')}`,
      },
      {
        name: 'status is Mobile › In Review',
        ok: now.state?.id === inReview.id,
        detail: `status ${String(issue.state?.name)} -> ${String(now.state?.name)}`,
      },
      {
        name: 'title, priority, due date and estimate unchanged',
        ok: kept.length === 0,
        detail: `changed: ${listed(kept)}`,
      },
      {
        name: 'labels, parent and team unchanged',
        ok: labelsKept && now.parent?.id === issue.parent?.id && now.team?.id === issue.team?.id,
        detail: `labels ${listed(sortedIds(issue.labelIds))} -> ${listed(sortedIds(now.labelIds))}`,
      },
      {
        name: 'no other issue edited',
        ok: changed.length === 0,
        detail: `other issues edited: ${listed(changed)}`,
      },
    ],
    `Resolved ${String(issue.identifier)}, Priya Raman (${who}) and Mobile › In Review in the before-state and compared the issue after the run.`,
  );
}

export const plan: VerifierPlan<Seen, Assignee> = { read, required, judge };
export const verify = verifierOf(plan);
