// linear_13: comment on Data's "Retention job skips EU tenants" asking its current assignee,
// by name, for an ETA, and raise it to Urgent. The stored title may carry stray whitespace, so
// titles are compared trimmed (and "… on Sundays" is another issue); the person is whoever the
// issue is assigned to in this run's before-state; any wording that names them is fine.
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

const TITLE = 'Retention job skips EU tenants';
const FIELDS = 'id identifier title priority assignee { id name displayName } state { id }';

export interface Seen {
  job: LinearNode;
  commentIds: Set<string>;
  horizon: string;
}

/** How the comment may name the assignee: full name or handle (display name). */
export interface Person {
  name: string;
  displayName: string;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($title: String!) {
      issues(filter: { title: { startsWith: $title }, team: { name: { eq: "Data" } } }) { nodes { ${FIELDS} } }
      comments(first: 250, includeArchived: true) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
    { title: TITLE },
  );
  const jobs = nodesOf(initial.issues).filter((issue) => String(issue.title).trim() === TITLE);
  if (jobs.length !== 1 || !jobs[0]?.assignee)
    throw new AmbiguousNameError(
      `expected one assigned Data issue titled "${TITLE}" (ignoring surrounding spaces); found ${jobs.length}`,
    );
  return {
    job: jobs[0]!,
    commentIds: new Set(nodesOf(initial.comments).map((comment) => String(comment.id))),
    horizon: horizonOf(initial),
  };
}

/** The person to ask: the issue's assignee in this run's before-state. */
function required({ job }: Seen): Person {
  return { name: String(job.assignee.name), displayName: String(job.assignee.displayName) };
}

async function judge(
  { job, commentIds, horizon }: Seen,
  person: Person,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await gql(
    after,
    `query ($id: String!, $since: DateTime!) {
      issue(id: $id) { ${FIELDS} }
      comments(first: 250) { nodes { id body issue { id identifier } } }
      ${CHANGED_SINCE}
    }`,
    { id: job.id, since: horizon },
  );
  const now = final.issue;
  const added = nodesOf(final.comments).filter((comment) => !commentIds.has(String(comment.id)));
  const here = added.filter((comment) => comment.issue?.id === job.id);
  const names = [person.name, person.displayName].map((name) => name.toLowerCase());
  const asking = here.filter((comment) =>
    names.some((name) => String(comment.body).toLowerCase().includes(name)),
  );
  const elsewhere = added
    .filter((comment) => comment.issue?.id !== job.id)
    .map((comment) => String(comment.issue?.identifier));
  return verdictOf(
    [
      {
        name: `a new comment names ${person.name}`,
        ok: here.length === 1 && asking.length === 1,
        detail: `${here.length} new comment(s) on ${String(job.identifier)}, ${asking.length} naming ${person.name}`,
      },
      {
        name: 'no comment on another issue',
        ok: elsewhere.length === 0,
        detail: `comments on: ${listed(elsewhere)}`,
      },
      {
        name: 'priority is Urgent',
        ok: now.priority === 1,
        detail: `priority ${String(job.priority)} -> ${String(now.priority)}`,
      },
      {
        name: 'assignee and status kept',
        ok: now.assignee?.id === job.assignee?.id && now.state?.id === job.state?.id,
        detail: `assignee ${String(job.assignee?.name)} -> ${String(now.assignee?.name ?? 'nobody')}`,
      },
      noOtherIssueEdited(final.changed, [job.id]),
    ],
    `Resolved ${String(job.identifier)} and its assignee ${person.name} in the before-state and read the new comments and the issue after the run.`,
  );
}

export const plan: VerifierPlan<Seen, Person> = { read, required, judge };
export const verify = verifierOf(plan);
