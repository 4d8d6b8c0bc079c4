import { createHash } from 'node:crypto';
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

const ORCHARD = '1483636322';
const BRIEFS = '9467507007';
const BUDGETS = '5708579725';
const TEMPLATES = '5490953068'; // Priya Raman: viewer
const BRIEF = '9798917088'; // version_number "2", sequence_id "1"
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe('POST /files/content', () => {
  it('inserts the file and its first version, owned by the folder’s owner', () => {
    const content = '# Handover\n\nKeys with the caretaker.\n';
    const result = write(
      {
        method: 'POST',
        path: '/files/content',
        body: { attributes: { name: 'Handover.md', parent: { id: BRIEFS } }, content },
      },
      { actor: priyaDesai },
    );
    const patch = patchOf(result);
    const [file] = inserted(patch, 'box_files');
    const [version] = inserted(patch, 'box_file_versions');
    expect(file).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'file',
      name: 'Handover.md',
      parent_id: BRIEFS,
      created_at: NOW,
      modified_at: NOW,
      created_by_id: priyaDesai.id,
      modified_by_id: priyaDesai.id,
      owned_by_id: marta.id,
      size: 37,
      extension: 'md',
      sha_1: sha1(content),
      version_number: '1',
      comment_count: 0,
      item_status: 'active',
      sequence_id: '0',
      etag: '0',
      description: '',
      tags: [],
    });
    expect(version).toEqual({
      id: expect.stringMatching(BOX_ID),
      type: 'file_version',
      file_id: file!.id,
      sha_1: sha1(content),
      name: 'Handover.md',
      size: 37,
      created_at: NOW,
      modified_at: NOW,
      modified_by_id: priyaDesai.id,
      version_number: '1',
      content,
      content_encoding: 'utf8',
    });
    expect(patch).toHaveLength(2);
    const state = stateAfter(result);
    const read = get(`/files/${file!.id}/content`, undefined, { state, actor: priyaDesai });
    expect(read.body).toBe(content);
    if (result.ok) {
      expect(result.status).toBe(201);
      expect(result.response).toMatchObject({
        total_count: 1,
        entries: [{ id: file!.id, file_version: { id: version!.id } }],
      });
    }
  });

  it('is refused 403 for a viewer of the folder', () => {
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/files/content',
          body: { attributes: { name: 'x.md', parent: { id: TEMPLATES } }, content: 'x' },
        },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
  });

  it('refuses a missing attributes part, a missing content and a name in use', () => {
    expectRefusal(
      write({ method: 'POST', path: '/files/content', body: { content: 'x' } }),
      400,
      'bad_request',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: '/files/content',
        body: { attributes: { name: 'x.md', parent: { id: BRIEFS } } },
      }),
      400,
      'bad_request',
    );
    const name = String(baseState.get('box_files', { id: BRIEF })!.name);
    const body = expectRefusal(
      write({
        method: 'POST',
        path: '/files/content',
        body: { attributes: { name, parent: { id: BRIEFS } }, content: 'x' },
      }),
      409,
      'item_name_in_use',
    );
    expect(body.context_info.conflicts).toEqual([
      expect.objectContaining({ type: 'file', id: BRIEF }),
    ]);
  });
});

describe('POST /files/:id/content', () => {
  it('adds version 3 and makes it current', () => {
    const result = write({
      method: 'POST',
      path: `/files/${BRIEF}/content`,
      body: { content: 'v3' },
    });
    const patch = patchOf(result);
    const [version] = inserted(patch, 'box_file_versions');
    expect(version).toMatchObject({
      file_id: BRIEF,
      version_number: '3',
      sha_1: sha1('v3'),
      size: 2,
      content: 'v3',
    });
    expect(patch[1]).toEqual({
      op: 'update',
      table: 'box_files',
      key: { id: BRIEF },
      set: {
        size: 2,
        sha_1: sha1('v3'),
        version_number: '3',
        modified_at: NOW,
        content_modified_at: NOW,
        modified_by_id: marta.id,
        sequence_id: '2',
        etag: '2',
      },
    });
    const state = stateAfter(result);
    expect(get(`/files/${BRIEF}/content`, undefined, { state }).body).toBe('v3');
    expect(get(`/files/${BRIEF}/versions`, undefined, { state }).body.total_count).toBe(2);
  });

  it('is refused 403 for a viewer and 400 without content', () => {
    expectRefusal(
      write(
        { method: 'POST', path: '/files/5656050396/content', body: { content: 'x' } },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'POST', path: `/files/${BRIEF}/content`, body: {} }),
      400,
      'bad_request',
    );
  });
});

describe('POST /files/:id/copy', () => {
  it('inserts a new file with one version holding the current bytes', () => {
    const source = baseState.get('box_files', { id: BRIEF })!;
    const result = write({
      method: 'POST',
      path: `/files/${BRIEF}/copy`,
      body: { parent: { id: BUDGETS } },
    });
    const patch = patchOf(result);
    const [file] = inserted(patch, 'box_files');
    expect(file).toEqual({
      ...source,
      id: expect.stringMatching(BOX_ID),
      parent_id: BUDGETS,
      created_at: NOW,
      modified_at: NOW,
      created_by_id: marta.id,
      modified_by_id: marta.id,
      owned_by_id: marta.id,
      content_created_at: source.created_at,
      content_modified_at: source.modified_at,
      version_number: '1',
      comment_count: 0,
      sequence_id: '0',
      etag: '0',
    });
    const state = stateAfter(result);
    expect(get(`/files/${file!.id}/content`, undefined, { state }).body).toBe(
      get(`/files/${BRIEF}/content`).body,
    );
  });

  it('is refused 403 for a viewer copying into a folder they only view, 409 onto its own name', () => {
    expectRefusal(
      write(
        {
          method: 'POST',
          path: '/files/5656050396/copy',
          body: { parent: { id: TEMPLATES }, name: 'Copy.md' },
        },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({ method: 'POST', path: `/files/${BRIEF}/copy`, body: { parent: { id: BRIEFS } } }),
      409,
      'item_name_in_use',
    );
    expectRefusal(
      write({ method: 'POST', path: `/files/${BRIEF}/copy`, body: {} }),
      400,
      'bad_request',
    );
  });
});

describe('POST /folders/:id/copy', () => {
  it('copies the folder and everything active below it', () => {
    const result = write({
      method: 'POST',
      path: `/folders/${BRIEFS}/copy`,
      body: { parent: { id: ORCHARD }, name: 'Briefs (copy)' },
    });
    const patch = patchOf(result);
    const files = baseState.rows('box_files').filter((row) => row.parent_id === BRIEFS);
    const [folder] = inserted(patch, 'box_folders');
    expect(folder).toMatchObject({
      name: 'Briefs (copy)',
      parent_id: ORCHARD,
      created_at: NOW,
      sequence_id: '0',
    });
    expect(inserted(patch, 'box_files').map((row) => [row.name, row.parent_id])).toEqual(
      files.map((row) => [row.name, folder!.id]),
    );
    expect(inserted(patch, 'box_file_versions')).toHaveLength(files.length);
    const state = stateAfter(result);
    expect(get(`/folders/${folder!.id}/items`, undefined, { state }).body.total_count).toBe(
      files.length,
    );
  });

  it('is refused 403 for a viewer of the destination and 400 into its own subtree', () => {
    expectRefusal(
      write(
        {
          method: 'POST',
          path: `/folders/${TEMPLATES}/copy`,
          body: { parent: { id: TEMPLATES }, name: 'T2' },
        },
        { actor: priyaRaman },
      ),
      403,
      'access_denied_insufficient_permissions',
    );
    expectRefusal(
      write({
        method: 'POST',
        path: `/folders/${ORCHARD}/copy`,
        body: { parent: { id: BRIEFS }, name: 'Loop' },
      }),
      400,
      'bad_request',
    );
  });
});
