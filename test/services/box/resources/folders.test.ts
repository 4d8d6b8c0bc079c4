import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import { type Body, baseState, fileNamed, folderNamed, get, rows } from '../fixture.js';

const projects = folderNamed('Projects', '0');
const orchard = folderNamed('Orchard Lane Community Garden', String(projects.id));
const budgets = folderNamed('Budgets', String(orchard.id));
const notes2025 = folderNamed('2025');

/** Every entry of a folder listing, following offset paging. */
function listAll(folderId: string, pageSize: number, query: Record<string, string> = {}): Body[] {
  const entries: Body[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = get(`/folders/${folderId}/items`, { ...query, limit: pageSize, offset });
    expect(page.status).toBe(200);
    entries.push(...page.body.entries);
    if (offset + pageSize >= page.body.total_count) return entries;
  }
}

const childrenInSeed = (folderId: string): Row[] => [
  ...rows('box_folders').filter((row) => row.parent_id === folderId && row.id !== folderId),
  ...rows('box_files').filter((row) => row.parent_id === folderId),
];

describe('GET /folders/{id}/items', () => {
  it('lists every child of a folder across pages, folders before files', () => {
    const expected = childrenInSeed(String(notes2025.id));
    expect(expected.length).toBeGreaterThan(10);
    const entries = listAll(String(notes2025.id), 4);
    expect(entries.map((entry) => entry.id).sort()).toEqual(expected.map((row) => row.id).sort());
    const firstFile = entries.findIndex((entry) => entry.type === 'file');
    expect(entries.slice(firstFile).every((entry) => entry.type === 'file')).toBe(true);
  });

  it('sorts by name ascending by default and honours sort/direction', () => {
    const files = listAll(String(notes2025.id), 100)
      .filter((entry) => entry.type === 'file')
      .map((entry) => entry.name as string);
    expect(files).toEqual(
      [...files].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })),
    );
    const descending = get(`/folders/${notes2025.id}/items`, {
      sort: 'name',
      direction: 'DESC',
    }).body.entries.map((entry: Body) => entry.name);
    expect(descending).toEqual([...files].reverse());
    const bySize = get(`/folders/${budgets.id}/items`, {
      sort: 'size',
      fields: 'size',
    }).body.entries.map((entry: Body) => entry.size as number);
    expect(bySize).toEqual([...bySize].sort((a, b) => a - b));
  });

  it('returns mini objects by default and exactly the requested fields plus type, id and etag', () => {
    const mini = get(`/folders/${budgets.id}/items`).body.entries[0];
    expect(Object.keys(mini).sort()).toEqual([
      'etag',
      'file_version',
      'id',
      'name',
      'sequence_id',
      'sha1',
      'type',
    ]);
    const selected = get(`/folders/${budgets.id}/items`, { fields: ['name', 'size', 'tags'] }).body
      .entries[0];
    expect(Object.keys(selected).sort()).toEqual(['etag', 'id', 'name', 'size', 'tags', 'type']);
    const row = rows('box_files').find((candidate) => candidate.id === selected.id)!;
    expect(selected.size).toBe(row.size);
    expect(selected.tags).toEqual(row.tags);
  });

  it('rejects bad paging and sorting with 400 naming the parameter', () => {
    for (const [query, parameter] of [
      [{ limit: -1 }, 'limit'],
      [{ offset: 'x' }, 'offset'],
      [{ sort: 'colour' }, 'sort'],
      [{ direction: 'UP' }, 'direction'],
    ] as const) {
      const response = get(`/folders/${budgets.id}/items`, query);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('bad_request');
      expect(response.body.message).toContain(parameter);
    }
  });

  it('clamps a limit above the maximum and returns an empty page past the end', () => {
    expect(get(`/folders/${budgets.id}/items`, { limit: 5000 }).body.limit).toBe(1000);
    const past = get(`/folders/${budgets.id}/items`, { offset: 500 }).body;
    expect(past.entries).toEqual([]);
    expect(past.total_count).toBe(childrenInSeed(String(budgets.id)).length);
  });

  it('hides trashed children', () => {
    const plan = fileNamed('Orchard Lane Community Garden cost plan v1.csv', String(budgets.id));
    const { state } = baseState.apply([
      { op: 'update', table: 'box_files', key: { id: plan.id! }, set: { item_status: 'trashed' } },
    ]);
    const ids = get(`/folders/${budgets.id}/items`, undefined, { state }).body.entries.map(
      (entry: Body) => entry.id,
    );
    expect(ids).not.toContain(plan.id);
    expect(ids).toHaveLength(childrenInSeed(String(budgets.id)).length - 1);
    expect(get(`/files/${plan.id}`, undefined, { state }).status).toBe(404);
    expect(get(`/files/${plan.id}/trash`, undefined, { state }).body.item_status).toBe('trashed');
    expect(get(`/files/${plan.id}/trash`).status).toBe(404);
  });

  it('answers 404 for an unknown folder', () => {
    expect(get('/folders/99/items').status).toBe(404);
  });
});

describe('GET /folders/{id}', () => {
  it('gives the path from All Files, the parent and the first page of items', () => {
    const body = get(`/folders/${budgets.id}`).body;
    expect(body.name).toBe('Budgets');
    expect(body.path_collection.entries.map((entry: Body) => entry.name)).toEqual([
      'All Files',
      'Projects',
      'Orchard Lane Community Garden',
    ]);
    expect(body.parent.id).toBe(orchard.id);
    expect(body.item_collection.total_count).toBe(childrenInSeed(String(budgets.id)).length);
    expect(body.owned_by.name).toBe('Marta Kowalczyk');
    expect(body.description).toBe(budgets.description);
  });

  it('describes the root folder', () => {
    const root = get('/folders/0').body;
    expect(root).toMatchObject({
      id: '0',
      name: 'All Files',
      parent: null,
      path_collection: { total_count: 0, entries: [] },
    });
  });
});
