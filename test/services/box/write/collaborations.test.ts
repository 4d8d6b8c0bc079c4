import { describe, expect, it } from 'vitest';
import { baseState, get } from '../fixture.js';
import {
  BOX_ID,
  expectRefusal,
  inserted,
  NOW,
  patchOf,
  priyaDesai,
  priyaRaman,
  stateAfter,
  TEMPLATES,
  withCollaborator,
  write,
} from './helpers.js';

const PROJECTS_RAMAN = '7334537270'; // Priya Raman: editor of Projects (Marta's)
const STUDIO_ADMIN_RAMAN = baseState
  .rows('box_collaborations')
  .find((row) => row.item_id === '5726686940' && row.accessible_by_id === priyaRaman.id)!
  .id as string;

describe('POST /collaborations', () => {
  it('inserts an accepted collaboration for a user of the owner’s enterprise; the item becomes visible', () => {
    expect(get(`/folders/${TEMPLATES}`, undefined, { actor: priyaDesai }).status).toBe(404);
    const result = write({
      method: 'POST',
      path: '/collaborations',
      body: {
        item: { type: 'folder', id: TEMPLATES },
        accessible_by: { type: 'user', login: 'priya.desai@fernhill-studio.example' },
        role: 'viewer',
      },
    });
    const [row] = inserted(patchOf(result), 'box_collaborations');
    expect(row).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'collaboration',
      item_id: TEMPLATES,
      item_type: 'folder',
      accessible_by_id: priyaDesai.id,
      role: 'viewer',
      status: 'accepted',
      created_by_id: '20417350118',
      created_at: NOW,
      modified_at: NOW,
    });
    const state = stateAfter(result);
    expect(
      get(`/folders/${TEMPLATES}`, { fields: 'permissions' }, { state, actor: priyaDesai }).body
        .permissions,
    ).toMatchObject({
      can_rename: false,
      can_download: true,
    });
    if (result.ok)
      expect(result.response).toMatchObject({
        type: 'collaboration',
        role: 'viewer',
        accessible_by: { id: priyaDesai.id },
      });
  });

  it('is refused 403 for a previewer inviting, and for a viewer making a co-owner', () => {
    const state = withCollaborator('previewer');
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/collaborations',
          body: {
            item: { type: 'folder', id: TEMPLATES },
            accessible_by: { id: priyaRaman.id },
            role: 'viewer',
          },
        },
        { actor: priyaDesai, state },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/collaborations',
          body: {
            item: { type: 'folder', id: TEMPLATES },
            accessible_by: { id: priyaDesai.id },
            role: 'co-owner',
          },
        },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
  });

  it('refuses Box’s validation cases: root, an existing collaborator, an unknown role', () => {
    const body = (item: unknown, role = 'viewer', who: unknown = { id: priyaDesai.id }) => ({
      method: 'POST',
      path: '/collaborations',
      body: { item, accessible_by: who, role },
    });
    expectRefusal(
      write(body({ type: 'folder', id: '0' })),
      400,
      'collaborations_not_available_on_root_folder',
    );
    expectRefusal(
      write(body({ type: 'folder', id: '2576919135' })),
      400,
      'user_already_collaborator',
    );
    expectRefusal(write(body({ type: 'folder', id: TEMPLATES }, 'admin')), 400, 'bad_request');
  });
});

describe('PUT /collaborations/:id', () => {
  it('changes a role and stamps modified_at', () => {
    const result = write({
      method: 'PUT',
      path: `/collaborations/${PROJECTS_RAMAN}`,
      body: { role: 'viewer' },
    });
    expect(patchOf(result)).toEqual([
      {
        op: 'update',
        table: 'box_collaborations',
        key: { id: PROJECTS_RAMAN },
        set: { role: 'viewer', modified_at: NOW },
      },
    ]);
    const state = stateAfter(result);
    expect(
      get('/folders/2576919135', { fields: 'permissions' }, { state, actor: priyaRaman }).body
        .permissions.can_rename,
    ).toBe(false);
  });

  it('is refused 403 for a collaborator changing their own role, 400 invalid_status when not pending', () => {
    expectRefusal(
      write(
        { method: 'PUT', path: `/collaborations/${PROJECTS_RAMAN}`, body: { role: 'co-owner' } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write(
        { method: 'PUT', path: `/collaborations/${PROJECTS_RAMAN}`, body: { status: 'accepted' } },
        { actor: priyaRaman },
      ),
      400,
      'invalid_status',
    );
  });
});

describe('DELETE /collaborations/:id', () => {
  it('lets the owner remove a collaborator, who loses sight of the folder', () => {
    const result = write({ method: 'DELETE', path: `/collaborations/${STUDIO_ADMIN_RAMAN}` });
    expect(patchOf(result)).toEqual([
      { op: 'delete', table: 'box_collaborations', key: { id: STUDIO_ADMIN_RAMAN } },
    ]);
    const state = stateAfter(result);
    expect(get(`/folders/${TEMPLATES}`, undefined, { state, actor: priyaRaman }).status).toBe(404);
  });

  it('lets a collaborator leave, refuses another viewer’s removal with 403', () => {
    expect(
      patchOf(
        write(
          { method: 'DELETE', path: `/collaborations/${STUDIO_ADMIN_RAMAN}` },
          { actor: priyaRaman },
        ),
      ),
    ).toHaveLength(1);
    const state = withCollaborator('viewer');
    const desai = state
      .rows('box_collaborations')
      .find((row) => row.accessible_by_id === priyaDesai.id && row.item_id === TEMPLATES)!;
    // Priya Raman sees Templates as a viewer (through Studio Admin): she cannot remove Priya Desai.
    expectRefusal(
      write(
        { method: 'DELETE', path: `/collaborations/${desai.id}` },
        { actor: priyaRaman, state },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
  });
});
