// Box's documented read endpoints and response fields, from the Box Platform API reference
// (developer.box.com/reference): the standard representation each endpoint answers by
// default, and the full representation (FolderFull, FileFull, UserFull) asked with `fields`.
import type { Row } from '../../../src/schema/json.js';
import type { Catalogue } from './catalogue.js';
import type { SeedContext } from './seeds.js';
import type { Shape } from './shape.js';

const miniUser: Shape = { type: 'string', id: 'string', name: 'string', login: 'string' };
const miniFolder: Shape = {
  type: 'string',
  id: 'string',
  sequence_id: 'string?',
  etag: 'string?',
  name: 'string',
};
const miniFile: Shape = {
  ...miniFolder,
  sha1: 'string',
  file_version: { type: 'string', id: 'string', sha1: 'string' },
};
const pathCollection: Shape = { total_count: 'number', entries: [miniFolder] };

const standardItem: Shape = {
  ...miniFolder,
  description: 'string',
  size: 'number',
  path_collection: pathCollection,
  created_at: 'string?',
  modified_at: 'string?',
  trashed_at: 'string?',
  purged_at: 'string?',
  content_created_at: 'string?',
  content_modified_at: 'string?',
  created_by: miniUser,
  modified_by: miniUser,
  owned_by: miniUser,
  shared_link: 'object?',
  parent: miniFolder,
  item_status: 'string',
};

const order: Shape = { by: 'string', direction: 'string' };

const standardFolder: Shape = {
  ...standardItem,
  folder_upload_email: 'object?',
  item_collection: {
    total_count: 'number',
    entries: [{ type: 'string', id: 'string', name: 'string' }],
    offset: 'number',
    limit: 'number',
    order: [order],
  },
};

const FOLDER_FULL_EXTRA: Shape = {
  sync_state: 'string',
  has_collaborations: 'boolean',
  permissions: {
    can_delete: 'boolean',
    can_download: 'boolean',
    can_invite_collaborator: 'boolean',
    can_rename: 'boolean',
    can_set_share_access: 'boolean',
    can_share: 'boolean',
    can_upload: 'boolean',
  },
  tags: 'array',
  can_non_owners_invite: 'boolean',
  is_externally_owned: 'boolean',
  is_collaboration_restricted_to_enterprise: 'boolean',
  allowed_shared_link_access_levels: 'array',
  allowed_invitee_roles: 'array',
  watermark_info: { is_watermarked: 'boolean' },
  is_accessible_via_shared_link: 'boolean',
  can_non_owners_view_collaborators: 'boolean',
  classification: 'object?',
  is_associated_with_app_item: 'boolean',
};

const standardFile: Shape = {
  ...standardItem,
  sha1: 'string',
  file_version: { type: 'string', id: 'string', sha1: 'string' },
};

const FILE_FULL_EXTRA: Shape = {
  version_number: 'string',
  comment_count: 'number',
  permissions: {
    can_annotate: 'boolean',
    can_comment: 'boolean',
    can_delete: 'boolean',
    can_download: 'boolean',
    can_edit: 'boolean',
    can_invite_collaborator: 'boolean',
    can_preview: 'boolean',
    can_rename: 'boolean',
    can_set_share_access: 'boolean',
    can_share: 'boolean',
    can_upload: 'boolean',
    can_view_annotations_all: 'boolean',
    can_view_annotations_self: 'boolean',
  },
  tags: 'array',
  lock: 'object?',
  extension: 'string',
  is_package: 'boolean',
  expires_at: 'string?',
  allowed_invitee_roles: 'array',
  is_externally_owned: 'boolean',
  has_collaborations: 'boolean',
  classification: 'object?',
  uploader_display_name: 'string',
  disposition_at: 'string?',
  shared_link_permission_options: 'array',
  is_accessible_via_shared_link: 'boolean',
  is_associated_with_app_item: 'boolean',
  watermark_info: { is_watermarked: 'boolean' },
};

const standardUser: Shape = {
  ...miniUser,
  created_at: 'string',
  modified_at: 'string',
  language: 'string',
  timezone: 'string',
  space_amount: 'number',
  space_used: 'number',
  max_upload_size: 'number',
  status: 'string',
  job_title: 'string',
  phone: 'string',
  address: 'string',
  avatar_url: 'string',
  notification_email: 'object?',
};

const USER_FULL_EXTRA: Shape = {
  role: 'string',
  tracking_codes: 'array',
  can_see_managed_users: 'boolean',
  is_sync_enabled: 'boolean',
  is_external_collab_restricted: 'boolean',
  is_exempt_from_device_limits: 'boolean',
  is_exempt_from_login_verification: 'boolean',
  enterprise: { type: 'string', id: 'string', name: 'string' },
  my_tags: 'array',
  hostname: 'string',
  is_platform_access_only: 'boolean',
  external_app_user_id: 'string?',
};

const comment: Shape = {
  type: 'string',
  id: 'string',
  is_reply_comment: 'boolean',
  message: 'string',
  created_by: miniUser,
  created_at: 'string',
  modified_at: 'string',
  item: { id: 'string', type: 'string' },
};

const task: Shape = {
  type: 'string',
  id: 'string',
  item: miniFile,
  due_at: 'string?',
  action: 'string',
  message: 'string',
  task_assignment_collection: { total_count: 'number', entries: 'array' },
  is_completed: 'boolean',
  created_by: miniUser,
  created_at: 'string',
  completion_rule: 'string',
};

const hub: Shape = {
  type: 'string',
  id: 'string',
  title: 'string',
  description: 'string',
  created_at: 'string',
  updated_at: 'string',
  created_by: miniUser,
  updated_by: miniUser,
  view_count: 'number',
  is_ai_enabled: 'boolean',
  is_collaboration_restricted_to_enterprise: 'boolean',
  can_non_owners_invite: 'boolean',
  can_shared_link_be_created: 'boolean',
};

const collection: Shape = {
  type: 'string',
  id: 'string',
  name: 'string',
  collection_type: 'string',
};

const offsetPage: Shape = { total_count: 'number', offset: 'number', limit: 'number' };

const notFound: Shape = {
  type: 'string',
  status: 'number',
  code: 'string',
  message: 'string',
  help_url: 'string',
  request_id: 'string',
  context_info: { errors: [{ reason: 'string', name: 'string', message: 'string' }] },
};

/** A folder other than the root with both subfolders or files and a parent. */
function busyFolder(seed: SeedContext): Row {
  const children = (id: unknown) =>
    seed.rows('box_files').filter((row) => row.parent_id === id).length +
    seed.rows('box_folders').filter((row) => row.parent_id === id).length;
  return [...seed.rows('box_folders')]
    .filter((row) => row.id !== '0' && row.item_status !== 'trashed')
    .sort((a, b) => children(b.id) - children(a.id))[0]!;
}

/** A file with comments (and tasks, when the seed has any on a commented file). */
function busyFile(seed: SeedContext, table: 'box_comments' | 'box_tasks'): Row {
  const counted = (row: Row) =>
    seed.rows(table).filter((entry) => (entry.file_id ?? entry.item_id) === row.id).length;
  return [...seed.rows('box_files')]
    .filter((row) => row.item_status !== 'trashed')
    .sort((a, b) => counted(b) - counted(a))[0]!;
}

const keys = (shape: Shape) => Object.keys(shape).join(',');

/** A word of a file name, so search has matches. */
function searchWord(seed: SeedContext): string {
  const name = String(busyFile(seed, 'box_comments').name);
  return name.split(/[^A-Za-z]+/).find((word) => word.length > 3) ?? name;
}

const get = (path: string, query: Record<string, string | number> = {}) => ({
  method: 'GET',
  path,
  query,
});

function hubWithItems(seed: SeedContext): string {
  const items = seed.rows('box_hub_items');
  const hub = seed.rows('box_hubs').find((row) => items.some((item) => item.hub_id === row.id));
  return String((hub ?? seed.rows('box_hubs')[0])!.id);
}

function collectionId(seed: SeedContext): string {
  const response = seed.handle(get('/collections'));
  return String((response.body as { entries: Array<{ id: string }> }).entries[0]!.id);
}

export const boxCatalogue: Catalogue = {
  'GET /users/me': [
    { name: 'default fields', request: () => get('/users/me'), status: 200, shape: standardUser },
    {
      name: 'fields= the full user',
      request: () => get('/users/me', { fields: keys({ ...standardUser, ...USER_FULL_EXTRA }) }),
      status: 200,
      shape: { ...standardUser, ...USER_FULL_EXTRA },
    },
  ],
  'GET /search': [
    {
      name: 'a word of a file name',
      request: (seed) => get('/search', { query: searchWord(seed), type: 'file' }),
      status: 200,
      shape: { type: 'string', ...offsetPage, entries: [standardFile] },
    },
  ],
  'GET /folders/{folder_id}': [
    {
      name: 'default fields',
      request: (seed) => get(`/folders/${busyFolder(seed).id}`),
      status: 200,
      shape: standardFolder,
    },
    {
      name: 'fields= the full folder',
      request: (seed) =>
        get(`/folders/${busyFolder(seed).id}`, {
          fields: keys({ ...standardFolder, ...FOLDER_FULL_EXTRA }),
        }),
      status: 200,
      shape: { ...standardFolder, ...FOLDER_FULL_EXTRA },
    },
    {
      name: 'unknown folder',
      request: () => get('/folders/123404'),
      status: 404,
      error: true,
      shape: notFound,
    },
  ],
  'GET /folders/{folder_id}/items': [
    {
      name: 'first page',
      request: (seed) => get(`/folders/${busyFolder(seed).id}/items`, { limit: 5 }),
      status: 200,
      shape: {
        ...offsetPage,
        entries: [
          { type: 'string', id: 'string', sequence_id: 'string?', etag: 'string?', name: 'string' },
        ],
        order: [order],
      },
    },
  ],
  'GET /files/{file_id}': [
    {
      name: 'default fields',
      request: (seed) => get(`/files/${busyFile(seed, 'box_comments').id}`),
      status: 200,
      shape: standardFile,
    },
    {
      name: 'fields= the full file',
      request: (seed) =>
        get(`/files/${busyFile(seed, 'box_comments').id}`, {
          fields: keys({ ...standardFile, ...FILE_FULL_EXTRA }),
        }),
      status: 200,
      shape: { ...standardFile, ...FILE_FULL_EXTRA },
    },
    {
      name: 'unknown file',
      request: () => get('/files/123404'),
      status: 404,
      error: true,
      shape: notFound,
    },
  ],
  'GET /files/{file_id}/content': [
    {
      name: 'the bytes of a file',
      request: (seed) => {
        const withContent = new Set(
          seed
            .rows('box_file_versions')
            .filter((row) => typeof row.content === 'string')
            .map((row) => row.file_id),
        );
        const file = seed.rows('box_files').find((row) => withContent.has(row.id))!;
        return get(`/files/${file.id}/content`);
      },
      status: 200,
      shape: {},
    },
  ],
  'GET /files/{file_id}/comments': [
    {
      name: 'a commented file',
      request: (seed) => get(`/files/${busyFile(seed, 'box_comments').id}/comments`),
      status: 200,
      shape: { ...offsetPage, entries: [comment] },
    },
  ],
  'GET /files/{file_id}/tasks': [
    {
      name: 'a file with tasks',
      request: (seed) => get(`/files/${busyFile(seed, 'box_tasks').id}/tasks`),
      status: 200,
      shape: { total_count: 'number', entries: [task] },
    },
  ],
  'GET /hubs': [
    {
      name: 'first page',
      request: () => get('/hubs'),
      status: 200,
      shape: { entries: [hub], limit: 'number', next_marker: 'string?' },
    },
  ],
  'GET /hubs/{hub_id}': [
    {
      name: 'a hub',
      request: (seed) => get(`/hubs/${hubWithItems(seed)}`),
      status: 200,
      shape: hub,
    },
  ],
  'GET /hub_items': [
    {
      name: 'a hub with items',
      request: (seed) => get('/hub_items', { hub_id: hubWithItems(seed) }),
      status: 200,
      shape: {
        entries: [{ type: 'string', id: 'string', name: 'string' }],
        limit: 'number',
        next_marker: 'string?',
      },
    },
  ],
  'GET /collections': [
    {
      name: 'the actor collections',
      request: () => get('/collections'),
      status: 200,
      shape: { ...offsetPage, entries: [collection] },
    },
  ],
  'GET /collections/{collection_id}': [
    {
      name: 'favorites',
      request: (seed) => get(`/collections/${collectionId(seed)}`),
      status: 200,
      shape: collection,
    },
  ],
  'GET /collections/{collection_id}/items': [
    {
      name: 'favorites',
      request: (seed) => get(`/collections/${collectionId(seed)}/items`),
      status: 200,
      shape: { ...offsetPage, entries: 'array' },
    },
  ],
};
