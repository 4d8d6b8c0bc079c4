// Read helpers for Box verifiers: Box's error object checked, offset paging, and folder
// lookups by name from the root. Runs inside the sandbox: no Node APIs, and only types
// from the project.
import type { VerifierCheck } from '../../../src/evaluation/record.js';
import type { VerifierResult } from '../../../src/evaluation/verifier.js';
import type { QueryValue } from '../../../src/services/api.js';
import type { ApiClient } from '../../../src/services/client.js';

// biome-ignore lint/suspicious/noExplicitAny: Box JSON bodies are read field by field, each field checked where it is used
export type BoxObject = Record<string, any>;

/** Box answered with its error object; the verifier cannot judge without that read. */
export class BoxReadError extends Error {
  readonly status: number;
  constructor(path: string, body: BoxObject | null) {
    super(
      `GET ${path} failed: ${body?.status ?? '?'} ${body?.code ?? 'no body'} ${body?.message ?? ''}`.trim(),
    );
    this.name = 'BoxReadError';
    this.status = Number(body?.status ?? 0);
  }
}

/** A way the named objects could not be found: the verdict is `unknown`, not a guess. */
export class AmbiguousNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmbiguousNameError';
  }
}

export async function boxGet(
  client: ApiClient,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<BoxObject> {
  const body = (await client.get(path, query)) as BoxObject | null;
  if (!body || body.type === 'error') throw new BoxReadError(path, body);
  return body;
}

/** Every item of a folder (folders and files), following offset paging. */
export async function folderItems(
  client: ApiClient,
  folderId: string,
  fields?: string,
): Promise<BoxObject[]> {
  const items: BoxObject[] = [];
  for (let offset = 0; ; ) {
    const page = await boxGet(client, `/folders/${folderId}/items`, {
      limit: 1000,
      offset,
      ...(fields ? { fields } : {}),
    });
    const entries = (page.entries ?? []) as BoxObject[];
    items.push(...entries);
    offset += entries.length;
    if (entries.length === 0 || offset >= Number(page.total_count)) return items;
  }
}

/** The one child of `folderId` with exactly this name and type; anything else is ambiguous. */
export function onlyNamed(
  items: readonly BoxObject[],
  name: string,
  type: 'file' | 'folder',
  where: string,
): BoxObject {
  const matches = items.filter((item) => item.type === type && item.name === name);
  if (matches.length !== 1)
    throw new AmbiguousNameError(
      `expected one ${type} named "${name}" in ${where}, found ${matches.length}`,
    );
  return matches[0]!;
}

/** Walk folder names from "All Files" down; returns the last folder's id. */
export async function folderByPath(client: ApiClient, names: readonly string[]): Promise<string> {
  let id = '0';
  let where = 'All Files';
  for (const name of names) {
    id = String(onlyNamed(await folderItems(client, id), name, 'folder', where).id);
    where = `${where} > ${name}`;
  }
  return id;
}

/** Every hub the user sees, following marker paging. */
export async function allHubs(client: ApiClient): Promise<BoxObject[]> {
  const hubs: BoxObject[] = [];
  let marker: string | undefined;
  do {
    const page = await boxGet(
      client,
      '/hubs',
      marker === undefined ? { limit: 1000 } : { limit: 1000, marker },
    );
    hubs.push(...((page.entries ?? []) as BoxObject[]));
    marker = page.next_marker ? String(page.next_marker) : undefined;
  } while (marker !== undefined);
  return hubs;
}

export function listed(values: readonly unknown[]): string {
  return values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', ');
}

/** Pass when every check holds, fail otherwise; the explanation says what was read. */
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

/** Turn the errors a careful verifier expects (ambiguous names) into `unknown`; anything else propagates. */
export async function judging(run: () => Promise<VerifierResult>): Promise<VerifierResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AmbiguousNameError)
      return { verdict: 'unknown', explanation: error.message };
    throw error;
  }
}
