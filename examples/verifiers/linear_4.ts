// linear_4: mark Platform's "Bulk import skips rows with accents" as a duplicate of "CSV import
// drops accented names", close it, and keep its current assignee. The assignee to keep is
// whoever holds the issue in this run's before-state.
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
} from './lib/linear.js';

const RELATIONS = 'relations(first: 100) { nodes { type relatedIssue { id identifier } } }';

export interface Seen {
  dup: LinearNode;
  original: LinearNode;
  horizon: string;
}

async function read({ before }: Run): Promise<Seen> {
  const initial = await gql(
    before,
    `{
      dup: issues(filter: { title: { eq: "Bulk import skips rows with accents" }, team: { name: { eq: "Platform" } } }) { nodes { id identifier assignee { id name } state { id } } }
      original: issues(filter: { title: { eq: "CSV import drops accented names" }, team: { name: { eq: "Platform" } } }) { nodes { id identifier assignee { id } state { id } } }
      ${LATEST_UPDATE}
    }`,
  );
  const dups = nodesOf(initial.dup);
  const originals = nodesOf(initial.original);
  if (dups.length !== 1 || originals.length !== 1)
    throw new AmbiguousNameError(
      `expected one of each Platform issue; found ${dups.length} and ${originals.length}`,
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
  const stray = nodesOf(final.changed)
    .filter((issue) => issue.id !== dup.id)
    .map((issue) => String(issue.identifier));
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
      {
        name: 'no other issue edited',
        ok: stray.length === 0,
        detail: `other issues edited: ${listed(stray)}`,
      },
    ],
    `Resolved ${String(dup.identifier)} (assigned to ${String(dup.assignee?.name ?? 'nobody')}) and ${String(original.identifier)} in the before-state and compared both after the run.`,
  );
}

export const plan: VerifierPlan<Seen, string | null> = { read, required, judge };
export const verify = verifierOf(plan);
