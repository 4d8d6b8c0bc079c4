// Small read helpers for Linear verifiers: GraphQL calls with errors surfaced, the
// "what changed since" probe, and the verdict. Runs inside the sandbox: no Node APIs,
// types only from the project.
import type { VerifierCheck } from '../../../src/evaluation/record.js';
import type { VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';

// biome-ignore lint/suspicious/noExplicitAny: response shapes follow each query; verifiers read them as loose JSON.
export type LinearNode = Record<string, any>;

/** A query answered with errors; the verifier cannot judge without that read. */
export class LinearReadError extends Error {
  constructor(errors: unknown) {
    super(`Linear query failed: ${JSON.stringify(errors)}`);
    this.name = 'LinearReadError';
  }
}

export async function gql(
  client: ApiClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<LinearNode> {
  const body = (await client.graphql(query, variables)) as {
    data?: LinearNode | null;
    errors?: unknown[];
  } | null;
  if (!body || body.errors?.length || !body.data)
    throw new LinearReadError(body?.errors ?? 'no body');
  return body.data;
}

/** A root-field selection with the newest `updatedAt` of any issue: the before-state's horizon. */
export const LATEST_UPDATE =
  'latest: issues(first: 1, orderBy: updatedAt, includeArchived: true) { nodes { updatedAt } }';

/** A root-field selection listing every issue edited after `$since`, i.e. by the run. */
export const CHANGED_SINCE =
  'changed: issues(filter: { updatedAt: { gt: $since } }, orderBy: updatedAt, includeArchived: true, first: 250) { nodes { id identifier } }';

export function horizonOf(data: LinearNode): string {
  return String(data.latest?.nodes?.[0]?.updatedAt ?? '1970-01-01T00:00:00.000Z');
}

export function nodesOf(connection: LinearNode | undefined): LinearNode[] {
  return (connection?.nodes as LinearNode[] | undefined) ?? [];
}

export function sortedIds(values: readonly unknown[]): string[] {
  return values.map(String).sort();
}

export function listed(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.join(', ');
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

/** A verdict of `unknown` when the before-state does not name what the instruction names. */
export function unknownBecause(explanation: string): VerifierResult {
  return { verdict: 'unknown', explanation };
}
