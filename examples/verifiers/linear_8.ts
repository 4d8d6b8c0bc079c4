// linear_8: hand every open Platform issue of Marco Diaz to Tobias Brandt or Kwame Asante; his
// closed issues stay with him. The set is read from this run's before-state, every page of it
// (more than the 50 issues one page of `issues` holds). `handOverPlan` serves the family's
// other task (linear_9) with its own names.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  AmbiguousNameError,
  allPages,
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

const FIELDS = 'id identifier number title priority labelIds assignee { id } state { id type }';
const CLOSED = ['completed', 'canceled'];

/** What the instruction names: the team, the person whose work moves, the two who may take it. */
export interface Names {
  team: string;
  from: string;
  targets: readonly [string, string];
}

export interface Seen {
  from: LinearNode;
  targets: LinearNode[];
  /** Every issue the person holds in the team before the run, by identifier. */
  issues: Map<string, LinearNode>;
  horizon: string;
}

/** The issues to hand over and the issues to leave, by identifier. */
export interface Split {
  handed: readonly string[];
  kept: readonly string[];
}

const numberOf = (identifier: string): number =>
  Number(identifier.slice(identifier.lastIndexOf('-') + 1));

export function handOverPlan(names: Names): VerifierPlan<Seen, Split> {
  async function read({ before }: Run): Promise<Seen> {
    const initial = await gql(
      before,
      `query ($from: String!, $targets: [String!]!) {
        from: users(filter: { name: { eq: $from } }) { nodes { id name } }
        targets: users(filter: { name: { in: $targets } }) { nodes { id name } }
        ${LATEST_UPDATE}
      }`,
      { from: names.from, targets: [...names.targets] },
    );
    const from = nodesOf(initial.from); // active users only: a deactivated namesake is not listed
    const targets = nodesOf(initial.targets);
    if (from.length !== 1 || targets.length !== 2)
      throw new AmbiguousNameError(
        `expected one active ${names.from} and two people named ${names.targets.join(' and ')}; found ${from.length} and ${targets.length}`,
      );
    // More than one page: follow the cursor until the connection says there is no next page.
    const held = await allPages<LinearNode, string>(undefined, async (after) => {
      const page = await gql(
        before,
        `query ($team: String!, $from: ID!, $after: String) {
          issues(first: 50, after: $after, filter: { team: { name: { eq: $team } }, assignee: { id: { eq: $from } } }) {
            nodes { ${FIELDS} } pageInfo { hasNextPage endCursor }
          }
        }`,
        { team: names.team, from: from[0]!.id, after: after ?? null },
      );
      return {
        items: nodesOf(page.issues),
        next: page.issues?.pageInfo?.hasNextPage
          ? String(page.issues.pageInfo.endCursor)
          : undefined,
      };
    });
    return {
      from: from[0]!,
      targets,
      issues: new Map(held.map((issue) => [String(issue.identifier), issue] as const)),
      horizon: horizonOf(initial),
    };
  }

  /** Open issues move; finished or canceled ones stay: as the before-state has them. */
  function required({ issues }: Seen): Split {
    const all = [...issues.values()];
    const open = (issue: LinearNode) => !CLOSED.includes(String(issue.state?.type));
    return {
      handed: all.filter(open).map((issue) => String(issue.identifier)),
      kept: all.filter((issue) => !open(issue)).map((issue) => String(issue.identifier)),
    };
  }

  async function judge(seen: Seen, split: Split, { after }: Run): Promise<VerifierResult> {
    const identifiers = [...split.handed, ...split.kept];
    const teamKey = identifiers[0]?.slice(0, identifiers[0].lastIndexOf('-')) ?? '';
    const final = await gql(
      after,
      `query ($key: String!, $numbers: [Float!]!, $since: DateTime!) {
        issues(first: 250, includeArchived: true, filter: { team: { key: { eq: $key } }, number: { in: $numbers } }) { nodes { ${FIELDS} } }
        ${CHANGED_SINCE}
      }`,
      { key: teamKey, numbers: identifiers.map(numberOf), since: seen.horizon },
    );
    const now = new Map(
      nodesOf(final.issues).map((issue) => [String(issue.identifier), issue] as const),
    );
    const targetIds = new Set(seen.targets.map((user) => String(user.id)));
    const notHanded = split.handed.filter(
      (identifier) => !targetIds.has(String(now.get(identifier)?.assignee?.id)),
    );
    const moved = split.kept.filter(
      (identifier) => now.get(identifier)?.assignee?.id !== seen.from.id,
    );
    const edited = split.handed.filter((identifier) => {
      const was = seen.issues.get(identifier);
      const is = now.get(identifier);
      return (
        !was ||
        !is ||
        was.state?.id !== is.state?.id ||
        was.priority !== is.priority ||
        was.title !== is.title ||
        JSON.stringify(was.labelIds) !== JSON.stringify(is.labelIds)
      );
    });
    return verdictOf(
      [
        {
          name: `every open issue now with ${names.targets[0]} or ${names.targets[1]}`,
          ok: notHanded.length === 0,
          detail: `${split.handed.length} open issues; not handed over: ${listed(notHanded)}`,
        },
        {
          name: `closed issues still with ${names.from}`,
          ok: moved.length === 0,
          detail: `moved: ${listed(moved)}`,
        },
        {
          name: 'status, priority, title and labels of the handed issues unchanged',
          ok: edited.length === 0,
          detail: `changed: ${listed(edited)}`,
        },
        noOtherIssueEdited(final.changed, split.handed),
      ],
      `Read all ${seen.issues.size} ${names.team} issues of ${names.from} in the before-state (${split.handed.length} open) and checked them after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = handOverPlan({
  team: 'Platform',
  from: 'Marco Diaz',
  targets: ['Tobias Brandt', 'Kwame Asante'],
});
export const verify = verifierOf(plan);
