// linear_12: move Design's "Inspection summary card v2 handoff" to Ready for Dev, tag it
// "needs review" and keep its assignee. The label's stored name is "Needs Review": matched
// without regard to case, and exactly (not "Needs Review (legal)"). The assignee to keep is
// this run's initial one.
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

const TITLE = 'Inspection summary card v2 handoff';
const FIELDS = 'id identifier labelIds assignee { id name } state { id name }';

export interface Seen {
  card: LinearNode;
  ready: LinearNode;
  label: LinearNode;
  horizon: string;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($title: String!) {
      issues(filter: { title: { eq: $title }, team: { name: { eq: "Design" } } }) { nodes { ${FIELDS} } }
      workflowStates(filter: { team: { name: { eq: "Design" } }, name: { eq: "Ready for Dev" } }) { nodes { id } }
      issueLabels(filter: { name: { eqIgnoreCase: "needs review" } }) { nodes { id name } }
      ${LATEST_UPDATE}
    }`,
    { title: TITLE },
  );
  const cards = nodesOf(initial.issues);
  const states = nodesOf(initial.workflowStates);
  const labels = nodesOf(initial.issueLabels);
  if (cards.length !== 1 || states.length !== 1 || labels.length !== 1)
    throw new AmbiguousNameError(
      `expected one Design issue "${TITLE}", one Ready for Dev state and one label named "needs review" in any case; found ${cards.length}, ${states.length}, ${labels.length}`,
    );
  return { card: cards[0]!, ready: states[0]!, label: labels[0]!, horizon: horizonOf(initial) };
}

/** The assignee to keep (null: nobody): whoever has the issue before this run. */
function required({ card }: Seen): string | null {
  return card.assignee?.id ?? null;
}

async function judge(
  { card, ready, label, horizon }: Seen,
  assignee: string | null,
  { after }: Run,
): Promise<VerifierResult> {
  const final = await issueAfterRun(after, card.id, FIELDS, horizon);
  const now = final.issue;
  const expected = sortedIds([...(card.labelIds as string[]), label.id]);
  return verdictOf(
    [
      {
        name: `labels are the earlier ones plus ${String(label.name)}`,
        ok: JSON.stringify(sortedIds(now.labelIds)) === JSON.stringify(expected),
        detail: `labels ${listed(sortedIds(card.labelIds))} -> ${listed(sortedIds(now.labelIds))}`,
      },
      {
        name: 'status is Design › Ready for Dev',
        ok: now.state?.id === ready.id,
        detail: `status ${String(card.state?.name)} -> ${String(now.state?.name)}`,
      },
      {
        name: 'assignee kept',
        ok: (now.assignee?.id ?? null) === assignee,
        detail: `${String(card.assignee?.name ?? 'nobody')} -> ${String(now.assignee?.name ?? 'nobody')}`,
      },
      noOtherIssueEdited(final.changed, [card.id]),
    ],
    `Resolved ${String(card.identifier)}, Ready for Dev and the label "${String(label.name)}" in the before-state and compared the issue after the run.`,
  );
}

export const plan: VerifierPlan<Seen, string | null> = { read, required, judge };
export const verify = verifierOf(plan);
