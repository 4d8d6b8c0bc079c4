import type { ServiceReadExposure } from '../read-exposure.js';

// What each GET route of the router serves (docs/replicas.md, "What each read operation
// exposes"). Mini objects count: a file's `parent` exposes the folder's id and name, a
// `created_by` the user's id, name and login. A column a request names (a `hub_id` query,
// a `{task_id}` path) counts as exposed with the rows the answer lists for it.
// test/services/box/read-exposure.test.ts runs every route on the built-in seed and finds
// each column's value in the answer, so this list cannot claim more than the replica serves.

const USER = ['id', 'name', 'login'] as const;
const FULL_USER = [...USER, 'job_title', 'status', 'role', 'created_at', 'modified_at'] as const;
const FOLDER = [
  'id',
  'name',
  'description',
  'parent_id',
  'item_status',
  'created_at',
  'modified_at',
  'created_by_id',
  'modified_by_id',
  'owned_by_id',
  'etag',
  'sequence_id',
] as const;
const FILE = [
  ...FOLDER,
  'tags',
  'size',
  'sha_1',
  'extension',
  'version_number',
  'comment_count',
] as const;
/** Every item listing (folder items, search, collection items) answers files and folders. */
const ITEMS = { box_files: FILE, box_folders: FOLDER, box_users: USER } as const;
const COMMENT = [
  'id',
  'message',
  'item_id',
  'item_type',
  'created_by_id',
  'created_at',
  'modified_at',
  'is_reply_comment',
] as const;
const TASK = [
  'id',
  'action',
  'message',
  'item_id',
  'item_type',
  'due_at',
  'is_completed',
  'completion_rule',
  'created_by_id',
  'created_at',
] as const;
const ASSIGNMENT = [
  'id',
  'task_id',
  'assigned_to_id',
  'assigned_by_id',
  'message',
  'resolution_state',
  'assigned_at',
  'completed_at',
] as const;
const HUB = [
  'id',
  'title',
  'description',
  'created_at',
  'updated_at',
  'created_by_id',
  'updated_by_id',
  'view_count',
] as const;
const COLLECTION = ['id', 'name', 'collection_type'] as const;

export const BoxReadExposure: ServiceReadExposure = [
  { operation: 'GET /users/me', exposes: { box_users: FULL_USER } },
  { operation: 'GET /users/{user_id}', exposes: { box_users: FULL_USER } },
  // Enterprise admins only; the users it lists are the ones `GET /users/{user_id}` serves.
  { operation: 'GET /users', exposes: {} },
  { operation: 'GET /folders/{folder_id}', exposes: { box_folders: FOLDER, box_users: USER } },
  { operation: 'GET /folders/{folder_id}/items', exposes: ITEMS },
  // The built-in seed holds no trashed item, so nothing proves what the trash routes serve;
  // they claim nothing (trashed items' `item_status` is served by folder listings and search).
  { operation: 'GET /folders/{folder_id}/trash', exposes: {} },
  {
    operation: 'GET /files/{file_id}',
    exposes: {
      box_files: FILE,
      box_folders: ['id', 'name'],
      box_users: USER,
      box_file_versions: ['id', 'sha_1'],
    },
  },
  { operation: 'GET /files/{file_id}/content', exposes: { box_file_versions: ['content'] } },
  { operation: 'GET /files/{file_id}/trash', exposes: {} },
  {
    operation: 'GET /files/{file_id}/versions',
    exposes: {
      box_file_versions: [
        'id',
        'file_id',
        'name',
        'size',
        'sha_1',
        'version_number',
        'created_at',
        'modified_at',
        'modified_by_id',
      ],
      box_users: USER,
    },
  },
  {
    operation: 'GET /files/{file_id}/comments',
    exposes: { box_comments: COMMENT, box_users: USER },
  },
  {
    operation: 'GET /files/{file_id}/tasks',
    exposes: { box_tasks: TASK, box_task_assignments: ASSIGNMENT, box_users: USER },
  },
  { operation: 'GET /comments/{comment_id}', exposes: { box_comments: COMMENT, box_users: USER } },
  {
    operation: 'GET /tasks/{task_id}',
    exposes: { box_tasks: TASK, box_task_assignments: ASSIGNMENT, box_users: USER },
  },
  {
    operation: 'GET /tasks/{task_id}/assignments',
    exposes: { box_task_assignments: ASSIGNMENT, box_users: USER },
  },
  {
    operation: 'GET /task_assignments/{task_assignment_id}',
    exposes: {
      box_task_assignments: ASSIGNMENT.filter((column) => column !== 'task_id'),
      box_users: USER,
    },
  },
  { operation: 'GET /collections', exposes: { box_collections: COLLECTION } },
  { operation: 'GET /collections/{collection_id}', exposes: { box_collections: COLLECTION } },
  {
    operation: 'GET /collections/{collection_id}/items',
    exposes: { ...ITEMS, box_collection_items: ['collection_id', 'item_id', 'item_type'] },
  },
  { operation: 'GET /search', exposes: ITEMS },
  { operation: 'GET /hubs', exposes: { box_hubs: HUB, box_users: USER } },
  { operation: 'GET /hubs/{hub_id}', exposes: { box_hubs: HUB, box_users: USER } },
  {
    operation: 'GET /hub_items',
    exposes: { box_hub_items: ['hub_id', 'item_id', 'item_type', 'item_name'] },
  },
];
