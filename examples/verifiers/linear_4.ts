// linear_4: mark Platform's "Bulk import skips rows with accents" as a duplicate of "CSV import
// drops accented names", close it, and keep its current assignee. The assignee to keep is
// whoever holds the issue in this run's before-state. `duplicatePlan` serves the family's
// other task (linear_7) with its own names.
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

const RELATIONS = 'relations(first: 100) { nodes { type relatedIssue { id identifier } } }';

/** What the instruction names: the team, the duplicate and the original. */
export interface Names {
  team: string;
  duplicate: string;
  original: string;
}

export interface Seen {
  dup: LinearNode;
  original: LinearNode;
  horizon: string;
}

export function duplicatePlan(names: Names): VerifierPlan<Seen, string | null> {
  async function read({ before }: Run): Promise<Seen> {
    const initial = await gql(
      before,
      `query ($team: String!, $duplicate: String!, $original: String!) {
      dup: issues(filter: { title: { eq: $duplicate }, team: { name: { eq: $team } } }) { nodes { id identifier assignee { id name } state { id } } }
      original: issues(filter: { title: { eq: $original }, team: { name: { eq: $team } } }) { nodes { id identifier assignee { id } state { id } } }
      ${LATEST_UPDATE}
    }`,
      { ...names },
    );
    const dups = nodesOf(initial.dup);
    const originals = nodesOf(initial.original);
    if (dups.length !== 1 || originals.length !== 1)
      throw new AmbiguousNameError(
        `expected one of each ${names.team} issue; found ${dups.length} and ${originals.length}`,
      );
    return { dup: dups[0]!, original: originals[0]!, horizon: horizonOf(initial) };
  }

  /** The assignee to keep, by user id (null: nobody): whoever holds the issue before this run. */
  function required({ dup }: Seen): string | null {
    return dup.assignee?.id ?? null;
  }

  async function judge(
    { dup, original, horizon }: Seen,
    assignee: string | null,
    { after }: Run,
  ): Promise<VerifierResult> {
    const final = await gql(
      after,
      `query ($dup: String!, $original: String!, $since: DateTime!) {
      dupAfter: issue(id: $dup) { assignee { id name } state { name type } ${RELATIONS} }
      originalAfter: issue(id: $original) { assignee { id } state { id } ${RELATIONS} }
      ${CHANGED_SINCE}
    }`,
      { dup: dup.id, original: original.id, since: horizon },
    );
    const dupNow = final.dupAfter;
    const originalNow = final.originalAfter;
    const duplicateLinks = nodesOf(dupNow.relations).filter(
      (relation) => relation.type === 'duplicate',
    );
    const reversed = nodesOf(originalNow.relations).some(
      (relation) => relation.type === 'duplicate' && relation.relatedIssue?.id === dup.id,
    );
    return verdictOf(
      [
        {
          name: `${String(dup.identifier)} is a duplicate of ${String(original.identifier)}`,
          ok: duplicateLinks.length === 1 && duplicateLinks[0]?.relatedIssue?.id === original.id,
          detail: `duplicate of: ${listed(duplicateLinks.map((relation) => String(relation.relatedIssue?.identifier)))}`,
        },
        {
          name: 'the original is not marked as a duplicate',
          ok: !reversed,
          detail: reversed
            ? `${String(original.identifier)} points at ${String(dup.identifier)}`
            : 'no reverse link',
        },
        {
          name: 'closed as canceled (Duplicate or Canceled)',
          ok: dupNow.state?.type === 'canceled',
          detail: `status ${String(dupNow.state?.name)} (${String(dupNow.state?.type)})`,
        },
        {
          name: 'assignee kept',
          ok: (dupNow.assignee?.id ?? null) === assignee,
          detail: `${String(dup.assignee?.name ?? 'nobody')} -> ${String(dupNow.assignee?.name ?? 'nobody')}`,
        },
        {
          name: 'the original is unchanged',
          ok:
            originalNow.state?.id === original.state?.id &&
            originalNow.assignee?.id === original.assignee?.id,
          detail: String(original.identifier),
        },
        noOtherIssueEdited(final.changed, [dup.id]),
      ],
      `Resolved ${String(dup.identifier)} (assigned to ${String(dup.assignee?.name ?? 'nobody')}) and ${String(original.identifier)} in the before-state and compared both after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = duplicatePlan({
  team: 'Platform',
  duplicate: 'Bulk import skips rows with accents',
  original: 'CSV import drops accented names',
});
export const verify = verifierOf(plan);
