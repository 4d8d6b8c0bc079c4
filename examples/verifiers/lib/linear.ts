// Small read helpers for Linear verifiers: GraphQL calls with errors surfaced and the
// "what changed since" probe. Runs inside the sandbox: no Node APIs, types only from the
// project.
import type { VerifierCheck } from '../../../src/contract/record.js';
import type { ApiClient } from '../../../src/services/client.js';
import { listed } from './common.js';

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

/** One issue after the run (`issue`, with `fields`) and the issues edited since `horizon` (`changed`). */
export function issueAfterRun(
  after: ApiClient,
  id: unknown,
  fields: string,
  horizon: string,
): Promise<LinearNode> {
  return gql(
    after,
    `query ($id: String!, $since: DateTime!) { issue(id: $id) { ${fields} } ${CHANGED_SINCE} }`,
    { id, since: horizon },
  );
}

export function horizonOf(data: LinearNode): string {
  return String(data.latest?.nodes?.[0]?.updatedAt ?? '1970-01-01T00:00:00.000Z');
}

export function nodesOf(connection: LinearNode | undefined): LinearNode[] {
  return (connection?.nodes as LinearNode[] | undefined) ?? [];
}

export function sortedIds(values: readonly unknown[]): string[] {
  return values.map(String).sort();
}

/**
 * The identifiers of the issues the run edited (a CHANGED_SINCE connection) besides `asked`,
 * the issues it was asked to edit, given by id or by identifier.
 */
export function editedBesides(changed: LinearNode | undefined, asked: Iterable<unknown>): string[] {
  const allowed = new Set([...asked].map(String));
  return nodesOf(changed)
    .filter((issue) => !allowed.has(String(issue.id)) && !allowed.has(String(issue.identifier)))
    .map((issue) => String(issue.identifier));
}

/** The check every Linear example makes last: the run edited no issue besides `asked`. */
export function noOtherIssueEdited(
  changed: LinearNode | undefined,
  asked: Iterable<unknown>,
  name = 'no other issue edited',
): VerifierCheck {
  const stray = editedBesides(changed, asked);
  return { name, ok: stray.length === 0, detail: `other issues edited: ${listed(stray)}` };
}
