import { describe, expect, it } from 'vitest';
import { baseState, get, marta } from '../fixture.js';
import {
  BOX_ID,
  expectRefusal,
  inserted,
  NOW,
  patchOf,
  priyaDesai,
  priyaRaman,
  stateAfter,
  write,
} from './helpers.js';

const ORCHARD = '1483636322'; // Projects/Orchard Lane Community Garden, Marta's
const BRIEFS = '9467507007'; // Orchard Lane/Briefs
const BUDGETS = '5708579725'; // Orchard Lane/Budgets
const TEMPLATES = '5490953068'; // Studio Admin/Templates: Priya Raman is a viewer there
const BRIEF = '9798917088'; // Briefs/"Orchard Lane Community Garden - client brief.md"

describe('POST /folders', () => {
  it('inserts the folder with the stamps Box writes, owned by the parent’s owner', () => {
    const result = write(
      { method: 'POST', path: '/folders', body: { name: 'Handover', parent: { id: ORCHARD } } },
      { actor: priyaDesai },
    );
    const patch = patchOf(result);
    expect(patch).toHaveLength(1);
    const [row] = inserted(patch, 'box_folders');
    expect(row).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'folder',
      name: 'Handover',
      parent_id: ORCHARD,
      created_at: NOW,
      modified_at: NOW,
      created_by_id: priyaDesai.id,
      modified_by_id: priyaDesai.id,
      owned_by_id: marta.id,
      description: '',
      item_status: 'active',
      size: 0,
      sequence_id: '0',
      etag: '0',
      tags: [],
    });
    if (!result.ok) return;
    expect(result.status).toBe(201);
    const state = stateAfter(result);
    const read = get(`/folders/${row!.id}`, undefined, { state, actor: priyaDesai });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Handover', parent: { id: ORCHARD }, etag: '0' });
    expect(result.response).toEqual(read.body);
  });

  it('is refused 403 for a viewer of the parent', () => {
    const body = expectRefusal(
      write(
        { method: 'POST', path: '/folders', body: { name: 'Drafts', parent: { id: TEMPLATES } } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expect(body.message).toContain('viewer');
  });

  it('is refused 404 for a parent the actor cannot see', () => {
    expectRefusal(
      write(
        { method: 'POST', path: '/folders', body: { name: 'Drafts', parent: { id: TEMPLATES } } },
        { actor: priyaDesai },
      ),
      404,
      'not_found',
    );
  });

  it('refuses names Box refuses: invalid, too long, in use (case-blind, with the conflict)', () => {
    const create = (name: string) =>
      write({ method: 'POST', path: '/folders', body: { name, parent: { id: ORCHARD } } });
    expectRefusal(create('a/b'), 400, 'item_name_invalid');
    expectRefusal(create('trailing '), 400, 'item_name_invalid');
    expectRefusal(create('x'.repeat(256)), 400, 'item_name_too_long');
    const body = expectRefusal(create('briefs'), 409, 'item_name_in_use');
    expect(body.context_info.conflicts).toEqual([
      expect.objectContaining({ type: 'folder', id: BRIEFS, name: 'Briefs' }),
    ]);
    expectRefusal(
      write({ method: 'POST', path: '/folders', body: { name: 'No parent' } }),
      400,
      'bad_request',
    );
  });
});

describe('PUT /files/:id', () => {
  it('renames, moves, describes and tags, bumping modified stamps, sequence_id and etag', () => {
    const before = baseState.get('box_files', { id: BRIEF })!;
    const result = write({
      method: 'PUT',
      path: `/files/${BRIEF}`,
      body: {
        name: 'Client brief.md',
        parent: { id: BUDGETS },
        description: 'Issued',
        tags: ['brief'],
      },
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_files',
        key: { id: BRIEF },
        set: {
          name: 'Client brief.md',
          description: 'Issued',
          tags: ['brief'],
          parent_id: BUDGETS,
          modified_at: NOW,
          modified_by_id: marta.id,
          sequence_id: '2',
          etag: '2',
        },
      },
    ]);
    expect(before.sequence_id).toBe('1');
    const state = stateAfter(result);
    const read = get(`/files/${BRIEF}`, undefined, { state });
    expect(read.body).toMatchObject({
      name: 'Client brief.md',
      parent: { id: BUDGETS },
      etag: '2',
    });
  });

  it('is refused 403 when a viewer renames', () => {
    expectRefusal(
      write(
        { method: 'PUT', path: '/files/5656050396', body: { name: 'Notes template.md' } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
  });

  it('refuses a stale If-Match with 412 and a clash in the destination with 409', () => {
    expectRefusal(
      write({
        method: 'PUT',
        path: `/files/${BRIEF}`,
        headers: { 'if-match': '0' },
        body: { name: 'Other.md' },
      }),
      412,
      'precondition_failed',
    );
    const briefs = baseState.rows('box_files').filter((row) => row.parent_id === BRIEFS);
    const other = briefs.find((row) => row.id !== BRIEF)!;
    expectRefusal(
      write({
        method: 'PUT',
        path: `/files/${BRIEF}`,
        body: { name: String(other.name).toUpperCase() },
      }),
      409,
      'item_name_in_use',
    );
  });
});

describe('PUT /folders/:id', () => {
  it('moves a folder and writes the stamps', () => {
    const result = write({
      method: 'PUT',
      path: `/folders/${BUDGETS}`,
      body: { parent: { id: BRIEFS } },
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_folders',
        key: { id: BUDGETS },
        set: {
          parent_id: BRIEFS,
          modified_at: NOW,
          modified_by_id: marta.id,
          sequence_id: '1',
          etag: '1',
        },
      },
    ]);
    const state = stateAfter(result);
    expect(get(`/folders/${BUDGETS}`, undefined, { state }).body.parent.id).toBe(BRIEFS);
  });

  it('is refused 403 for a viewer and 400 cyclical_folder_structure into its own subtree', () => {
    expectRefusal(
      write(
        { method: 'PUT', path: `/folders/${TEMPLATES}`, body: { name: 'Tpl' } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'PUT', path: `/folders/${ORCHARD}`, body: { parent: { id: BRIEFS } } }),
      400,
      'cyclical_folder_structure',
    );
    expectRefusal(
      write({ method: 'PUT', path: '/folders/0', body: { name: 'Root' } }),
      403,
      'access_denied_insufficient_permissions',
    );
  });
});

describe('routing', () => {
  it('answers 405 for a write it does not model and 400 for a body that is not an object', () => {
    expectRefusal(write({ method: 'PUT', path: '/users/1' }), 405, 'method_not_allowed');
    expectRefusal(write({ method: 'POST', path: '/folders', body: [1] }), 400, 'bad_request');
  });

  it('draws the same ids for the same stream (regenerating is byte-identical)', () => {
    const call = {
      method: 'POST',
      path: '/folders',
      body: { name: 'Handover', parent: { id: ORCHARD } },
    };
    expect(patchOf(write(call))).toEqual(patchOf(write(call)));
    expect(patchOf(write(call, { stream: 'another' }))).not.toEqual(patchOf(write(call)));
  });
});
