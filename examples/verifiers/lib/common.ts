// What every example verifier shares, whatever the service: the shape of a verifier (read
// the before-state, derive what is required, judge the after-state), the verdict from a
// check list, and paging. Runs inside the sandbox: no Node APIs, and only types from the
// project.
import type { VerifierCheck } from '../../../src/contract/record.js';
import type { PublicTask, VerifierResult } from '../../../src/contract/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';

/** What the instruction names could not be pinned down: the verdict is `unknown`, not a guess. */
export class AmbiguousNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmbiguousNameError';
  }
}

/** One evaluation as a verifier sees it. */
export interface Run {
  task: PublicTask;
  before: ApiClient;
  after: ApiClient;
}

/**
 * A verifier in three steps. `required` is split out because it is exactly what a stale
 * variant gets wrong: it remembers a value instead of deriving it from this run.
 */
export interface VerifierPlan<Seen, Required> {
  /** Find what the instruction names in the before-state; throw AmbiguousNameError when it cannot. */
  read(run: Run): Promise<Seen>;
  /** What the instruction asks for, as this run's before-state makes it. */
  required(seen: Seen, run: Run): Required | Promise<Required>;
  /** Read the after-state and check it against what is required. */
  judge(seen: Seen, required: Required, run: Run): Promise<VerifierResult>;
}

/** The `verify` export of a plan; names it cannot pin down become `unknown`. */
export function verifierOf<Seen, Required>(
  plan: VerifierPlan<Seen, Required>,
): (task: PublicTask, before: ApiClient, after: ApiClient) => Promise<VerifierResult> {
  return (task, before, after) =>
    judging(async () => {
      const run = { task, before, after };
      const seen = await plan.read(run);
      return plan.judge(seen, await plan.required(seen, run), run);
    });
}

/** Turn the errors a careful verifier expects (names it cannot pin down) into `unknown`; anything else propagates. */
export async function judging(run: () => Promise<VerifierResult>): Promise<VerifierResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AmbiguousNameError)
      return { verdict: 'unknown', explanation: error.message };
    throw error;
  }
}

/** Pass when every check holds, fail otherwise; the checks travel with the verdict. */
export function verdictOf(checks: VerifierCheck[], explanation: string): VerifierResult {
  const failed = checks.filter((check) => !check.ok);
  return {
    verdict: failed.length === 0 ? 'pass' : 'fail',
    checks,
    explanation:
      failed.length === 0
        ? explanation
        : `${explanation} Failed: ${failed.map((check) => check.name).join('; ')}.`,
  };
}

/** Names for a check's detail, as they are. */
export function listed(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.join(', ');
}

/** Values for a check's detail, quoted so that empty and missing ones show. */
export function listedAsJson(values: readonly unknown[]): string {
  return values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', ');
}

/** One page of a list method: its items, and where the next page starts (undefined: none). */
export interface Page<T, Cursor> {
  items: readonly T[];
  next: Cursor | undefined;
}

/** Every item of a paged list: pages are fetched from `first` on until one names no next page. */
export async function allPages<T, Cursor>(
  first: Cursor | undefined,
  fetchPage: (cursor: Cursor | undefined) => Promise<Page<T, Cursor>>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor = first;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.next;
  } while (cursor !== undefined);
  return items;
}
