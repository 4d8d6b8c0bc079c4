import { describe, expect, it } from 'vitest';
import type { Row } from '../../../src/schema/json.js';
import type { ApiRequest } from '../../../src/services/api.js';
import { BoxReadExposure } from '../../../src/services/box/read-exposure.js';
import { readOperations } from '../../../src/services/box/routes.js';
import { checkExposure, type Probe } from '../read-exposure/support.js';
import { baseState, call, marta } from './fixture.js';

const get = (path: string, query: Record<string, string | number> = {}): ApiRequest => ({
  method: 'GET',
  path,
  query,
});

const ITEM_FIELDS =
  'id,type,name,description,tags,size,parent,path_collection,created_by,modified_by,owned_by,created_at,modified_at,trashed_at,item_status,sha1,file_version,version_number,comment_count,extension,etag,sequence_id';

/** Rows Marta can open: active items she owns or that are shared with her (the probes' targets). */
const active = (rows: (table: string) => readonly Row[], table: string) =>
  rows(table).filter((row) => row.item_status !== 'trashed' && row.owned_by_id === marta.id);
const trashed = (rows: (table: string) => readonly Row[], table: string) =>
  rows(table).filter((row) => row.item_status === 'trashed');
const ids = (found: readonly Row[]) => found.map((row) => String(row.id));

/** How the test calls each read operation of the router on the built-in seed, as Marta. */
const PROBES: Record<string, Probe> = {
  'GET /users/me': () =>
    get('/users/me', { fields: 'id,name,login,job_title,status,role,created_at,modified_at' }),
  'GET /users/{user_id}': (rows) =>
    ids(rows('box_users')).map((id) =>
      get(`/users/${id}`, { fields: 'id,name,login,job_title,status,role,created_at,modified_at' }),
    ),
  'GET /users': () =>
    get('/users', {
      limit: 1000,
      fields: 'id,name,login,job_title,status,role,created_at,modified_at',
    }),
  'GET /folders/{folder_id}': (rows) =>
    ids(active(rows, 'box_folders')).map((id) => get(`/folders/${id}`, { fields: ITEM_FIELDS })),
  'GET /folders/{folder_id}/items': (rows) =>
    ['0', ...ids(active(rows, 'box_folders'))].map((id) =>
      get(`/folders/${id}/items`, { limit: 1000, fields: ITEM_FIELDS }),
    ),
  'GET /folders/{folder_id}/trash': (rows) =>
    ids(trashed(rows, 'box_folders')).map((id) => get(`/folders/${id}/trash`)),
  'GET /files/{file_id}': (rows) =>
    ids(active(rows, 'box_files')).map((id) => get(`/files/${id}`, { fields: ITEM_FIELDS })),
  'GET /files/{file_id}/content': (rows) =>
    ids(active(rows, 'box_files'))
      .slice(0, 20)
      .map((id) => get(`/files/${id}/content`)),
  'GET /files/{file_id}/trash': (rows) =>
    ids(trashed(rows, 'box_files')).map((id) => get(`/files/${id}/trash`)),
  'GET /files/{file_id}/versions': (rows) =>
    ids(active(rows, 'box_files')).map((id) => get(`/files/${id}/versions`)),
  'GET /files/{file_id}/comments': (rows) =>
    ids(active(rows, 'box_files')).map((id) => get(`/files/${id}/comments`, { limit: 1000 })),
  'GET /files/{file_id}/tasks': (rows) =>
    ids(active(rows, 'box_files')).map((id) => get(`/files/${id}/tasks`)),
  'GET /comments/{comment_id}': (rows) =>
    ids(rows('box_comments')).map((id) => get(`/comments/${id}`)),
  'GET /tasks/{task_id}': (rows) => ids(rows('box_tasks')).map((id) => get(`/tasks/${id}`)),
  'GET /tasks/{task_id}/assignments': (rows) =>
    ids(rows('box_tasks')).map((id) => get(`/tasks/${id}/assignments`)),
  'GET /task_assignments/{task_assignment_id}': (rows) =>
    ids(rows('box_task_assignments')).map((id) => get(`/task_assignments/${id}`)),
  'GET /collections': () => get('/collections'),
  'GET /collections/{collection_id}': (rows) =>
    ids(rows('box_collections').filter((row) => row.user_id === marta.id)).map((id) =>
      get(`/collections/${id}`),
    ),
  'GET /collections/{collection_id}/items': (rows) =>
    ids(rows('box_collections').filter((row) => row.user_id === marta.id)).map((id) =>
      get(`/collections/${id}/items`, { fields: ITEM_FIELDS }),
    ),
  'GET /search': () =>
    ['Orchard', 'Budget', 'plan', 'csv', 'notes'].map((query) =>
      get('/search', { query, limit: 200, fields: ITEM_FIELDS }),
    ),
  'GET /hubs': () => get('/hubs'),
  'GET /hubs/{hub_id}': (rows) => ids(rows('box_hubs')).map((id) => get(`/hubs/${id}`)),
  'GET /hub_items': (rows) => ids(rows('box_hubs')).map((id) => get('/hub_items', { hub_id: id })),
};

describe('Box read exposure (src/services/box/read-exposure.ts)', () => {
  it('declares every read route of the router, and nothing else', () => {
    expect(BoxReadExposure.map((entry) => entry.operation).sort()).toEqual(readOperations().sort());
  });

  it("serves every declared column: some seed value of it is in the operation's response", () => {
    expect(checkExposure(BoxReadExposure, PROBES, baseState, call)).toEqual([]);
  });
});
