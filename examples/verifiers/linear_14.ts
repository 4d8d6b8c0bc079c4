// linear_14: move every sub-issue of Platform's "Legacy token service" under "Auth token
// service v2" and change nothing else (comments, labels, links). The sub-issues are the legacy
// issue's children in this run's before-state; the new parent is the live issue of that exact
// title (its archived "(old plan)" is another issue).
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

const LEGACY = 'Legacy token service';
const V2 = 'Auth token service v2';
const FIELDS = 'id identifier title priority labelIds state { id } assignee { id } parent { id }';
/** Relations and comments anywhere: "their links and comments stay" is checked on both lists. */
const LINKS = `
  issueRelations(first: 250, includeArchived: true) { nodes { id type issue { id } relatedIssue { id } } }
  comments(first: 250, includeArchived: true) { nodes { id body } }`;

export interface Seen {
  legacy: LinearNode;
  v2: LinearNode;
  links: string;
  horizon: string;
}

const fingerprint = (data: LinearNode): string =>
  JSON.stringify([
    nodesOf(data.issueRelations)
      .map(
        (r) =>
          `${String(r.id)}:${String(r.type)}:${String(r.issue?.id)}:${String(r.relatedIssue?.id)}`,
      )
      .sort(),
    nodesOf(data.comments)
      .map((c) => `${String(c.id)}:${String(c.body)}`)
      .sort(),
  ]);

const numberOf = (identifier: string): number =>
  Number(identifier.slice(identifier.lastIndexOf('-') + 1));

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `query ($legacy: String!, $v2: String!) {
      legacy: issues(filter: { title: { eq: $legacy }, team: { name: { eq: "Platform" } } }) { nodes {
        id identifier team { key } children(first: 100) { nodes { identifier } }
      } }
      v2: issues(filter: { title: { eq: $v2 }, team: { name: { eq: "Platform" } } }) { nodes { id identifier parent { id } } }
      ${LINKS}
      ${LATEST_UPDATE}
    }`,
    { legacy: LEGACY, v2: V2 },
  );
  const legacy = nodesOf(initial.legacy);
  const v2 = nodesOf(initial.v2); // archived issues are not listed; the old plan has another title anyway
  if (legacy.length !== 1 || v2.length !== 1)
    throw new AmbiguousNameError(
      `expected one Platform "${LEGACY}" and one "${V2}"; found ${legacy.length} and ${v2.length}`,
    );
  return {
    legacy: legacy[0]!,
    v2: v2[0]!,
    links: fingerprint(initial),
    horizon: horizonOf(initial),
  };
}

/** The sub-issues to move, by identifier: the legacy issue's children before this run. */
function required({ legacy }: Seen): string[] {
  return nodesOf(legacy.children).map((child) => String(child.identifier));
}

async function judge(
  { legacy, v2, links, horizon }: Seen,
  children: readonly string[],
  { before, after }: Run,
): Promise<VerifierResult> {
  const byNumber = `query ($key: String!, $numbers: [Float!]!) {
    issues(first: 100, includeArchived: true, filter: { team: { key: { eq: $key } }, number: { in: $numbers } }) { nodes { ${FIELDS} } }
  }`;
  const variables = { key: String(legacy.team?.key), numbers: children.map(numberOf) };
  const was = nodesOf((await gql(before, byNumber, variables)).issues);
  const final = await gql(
    after,
    `query ($key: String!, $numbers: [Float!]!, $v2: String!, $since: DateTime!) {
      issues(first: 100, includeArchived: true, filter: { team: { key: { eq: $key } }, number: { in: $numbers } }) { nodes { ${FIELDS} } }
      v2After: issue(id: $v2) { parent { id } }
      ${LINKS}
      ${CHANGED_SINCE}
    }`,
    { ...variables, v2: v2.id, since: horizon },
  );
  const now = new Map(
    nodesOf(final.issues).map((issue) => [String(issue.identifier), issue] as const),
  );
  const notMoved = children.filter((identifier) => now.get(identifier)?.parent?.id !== v2.id);
  const edited = was
    .filter((issue) => {
      const is = now.get(String(issue.identifier));
      return (
        !is ||
        ['title', 'priority'].some((field) => is[field] !== issue[field]) ||
        is.state?.id !== issue.state?.id ||
        is.assignee?.id !== issue.assignee?.id ||
        JSON.stringify(is.labelIds) !== JSON.stringify(issue.labelIds)
      );
    })
    .map((issue) => String(issue.identifier));
  return verdictOf(
    [
      {
        name: `every sub-issue now under ${String(v2.identifier)}`,
        ok: notMoved.length === 0,
        detail: `${children.length} sub-issues; not moved: ${listed(notMoved)}`,
      },
      {
        name: `${String(v2.identifier)} itself stays where it was`,
        ok: (final.v2After?.parent?.id ?? null) === (v2.parent?.id ?? null),
        detail: `parent ${String(v2.parent?.id ?? 'none')} -> ${String(final.v2After?.parent?.id ?? 'none')}`,
      },
      {
        name: 'only the parent of each sub-issue changed',
        ok: edited.length === 0,
        detail: `other fields changed: ${listed(edited)}`,
      },
      {
        name: 'relations and comments unchanged',
        ok: fingerprint(final) === links,
        detail: 'compared every relation and comment before and after',
      },
      noOtherIssueEdited(final.changed, children),
    ],
    `Read the ${children.length} sub-issues of ${String(legacy.identifier)} in the before-state and checked them, ${String(v2.identifier)}, every relation and comment after the run.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
