import { describe, expect, it } from 'vitest';
import { baseState, get } from '../fixture.js';
import {
  CLOCK,
  expectRefusal,
  patchOf,
  priyaRaman,
  runSequence,
  stateAfter,
  write,
} from './helpers.js';

const BRIEFS = '9467507007';
const BRIEF = '9798917088'; // in Briefs, sequence_id "1"
const TEMPLATE = '5656050396'; // Studio Admin/Templates: Priya Raman is a viewer
const NOW = '2026-03-10T10:00:00+00:00';
const PURGE = '2026-04-09T10:00:00+00:00'; // 30 days later

describe('DELETE /files/:id', () => {
  it('moves the file to the trash: item_status, trashed_at, purged_at, sequence_id and etag', () => {
    const result = write({ method: 'DELETE', path: `/files/${BRIEF}` });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_files',
        key: { id: BRIEF },
        set: {
          item_status: 'trashed',
          trashed_at: NOW,
          purged_at: PURGE,
          sequence_id: '2',
          etag: '2',
        },
      },
    ]);
    if (result.ok) expect([result.status, result.response]).toEqual([204, null]);
    const state = stateAfter(result);
    expect(get(`/files/${BRIEF}`, undefined, { state }).status).toBe(404);
    expect(get(`/files/${BRIEF}/trash`, undefined, { state }).body).toMatchObject({
      item_status: 'trashed',
      trashed_at: NOW,
      purged_at: PURGE,
    });
    expect(CLOCK.start).toBe('2026-03-10T10:00:00Z');
  });

  it('is refused 403 for a viewer, 404 trashed once in the trash', () => {
    expectRefusal(
      write({ method: 'DELETE', path: `/files/${TEMPLATE}` }, { actor: priyaRaman }),
      403,
      'access_denied_insufficient_permissions',
    );
    const trashed = stateAfter(write({ method: 'DELETE', path: `/files/${BRIEF}` }));
    expectRefusal(
      write({ method: 'DELETE', path: `/files/${BRIEF}` }, { state: trashed }),
      404,
      'trashed',
    );
  });
});

describe('DELETE /folders/:id', () => {
  it('needs recursive=true for a non-empty folder, and then trashes everything below it', () => {
    expectRefusal(write({ method: 'DELETE', path: `/folders/${BRIEFS}` }), 400, 'folder_not_empty');
    const result = write({
      method: 'DELETE',
      path: `/folders/${BRIEFS}`,
      query: { recursive: 'true' },
    });
    const patch = patchOf(result);
    const children = baseState.rows('box_files').filter((row) => row.parent_id === BRIEFS);
    expect(children.length).toBeGreaterThan(0);
    expect(patch[0]).toEqual({
      op: 'update',
      table: 'box_folders',
      key: { id: BRIEFS },
      set: {
        item_status: 'trashed',
        trashed_at: NOW,
        purged_at: PURGE,
        sequence_id: '1',
        etag: '1',
      },
    });
    expect(patch.slice(1)).toEqual(
      children.map((row) => ({
        op: 'update',
        table: 'box_files',
        key: { id: row.id },
        set: { item_status: 'trashed', trashed_at: NOW, purged_at: PURGE },
      })),
    );
    const state = stateAfter(result);
    expect(get(`/files/${BRIEF}`, undefined, { state }).status).toBe(404);
  });

  it('is refused 403 for a viewer and for the root', () => {
    expectRefusal(
      write(
        { method: 'DELETE', path: '/folders/5490953068', query: { recursive: true } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'DELETE', path: '/folders/0' }),
      403,
      'access_denied_insufficient_permissions',
    );
  });
});

describe('POST /files/:id and /folders/:id (restore)', () => {
  it('brings a file back where it was', () => {
    const trashed = stateAfter(write({ method: 'DELETE', path: `/files/${BRIEF}` }));
    const result = write({ method: 'POST', path: `/files/${BRIEF}` }, { state: trashed });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_files',
        key: { id: BRIEF },
        set: {
          item_status: 'active',
          trashed_at: null,
          purged_at: null,
          sequence_id: '3',
          etag: '3',
        },
      },
    ]);
    if (result.ok) expect(result.status).toBe(201);
    const state = stateAfter(result, trashed);
    expect(get(`/files/${BRIEF}`, undefined, { state }).body).toMatchObject({
      item_status: 'active',
      parent: { id: BRIEFS },
    });
  });

  it('restores a folder with what was trashed with it, not what was trashed before', () => {
    const [first, second, ...rest] = baseState
      .rows('box_files')
      .filter((row) => row.parent_id === BRIEFS);
    const trashed = runSequence([
      { method: 'DELETE', path: `/files/${first!.id}` },
      { method: 'DELETE', path: `/folders/${BRIEFS}`, query: { recursive: 'true' } },
    ]);
    expect(trashed.get('box_files', { id: String(first!.id) })!.trashed_at).toBe(NOW);
    expect(trashed.get('box_files', { id: String(second!.id) })!.trashed_at).toBe(
      '2026-03-10T10:01:00+00:00',
    );
    const result = write({ method: 'POST', path: `/folders/${BRIEFS}` }, { state: trashed });
    const cleared = { item_status: 'active', trashed_at: null, purged_at: null };
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_folders',
        key: { id: BRIEFS },
        set: { ...cleared, sequence_id: '2', etag: '2' },
      },
      ...[second!, ...rest].map((row) => ({
        op: 'update',
        table: 'box_files',
        key: { id: row.id },
        set: cleared,
      })),
    ]);
    const state = stateAfter(result, trashed);
    expect(get(`/files/${second!.id}`, undefined, { state }).status).toBe(200);
    expect(get(`/files/${first!.id}`, undefined, { state }).status).toBe(404);
  });

  it('is refused 404 not_trashed for an active item, 403 for a viewer, 409 when the name was taken', () => {
    expectRefusal(write({ method: 'POST', path: `/files/${BRIEF}` }), 404, 'not_trashed');
    const trashedByMarta = stateAfter(write({ method: 'DELETE', path: '/files/6016072973' }));
    // Staff roster 2026.csv, in Rosters (Studio Admin): Priya Raman sees it as a viewer.
    expectRefusal(
      write(
        { method: 'POST', path: '/files/6016072973' },
        { state: trashedByMarta, actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    const trashed = stateAfter(write({ method: 'DELETE', path: `/files/${BRIEF}` }));
    const name = String(baseState.get('box_files', { id: BRIEF })!.name);
    const reused = stateAfter(
      write(
        {
          method: 'POST',
          path: '/files/content',
          body: { attributes: { name, parent: { id: BRIEFS } }, content: 'new' },
        },
        { state: trashed },
      ),
      trashed,
    );
    expectRefusal(
      write({ method: 'POST', path: `/files/${BRIEF}` }, { state: reused }),
      409,
      'item_name_in_use',
    );
    expect(
      patchOf(
        write(
          { method: 'POST', path: `/files/${BRIEF}`, body: { name: 'Brief (old).md' } },
          { state: reused },
        ),
      ),
    ).toHaveLength(1);
  });
});

describe('DELETE /files/:id/trash and /folders/:id/trash', () => {
  it('purges a trashed file with its versions and comments', () => {
    const file = '4498643102'; // Greenbank Trees availability.csv: one comment
    const trashed = stateAfter(write({ method: 'DELETE', path: `/files/${file}` }));
    const result = write({ method: 'DELETE', path: `/files/${file}/trash` }, { state: trashed });
    const patch = patchOf(result);
    const versions = baseState.rows('box_file_versions').filter((row) => row.file_id === file);
    const comments = baseState.rows('box_comments').filter((row) => row.file_id === file);
    expect(comments).toHaveLength(1);
    expect(patch).toEqual([
      ...comments.map((row) => ({ op: 'delete', table: 'box_comments', key: { id: row.id } })),
      ...versions.map((row) => ({ op: 'delete', table: 'box_file_versions', key: { id: row.id } })),
      { op: 'delete', table: 'box_files', key: { id: file } },
    ]);
    const state = stateAfter(result, trashed);
    expect(state.get('box_files', { id: file })).toBeUndefined();
  });

  it('is refused 404 not_trashed for an active item and 403 for a viewer', () => {
    expectRefusal(write({ method: 'DELETE', path: `/files/${BRIEF}/trash` }), 404, 'not_trashed');
    const trashed = stateAfter(write({ method: 'DELETE', path: `/files/${TEMPLATE}` }));
    expectRefusal(
      write(
        { method: 'DELETE', path: `/files/${TEMPLATE}/trash` },
        { state: trashed, actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expect(
      patchOf(write({ method: 'DELETE', path: `/files/${TEMPLATE}/trash` }, { state: trashed })),
    ).toContainEqual({ op: 'delete', table: 'box_files', key: { id: TEMPLATE } });
  });
});
