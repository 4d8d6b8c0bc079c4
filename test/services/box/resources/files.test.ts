import { describe, expect, it } from 'vitest';
import { CONTENT_ENCODING_HEADER } from '../../../../src/services/box/resources/files.js';
import { type Body, baseState, fileNamed, folderNamed, get, rows } from '../fixture.js';

const projects = folderNamed('Projects', '0');
const orchard = folderNamed('Orchard Lane Community Garden', String(projects.id));
const budgets = folderNamed('Budgets', String(orchard.id));
const planting = folderNamed('Planting', String(orchard.id));
const costPlan = fileNamed('Orchard Lane Community Garden cost plan v2.csv', String(budgets.id));
const versionsOf = (fileId: unknown) =>
  rows('box_file_versions')
    .filter((row) => row.file_id === fileId)
    .sort((a, b) => Number(a.version_number) - Number(b.version_number));

describe('GET /files/{id}', () => {
  it('describes the file with its current version, owner and path', () => {
    const body = get(`/files/${costPlan.id}`).body;
    const current = versionsOf(costPlan.id).at(-1)!;
    expect(body).toMatchObject({
      type: 'file',
      id: costPlan.id,
      name: costPlan.name,
      size: costPlan.size,
      sha1: costPlan.sha_1,
      item_status: 'active',
    });
    expect(body.file_version).toEqual({
      type: 'file_version',
      id: current.id,
      sha1: current.sha_1,
    });
    expect(body.path_collection.entries.map((entry: Body) => entry.id)).toEqual([
      '0',
      projects.id,
      orchard.id,
      budgets.id,
    ]);
    expect(body.owned_by.login).toBe('marta@fernhill-studio.example');
    expect(body).not.toHaveProperty('tags');
    expect(
      get(`/files/${costPlan.id}`, { fields: 'tags,version_number,comment_count' }).body,
    ).toEqual({
      type: 'file',
      id: costPlan.id,
      etag: costPlan.etag,
      tags: costPlan.tags,
      version_number: costPlan.version_number,
      comment_count: rows('box_comments').filter((row) => row.file_id === costPlan.id).length,
    });
  });
});

describe('GET /files/{id}/content', () => {
  it("returns the current version's text as a string", () => {
    const response = get(`/files/${costPlan.id}/content`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv');
    expect(response.headers[CONTENT_ENCODING_HEADER]).toBeUndefined();
    expect(response.body).toBe(versionsOf(costPlan.id).at(-1)!.content);
  });

  it('returns an earlier version when asked', () => {
    const first = versionsOf(costPlan.id)[0]!;
    expect(get(`/files/${costPlan.id}/content`, { version: String(first.id) }).body).toBe(
      first.content,
    );
    expect(get(`/files/${costPlan.id}/content`, { version: '1' }).status).toBe(404);
  });

  it("serves the version whose sha1 is the file's when two versions carry the current number", () => {
    // A literal replay of an upload on a state that already has that version number leaves
    // two rows numbered alike; the file row's sha1 says which one it points at.
    const current = versionsOf(costPlan.id).at(-1)!;
    const replayed = { ...current, id: '9900000999', sha_1: 'f'.repeat(40), content: 'replayed\n' };
    const { state, errors } = baseState.apply([
      { op: 'insert', table: 'box_file_versions', row: replayed },
      {
        op: 'update',
        table: 'box_files',
        key: { id: String(costPlan.id) },
        set: { sha_1: 'f'.repeat(40) },
      },
    ]);
    expect(errors).toEqual([]);
    expect(get(`/files/${costPlan.id}/content`, undefined, { state }).body).toBe('replayed\n');
    expect(get(`/files/${costPlan.id}/content`).body).toBe(current.content);
  });

  it('returns binary files as base64 with a header saying so', () => {
    const swatch = fileNamed('Mood board swatch.png', String(planting.id));
    const response = get(`/files/${swatch.id}/content`);
    expect(response.headers[CONTENT_ENCODING_HEADER]).toBe('base64');
    const bytes = Buffer.from(response.body as string, 'base64');
    expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
    expect(bytes.length).toBe(swatch.size);
  });
});

describe('GET /files/{id}/versions', () => {
  it('lists the previous versions newest first, not the current one', () => {
    const all = versionsOf(costPlan.id);
    expect(all.length).toBeGreaterThan(2);
    const body = get(`/files/${costPlan.id}/versions`).body;
    expect(body.total_count).toBe(all.length - 1);
    expect(body.entries.map((entry: Body) => entry.id)).toEqual(
      all
        .slice(0, -1)
        .reverse()
        .map((row) => row.id),
    );
    expect(body.entries[0].modified_by.type).toBe('user');
  });
});

describe('GET /files/{id}/comments and /comments/{id}', () => {
  it("lists the file's comments oldest first with authors", () => {
    const expected = rows('box_comments')
      .filter((row) => row.file_id === costPlan.id)
      .sort((a, b) => String(a.created_at).localeCompare(String(b.created_at)));
    expect(expected.length).toBeGreaterThan(1);
    const body = get(`/files/${costPlan.id}/comments`).body;
    expect(body.total_count).toBe(expected.length);
    expect(body.entries.map((entry: Body) => entry.message)).toEqual(
      expected.map((row) => row.message),
    );
    const author = rows('box_users').find((user) => user.id === expected[0]!.created_by_id)!;
    expect(body.entries[0].created_by).toEqual({
      type: 'user',
      id: author.id,
      name: author.name,
      login: author.login,
    });
    expect(get(`/comments/${expected[0]!.id}`).body).toEqual(body.entries[0]);
    expect(get(`/files/${costPlan.id}/comments`, { limit: 1, offset: 1 }).body.entries).toEqual([
      body.entries[1],
    ]);
  });
});

describe('GET /files/{id}/tasks, /tasks/{id}, /tasks/{id}/assignments', () => {
  it('gives each task with its assignees', () => {
    const expected = rows('box_tasks').filter((row) => row.item_id === costPlan.id);
    expect(expected.length).toBeGreaterThan(0);
    const body = get(`/files/${costPlan.id}/tasks`).body;
    expect(body.total_count).toBe(expected.length);
    const task = body.entries[0];
    const assignments = rows('box_task_assignments').filter((row) => row.task_id === task.id);
    expect(
      task.task_assignment_collection.entries.map((entry: Body) => entry.assigned_to.id),
    ).toEqual(assignments.map((row) => row.assigned_to_id));
    expect(task.item).toMatchObject({ type: 'file', id: costPlan.id, name: costPlan.name });
    expect(get(`/tasks/${task.id}`).body).toEqual(task);
    const listed = get(`/tasks/${task.id}/assignments`).body;
    expect(listed).toEqual(task.task_assignment_collection);
    expect(get(`/task_assignments/${listed.entries[0].id}`).body).toEqual(listed.entries[0]);
  });

  it('answers 404 for unknown tasks', () => {
    expect(get('/tasks/42').status).toBe(404);
    expect(get('/tasks/42/assignments').status).toBe(404);
  });
});
