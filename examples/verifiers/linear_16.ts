// linear_16: rename Web's "Invite modal focus bug", record that it blocks the Web issue
// "Accessibility audit sign-off" and keep its description. The description to keep is the one
// in this run's before-state; the audit issue is the Web one (Design has one of that title);
// the issue's existing links stay.
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

const TITLE = 'Invite modal focus bug';
const NEW_TITLE = 'Invite modal traps keyboard focus';
const AUDIT = 'Accessibility audit sign-off';
const FIELDS = `id identifier title description priority labelIds assignee { id } state { id }
  relations(first: 20) { nodes { id type relatedIssue { id identifier } } }
  inverseRelations(first: 20) { nodes { id type issue { id identifier } } }`;

export interface Seen {
  invite: LinearNode;
  audit: LinearNode;
  horizon: string;
}

const linkIds = (issue: LinearNode): string[] =>
  [...nodesOf(issue.relations), ...nodesOf(issue.inverseRelations)].map((r) => String(r.id));

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($title: String!, $audit: String!) {
      invite: issues(first: 5, filter: { title: { eq: $title }, team: { name: { eq: "Web" } } }) { nodes { ${FIELDS} } }
      audit: issues(first: 5, filter: { title: { eq: $audit }, team: { name: { eq: "Web" } } }) { nodes { id identifier } }
      ${LATEST_UPDATE}
    }`,
    { title: TITLE, audit: AUDIT },
  );
  const invites = nodesOf(initial.invite);
  const audits = nodesOf(initial.audit);
  if (invites.length !== 1 || audits.length !== 1)
    throw new AmbiguousNameError(
      `expected one Web "${TITLE}" and one Web "${AUDIT}"; found ${invites.length} and ${audits.length}`,
    );
  return { invite: invites[0]!, audit: audits[0]!, horizon: horizonOf(initial) };
}

/** The description to keep: the issue's in this run's before-state. */
function required({ invite }: Seen): string | null {
  return invite.description ?? null;
}

async function judge(
  { invite, audit, horizon }: Seen,
  description: string | null,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await issueAfterRun(after, invite.id, FIELDS, horizon);
  const now = final.issue;
  const had = new Set(linkIds(invite));
  const lost = linkIds(invite).filter((linkId) => !linkIds(now).includes(linkId));
  const added = nodesOf(now.relations).filter((r) => !had.has(String(r.id)));
  const addedInverse = nodesOf(now.inverseRelations).filter((r) => !had.has(String(r.id)));
  return verdictOf(
    [
      {
        name: 'renamed as asked',
        ok: now.title === NEW_TITLE,
        detail: `title "${String(now.title)}"`,
      },
      {
        name: `one new link: it blocks ${String(audit.identifier)}`,
        ok:
          added.length === 1 &&
          added[0]?.type === 'blocks' &&
          added[0]?.relatedIssue?.id === audit.id &&
          addedInverse.length === 0,
        detail: `new: ${listed(added.map((r) => `${String(r.type)} ${String(r.relatedIssue?.identifier)}`))}; new inverse: ${listed(addedInverse.map((r) => `${String(r.issue?.identifier)} ${String(r.type)}`))}`,
      },
      {
        name: 'existing links kept',
        ok: lost.length === 0,
        detail: `lost: ${listed(lost)}`,
      },
      {
        name: 'description kept',
        ok: (now.description ?? null) === description,
        detail: `description ${now.description === description ? 'unchanged' : 'changed'}`,
      },
      {
        name: 'assignee, status, priority and labels kept',
        ok:
          now.assignee?.id === invite.assignee?.id &&
          now.state?.id === invite.state?.id &&
          now.priority === invite.priority &&
          JSON.stringify(sortedIds(now.labelIds)) === JSON.stringify(sortedIds(invite.labelIds)),
        detail: String(invite.identifier),
      },
      noOtherIssueEdited(final.changed, [invite.id]),
    ],
    `Resolved ${String(invite.identifier)} (its description and links) and the Web audit issue ${String(audit.identifier)} in the before-state and compared ${String(invite.identifier)} after the run.`,
  );
}

export const plan: VerifierPlan<Seen, string | null> = { read, required, judge };
export const verify = verifierOf(plan);
