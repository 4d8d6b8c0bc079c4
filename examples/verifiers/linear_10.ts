// linear_10: tag Mobile's "Asset tag scanning" and each of its sub-issues with field-test,
// keeping their labels. The label is whichever live label is called field-test in this run's
// before-state (labels get renamed), and the sub-issues are the issue's children there.
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
  scan: LinearNode;
  children: LinearNode[];
  horizon: string;
  labelIds: string[];
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `{
      issues(filter: { title: { eq: "Asset tag scanning" }, team: { name: { eq: "Mobile" } } }) { nodes {
        id identifier labelIds parent { id identifier labelIds }
        children(first: 100) { nodes { id identifier labelIds } }
      } }
      issueLabels(filter: { name: { eq: "field-test" } }) { nodes { id } }
      ${LATEST_UPDATE}
    }`,
  );
  const scans = nodesOf(initial.issues);
  const labels = nodesOf(initial.issueLabels); // archived labels are not listed
  if (scans.length !== 1 || labels.length !== 1)
    throw new AmbiguousNameError(
      `expected one Mobile "Asset tag scanning" and one live field-test label; found ${scans.length} and ${labels.length}`,
    );
  return {
    scan: scans[0]!,
    children: nodesOf(scans[0]!.children),
    horizon: horizonOf(initial),
    labelIds: labels.map((label) => String(label.id)),
  };
}

/** The label to apply: the one called field-test in this run's before-state. */
function required({ labelIds }: Seen): string {
  return labelIds[0]!;
}

async function judge(
  { scan, children, horizon }: Seen,
  labelId: string,
  { after }: Run,
): Promise<VerifierResult> {
  const ids = [
    scan.id,
    ...children.map((child) => child.id),
    ...(scan.parent ? [scan.parent.id] : []),
  ];
  const final = await gql(
    after,
    `query ($ids: [ID!]!, $since: DateTime!) {
      issues(first: 100, includeArchived: true, filter: { id: { in: $ids } }) { nodes { id identifier labelIds } }
      ${CHANGED_SINCE}
    }`,
    { ids, since: horizon },
  );
  const now = new Map(nodesOf(final.issues).map((issue) => [String(issue.id), issue] as const));
  const labelsOf = (issue: LinearNode): string[] =>
    ((now.get(String(issue.id))?.labelIds as string[] | undefined) ?? []).map(String);
  const untagged = [scan, ...children]
    .filter((issue) => !labelsOf(issue).includes(labelId))
    .map((issue) => String(issue.identifier));
  const lost = (scan.labelIds as string[]).filter((id) => !labelsOf(scan).includes(id));
  const parentChanged =
    scan.parent !== null &&
    scan.parent !== undefined &&
    JSON.stringify([...labelsOf(scan.parent)].sort()) !==
      JSON.stringify([...(scan.parent.labelIds as string[])].sort());
  return verdictOf(
    [
      {
        name: 'the issue and every sub-issue carry field-test',
        ok: untagged.length === 0,
        detail: `${children.length} sub-issues; without the label: ${listed(untagged)}`,
      },
      {
        name: 'labels it already had are kept',
        ok: lost.length === 0,
        detail: `lost: ${listed(lost)}`,
      },
      {
        name: 'the parent issue is not tagged',
        ok: !parentChanged,
        detail: String(scan.parent?.identifier ?? 'no parent'),
      },
      noOtherIssueEdited(final.changed, [scan.id, ...children.map((child) => child.id)]),
    ],
    `Resolved ${String(scan.identifier)}, its ${children.length} sub-issues and the field-test label in the before-state and compared their labels after the run.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
