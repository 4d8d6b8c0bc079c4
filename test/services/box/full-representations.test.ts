import { describe, expect, it } from 'vitest';
import { folderNamed, get, marta, rows, userNamed } from './fixture.js';

const priya = userNamed('Priya Raman');
const studioAdmin = folderNamed('Studio Admin');
const projects = folderNamed('Projects');
const PERMISSIONS = 'permissions,allowed_invitee_roles,lock,extension,uploader_display_name';

describe('full representations asked with fields=', () => {
  it("derive folder permissions from the caller's role: owner, editor, viewer", () => {
    const owner = get(`/folders/${studioAdmin.id}`, { fields: 'permissions' }).body;
    expect(owner).toEqual({
      type: 'folder',
      id: studioAdmin.id,
      etag: studioAdmin.etag,
      permissions: expect.objectContaining({ can_delete: true, can_set_share_access: true }),
    });
    // Priya is a viewer on Studio Admin and an editor on Projects (see the collaborations).
    const viewer = get(
      `/folders/${studioAdmin.id}`,
      { fields: 'permissions,allowed_invitee_roles' },
      { actor: priya },
    ).body;
    expect(viewer.permissions).toEqual({
      can_delete: false,
      can_download: true,
      can_invite_collaborator: true,
      can_rename: false,
      can_set_share_access: false,
      can_share: true,
      can_upload: false,
    });
    const editor = get(`/folders/${projects.id}`, { fields: 'permissions' }, { actor: priya }).body;
    expect(editor.permissions).toMatchObject({
      can_delete: true,
      can_upload: true,
      can_rename: true,
    });
  });

  it('give a file with its uploader, no lock, and the default fields when none are asked', () => {
    const file =
      rows('box_files').find((row) => row.parent_id === studioAdmin.id) ?? rows('box_files')[0]!;
    const full = get(`/files/${file.id}`, { fields: PERMISSIONS }).body;
    const uploader = rows('box_users').find(
      (row) => row.id === (file.modified_by_id ?? file.created_by_id),
    );
    expect(full.lock).toBeNull();
    expect(full.uploader_display_name).toBe(uploader?.name);
    expect(full.permissions.can_view_annotations_self).toBe(true);
    const standard = get(`/files/${file.id}`).body;
    expect(standard).not.toHaveProperty('permissions');
    expect(standard).toHaveProperty('path_collection');
  });

  it('answer the user full fields (role, enterprise) only when asked', () => {
    const me = get('/users/me', { fields: 'role,enterprise,can_see_managed_users' }).body;
    expect(me).toEqual({
      type: 'user',
      id: marta.id,
      role: 'user',
      can_see_managed_users: false,
      enterprise: {
        type: 'enterprise',
        id: expect.stringMatching(/^\d{9}$/),
        name: 'fernhill-studio.example',
      },
    });
    expect(get('/users/me').body).toMatchObject({ notification_email: null });
    expect(get('/users/me').body).not.toHaveProperty('role');
  });
});

describe('errors and paging edges', () => {
  it('a 404 names the missing parameter in context_info, as Box does', () => {
    const { status, body } = get('/files/404404');
    expect(status).toBe(404);
    expect(body).toMatchObject({
      type: 'error',
      status: 404,
      code: 'not_found',
      message: 'Not Found',
      context_info: {
        errors: [
          {
            reason: 'invalid_parameter',
            name: 'file',
            message: "Invalid value '404404'. 'file' with value '404404' not found",
          },
        ],
      },
    });
    expect(get('/folders/404404').body.context_info.errors[0].name).toBe('folder');
  });

  it('an offset past the end is 200 with no entries; past 9,999 it is a 400', () => {
    const past = get(`/folders/${projects.id}/items`, { offset: 500 });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ entries: [], offset: 500 });
    expect(past.body.total_count).toBeGreaterThan(0);
    const beyond = get(`/folders/${projects.id}/items`, { offset: 10000 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toMatch(/maximum offset of 9999/);
  });
});
