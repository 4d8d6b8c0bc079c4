import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../src/schema/json.js';
import { BoxVisibility } from '../../../../src/services/box/permissions.js';
import { BoxStore } from '../../../../src/services/box/store.js';
import { type Body, baseState, folderNamed, get, marta, rows } from '../fixture.js';

const visibility = new BoxVisibility(new BoxStore(baseState), marta);
const visibleFiles = rows('box_files').filter((row) => visibility.file(row));
const projects = folderNamed('Projects', '0');
const orchard = folderNamed('Orchard Lane Community Garden', String(projects.id));

function searchAll(query: Record<string, string | number>): Body[] {
  const entries: Body[] = [];
  for (let offset = 0; ; offset += 25) {
    const page = get('/search', { ...query, limit: 25, offset });
    expect(page.status).toBe(200);
    entries.push(...page.body.entries);
    if (offset + 25 >= page.body.total_count) return entries;
  }
}

const ids = (entries: readonly (Body | Row)[]) => entries.map((entry) => String(entry.id)).sort();

describe('GET /search', () => {
  it('finds by name every visible file and folder containing all the words', () => {
    const expected = [...rows('box_folders'), ...visibleFiles].filter((row) => {
      const name = String(row.name).toLowerCase();
      return (
        name.includes('cost') &&
        name.includes('plan') &&
        row.id !== '0' &&
        (row.type === 'file' || visibility.folder(row))
      );
    });
    expect(expected.length).toBeGreaterThan(10);
    const found = searchAll({ query: 'plan COST', content_types: 'name' });
    expect(ids(found)).toEqual(ids(expected));
  });

  it('never returns items the actor cannot see', () => {
    const hidden = rows('box_files').filter((row) => !visibility.file(row));
    expect(hidden.length).toBeGreaterThan(0);
    for (const file of hidden) {
      const found = searchAll({ query: String(file.name), content_types: 'name' });
      expect(ids(found)).not.toContain(String(file.id));
    }
  });

  it('filters by type, extension and ancestor folder', () => {
    const orchardIds = new Set([
      String(orchard.id),
      ...rows('box_folders')
        .filter((row) => row.parent_id === orchard.id)
        .map((row) => String(row.id)),
    ]);
    const expected = visibleFiles.filter(
      (row) =>
        String(row.extension) === 'csv' &&
        orchardIds.has(String(row.parent_id)) &&
        String(row.name).toLowerCase().includes('levels'),
    );
    expect(expected.length).toBeGreaterThan(1);
    const found = searchAll({
      query: 'levels',
      type: 'file',
      file_extensions: 'csv',
      ancestor_folder_ids: String(orchard.id),
    });
    expect(ids(found)).toEqual(ids(expected));
    expect(
      searchAll({ query: 'Orchard Lane', type: 'folder' }).every(
        (entry) => entry.type === 'folder',
      ),
    ).toBe(true);
  });

  it('searches file contents and matches exact phrases', () => {
    const phrase = 'standing water after rain';
    const expected = visibleFiles.filter((file) => {
      const version = rows('box_file_versions').find(
        (row) => row.file_id === file.id && row.version_number === file.version_number,
      );
      return String(version?.content ?? '')
        .toLowerCase()
        .includes(phrase);
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(searchAll({ query: `"${phrase}"`, content_types: 'file_content' }))).toEqual(
      ids(expected),
    );
    expect(searchAll({ query: `"${phrase}"`, content_types: 'name' })).toEqual([]);
  });

  it('requires a query and validates its filters', () => {
    expect(get('/search').status).toBe(400);
    expect(get('/search', { query: 'x', type: 'doc' }).body.message).toContain('type');
    expect(get('/search', { query: 'x', content_types: 'colour' }).body.message).toContain(
      'content_types',
    );
    expect(get('/search', { query: 'plan', limit: 900 }).body.limit).toBe(200);
  });
});
