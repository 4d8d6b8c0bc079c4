// linear_1: hand Mobile's "Offline sync drops queued edits" to Priya Raman and move it to
// In Review. Who Priya Raman is, which issue and which state are read from this run's
// before-state (the active user of that name), never remembered. `reassignPlan` serves the
// family's other task (linear_5) with its own names.
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
  gql,
  horizonOf,
  issueAfterRun,
  LATEST_UPDATE,
  type LinearNode,
  nodesOf,
  noOtherIssueEdited,
  sortedIds,
} from './lib/linear.js';

const FIELDS =
  'id identifier title priority dueDate estimate labelIds parent { id } team { id } assignee { id name } state { id name }';

/** What the instruction names: the team, the issue's title, the person and the state. */
export interface Names {
  team: string;
  title: string;
  person: string;
  state: string;
}

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

export function reassignPlan(names: Names): VerifierPlan<Seen, Assignee> {
  const { team, title, person, state } = names;

  async function read({ before }: Run): Promise<Seen> {
    const initial = await gql(
      before,
      `query ($title: String!, $team: String!, $person: String!, $state: String!) {
      issues(filter: { title: { eq: $title }, team: { name: { eq: $team } } }) { nodes { ${FIELDS} } }
      users(filter: { name: { eq: $person } }) { nodes { id name email } }
      workflowStates(filter: { team: { name: { eq: $team } }, name: { eq: $state } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
      { title, team, person, state },
    );
    const issues = nodesOf(initial.issues);
    const people = nodesOf(initial.users); // `users` lists active accounts only: a departed namesake is not a candidate.
    const states = nodesOf(initial.workflowStates);
    if (issues.length !== 1 || people.length !== 1 || states.length !== 1) {
      throw new AmbiguousNameError(
        `expected one ${team} issue "${title}", one active ${person} and one ${team} ${state} state; found ${issues.length}, ${people.length}, ${states.length}`,
      );
    }
    return {
      issue: issues[0]!,
      priya: people[0]!,
      inReview: states[0]!,
      horizon: horizonOf(initial),
    };
  }

  /** The person is whoever the before-state's one active user of that name is. */
  function required({ priya }: Seen): Assignee {
    return { id: String(priya.id), email: priya.email };
  }

  async function judge(
    { issue, inReview, horizon }: Seen,
    priya: Assignee,
    { after }: Run,
  ): Promise<VerifierResult> {
    const final = await issueAfterRun(after, issue.id, FIELDS, horizon);
    const now = final.issue;
    const who = String(priya.email ?? priya.id);
    const kept = ['title', 'priority', 'dueDate', 'estimate'].filter(
      (field) => now[field] !== issue[field],
    );
    const labelsKept =
      JSON.stringify(sortedIds(now.labelIds)) === JSON.stringify(sortedIds(issue.labelIds));
    return verdictOf(
      [
        {
          name: `assigned to the active ${person}`,
          ok: now.assignee?.id === priya.id,
          detail: `${person} is ${who}; assignee now ${String(now.assignee?.name ?? 'nobody')}`,
        },
        {
          name: `status is ${team} › ${state}`,
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
        noOtherIssueEdited(final.changed, [issue.id]),
      ],
      `Resolved ${String(issue.identifier)}, ${person} (${who}) and ${team} › ${state} in the before-state and compared the issue after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = reassignPlan({
  team: 'Mobile',
  title: 'Offline sync drops queued edits',
  person: 'Priya Raman',
  state: 'In Review',
});
export const verify = verifierOf(plan);
