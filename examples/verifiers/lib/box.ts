// Read helpers for Box verifiers: Box's error object checked, offset paging, and folder
// lookups by name from the root. Runs inside the sandbox: no Node APIs, and only types
// from the project.
import type { QueryValue } from '../../../src/services/api.js';
import type { ApiClient } from '../../../src/services/client.js';
import { AmbiguousNameError, allPages } from './common.js';

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

export async function boxGet(
  client: ApiClient,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<BoxObject> {
  const body = (await client.get(path, query)) as BoxObject | null;
  if (!body || body.type === 'error') throw new BoxReadError(path, body);
  return body;
}

/** Like boxGet, but null when Box answers with its error object (e.g. the item is gone). */
export async function boxGetOrNull(
  client: ApiClient,
  path: string,
  query?: Record<string, QueryValue>,
): Promise<BoxObject | null> {
  try {
    return await boxGet(client, path, query);
  } catch (error) {
    if (error instanceof BoxReadError) return null;
    throw error;
  }
}

/** Every item of a folder (folders and files), following offset paging. */
export async function folderItems(
  client: ApiClient,
  folderId: string,
  fields?: string,
): Promise<BoxObject[]> {
  return allPages<BoxObject, number>(0, async (offset = 0) => {
    const page = await boxGet(client, `/folders/${folderId}/items`, {
      limit: 1000,
      offset,
      ...(fields ? { fields } : {}),
    });
    const entries = (page.entries ?? []) as BoxObject[];
    const next = offset + entries.length;
    return {
      items: entries,
      next: entries.length === 0 || next >= Number(page.total_count) ? undefined : next,
    };
  });
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
  return allPages<BoxObject, string>(undefined, async (marker) => {
    const page = await boxGet(
      client,
      '/hubs',
      marker === undefined ? { limit: 1000 } : { limit: 1000, marker },
    );
    return {
      items: (page.entries ?? []) as BoxObject[],
      next: page.next_marker ? String(page.next_marker) : undefined,
    };
  });
}

/** The one file named `name` in the folder at `folderPath`, with its folder's id and listing. */
export async function namedFile(
  client: ApiClient,
  folderPath: readonly string[],
  name: string,
  fields?: string,
): Promise<{ folderId: string; items: BoxObject[]; file: BoxObject }> {
  const folderId = await folderByPath(client, folderPath);
  const items = await folderItems(client, folderId, fields);
  return { folderId, items, file: onlyNamed(items, name, 'file', folderPath.join(' > ')) };
}

/**
 * What a file's list endpoint (`tasks`, `comments`) holds after the run and did not before;
 * null when the file cannot be read in one of the two states (trashed, gone).
 */
export async function addedOn(
  before: ApiClient,
  after: ApiClient,
  fileId: string,
  list: 'tasks' | 'comments',
): Promise<BoxObject[] | null> {
  const was = await boxGetOrNull(before, `/files/${fileId}/${list}`, { limit: 1000 });
  const now = was && (await boxGetOrNull(after, `/files/${fileId}/${list}`, { limit: 1000 }));
  if (!was || !now) return null;
  const old = new Set((was.entries as BoxObject[]).map((entry) => String(entry.id)));
  return (now.entries as BoxObject[]).filter((entry) => !old.has(String(entry.id)));
}

/** The users a task is assigned to, as its assignment collection names them. */
export function assigneesOf(task: BoxObject | undefined): BoxObject[] {
  return ((task?.task_assignment_collection?.entries ?? []) as BoxObject[]).map(
    (assignment) => assignment.assigned_to ?? {},
  );
}

/** Two tag lists with the same tags, in any order. */
export function sameTags(a: unknown, b: unknown): boolean {
  const sorted = (tags: unknown) => JSON.stringify([...((tags as string[]) ?? [])].sort());
  return sorted(a) === sorted(b);
}
