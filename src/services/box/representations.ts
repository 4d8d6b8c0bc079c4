import type { JsonValue, Row } from '../../schema/json.js';
import { count, tags, text } from './columns.js';
import { derivedId } from './ids.js';
import {
  filePermissions,
  folderPermissions,
  inviteeRoles,
  sharedLinkOptions,
} from './item-permissions.js';
import type { BoxVisibility } from './permissions.js';
import type { BoxStore } from './store.js';

type Json = { [key: string]: JsonValue };

/** Fields Box returns for a file or folder when no `fields` parameter is given. */
const STANDARD_FILE_FIELDS = [
  'type',
  'id',
  'file_version',
  'sequence_id',
  'etag',
  'sha1',
  'name',
  'description',
  'size',
  'path_collection',
  'created_at',
  'modified_at',
  'trashed_at',
  'purged_at',
  'content_created_at',
  'content_modified_at',
  'created_by',
  'modified_by',
  'owned_by',
  'shared_link',
  'parent',
  'item_status',
] as const;
const STANDARD_FOLDER_FIELDS = [
  'type',
  'id',
  'sequence_id',
  'etag',
  'name',
  'created_at',
  'modified_at',
  'description',
  'size',
  'path_collection',
  'created_by',
  'modified_by',
  'trashed_at',
  'purged_at',
  'content_created_at',
  'content_modified_at',
  'owned_by',
  'shared_link',
  'folder_upload_email',
  'parent',
  'item_status',
  'item_collection',
] as const;
/** Fields of a mini item (folder listings without `fields`). */
const MINI_FILE_FIELDS = [
  'type',
  'id',
  'sequence_id',
  'etag',
  'sha1',
  'name',
  'file_version',
] as const;
const MINI_FOLDER_FIELDS = ['type', 'id', 'sequence_id', 'etag', 'name'] as const;
/** Box always adds these to a `fields` selection. */
const ALWAYS = ['type', 'id', 'etag'] as const;

export type Detail = 'mini' | 'standard' | { fields: readonly string[] };

export function miniUser(store: BoxStore, userId: string | null): Json | null {
  if (userId === null) return null;
  const user = store.users.get(userId);
  return {
    type: 'user',
    id: userId,
    name: text(user, 'name') ?? '',
    login: text(user, 'login') ?? '',
  };
}

/** Fields `GET /users/me` and `GET /users/{id}` return when no `fields` parameter is given. */
const STANDARD_USER_FIELDS = [
  'type',
  'id',
  'name',
  'login',
  'created_at',
  'modified_at',
  'language',
  'timezone',
  'space_amount',
  'space_used',
  'max_upload_size',
  'status',
  'job_title',
  'phone',
  'address',
  'avatar_url',
  'notification_email',
] as const;

/**
 * The user's enterprise. Every user with an enterprise role belongs to one; the storage
 * names it only through optional `enterprise_id` / `enterprise_name` columns, so without
 * them the enterprise is named by the users' shared login domain and numbered from it.
 */
function enterpriseOf(user: Row): Json {
  const domain = (text(user, 'login') ?? '').split('@')[1] ?? '';
  return {
    type: 'enterprise',
    id: text(user, 'enterprise_id') ?? derivedId(`enterprise:${domain}`),
    name: text(user, 'enterprise_name') ?? domain,
  };
}

/** Every field the replica can give for a user (standard plus the `fields`-only ones of UserFull). */
function allUserFields(user: Row): Json {
  const role = text(user, 'role') ?? 'user';
  return {
    type: 'user',
    id: text(user, 'id'),
    name: text(user, 'name'),
    login: text(user, 'login'),
    created_at: text(user, 'created_at'),
    modified_at: text(user, 'modified_at'),
    language: text(user, 'language') ?? 'en',
    timezone: text(user, 'timezone') ?? 'America/Los_Angeles',
    space_amount: count(user, 'space_amount') ?? 10737418240,
    space_used: count(user, 'space_used') ?? 0,
    max_upload_size: count(user, 'max_upload_size') ?? 2147483648,
    status: text(user, 'status') ?? 'active',
    job_title: text(user, 'job_title') ?? '',
    phone: text(user, 'phone') ?? '',
    address: text(user, 'address') ?? '',
    avatar_url: `https://app.box.com/api/avatar/large/${text(user, 'id') ?? ''}`,
    // No secondary address is stored: Box's null for a user without one.
    notification_email: null,
    role,
    tracking_codes: [],
    can_see_managed_users: role === 'admin' || role === 'coadmin',
    is_sync_enabled: true,
    is_external_collab_restricted: false,
    is_exempt_from_device_limits: false,
    is_exempt_from_login_verification: false,
    enterprise: enterpriseOf(user),
    my_tags: [],
    hostname: 'https://app.box.com/',
    is_platform_access_only: false,
    external_app_user_id: null,
  };
}

/** A user as the users endpoints answer: the standard fields, or exactly those asked with `fields`. */
export function userObject(user: Row, detail: 'standard' | { fields: readonly string[] }): Json {
  const names =
    detail === 'standard' ? STANDARD_USER_FIELDS : [...new Set(['type', 'id', ...detail.fields])];
  return project(allUserFields(user), names);
}

export function miniFolder(folder: Row): Json {
  return {
    type: 'folder',
    id: text(folder, 'id'),
    sequence_id: text(folder, 'sequence_id'),
    etag: text(folder, 'etag'),
    name: text(folder, 'name'),
  };
}

/** Ancestors the actor can see, from "All Files" down, in Box's `path_collection` shape. */
function pathCollection(store: BoxStore, visibility: BoxVisibility, item: Row): Json {
  if (text(item, 'id') === '0' && text(item, 'type') !== 'file')
    return { total_count: 0, entries: [] };
  const root = store.folders.get('0');
  const chain = store
    .ancestors(item)
    .filter((folder) => text(folder, 'id') !== '0' && visibility.folder(folder));
  const entries = [...(root ? [miniFolder(root)] : []), ...chain.map(miniFolder)];
  return { total_count: entries.length, entries };
}

function parentOf(store: BoxStore, visibility: BoxVisibility, item: Row): Json | null {
  const parentId = text(item, 'parent_id');
  if (parentId === null) return null;
  const parent = store.folders.get(parentId);
  if (!parent) return null;
  // A collaborator whose access starts at this item sees it at the root.
  if (!visibility.folder(parent))
    return store.folders.has('0') ? miniFolder(store.folders.get('0')!) : null;
  return miniFolder(parent);
}

function fileVersion(store: BoxStore, file: Row): Json | null {
  const version = store.currentVersion(file);
  if (!version) return null;
  return {
    type: 'file_version',
    id: text(version, 'id'),
    sha1: text(version, 'sha_1') ?? text(file, 'sha_1'),
  };
}

/** Every field the replica can give for a file (standard plus the `fields`-only ones). */
function allFileFields(store: BoxStore, visibility: BoxVisibility, file: Row): Json {
  const role = visibility.role(file, 'file');
  const trashed = text(file, 'item_status') === 'trashed';
  return {
    type: 'file',
    id: text(file, 'id'),
    file_version: fileVersion(store, file),
    sequence_id: text(file, 'sequence_id'),
    etag: text(file, 'etag'),
    sha1: text(file, 'sha_1'),
    name: text(file, 'name'),
    description: text(file, 'description') ?? '',
    size: count(file, 'size') ?? 0,
    path_collection: pathCollection(store, visibility, file),
    created_at: text(file, 'created_at'),
    modified_at: text(file, 'modified_at'),
    trashed_at: trashed ? (text(file, 'trashed_at') ?? text(file, 'modified_at')) : null,
    purged_at: trashed ? text(file, 'purged_at') : null,
    content_created_at: text(file, 'content_created_at') ?? text(file, 'created_at'),
    content_modified_at: text(file, 'content_modified_at') ?? text(file, 'modified_at'),
    created_by: miniUser(store, text(file, 'created_by_id')),
    modified_by: miniUser(store, text(file, 'modified_by_id')),
    owned_by: miniUser(store, text(file, 'owned_by_id')),
    shared_link: null,
    parent: parentOf(store, visibility, file),
    item_status: text(file, 'item_status') ?? 'active',
    tags: tags(file),
    extension: text(file, 'extension') ?? extensionOf(text(file, 'name') ?? ''),
    version_number: text(file, 'version_number') ?? '1',
    comment_count: (store.commentsByFile.get(text(file, 'id') ?? '') ?? []).length,
    has_collaborations: store.collaborations.some(
      (c) => text(c, 'item_type') === 'file' && text(c, 'item_id') === text(file, 'id'),
    ),
    permissions: filePermissions(role),
    // No lock, retention, classification, watermark or shared link is stored: Box's
    // values for an item without them.
    lock: null,
    is_package: false,
    expires_at: null,
    allowed_invitee_roles: inviteeRoles(role),
    is_externally_owned: false,
    classification: null,
    uploader_display_name: uploaderName(store, file),
    disposition_at: null,
    shared_link_permission_options: sharedLinkOptions(role),
    is_accessible_via_shared_link: false,
    is_associated_with_app_item: false,
    watermark_info: { is_watermarked: false },
  };
}

/** Who uploaded the current version (Box's `uploader_display_name`). */
function uploaderName(store: BoxStore, file: Row): string {
  const version = store.currentVersion(file);
  const uploader =
    text(version, 'uploaded_by_id') ??
    text(version, 'created_by_id') ??
    text(file, 'modified_by_id') ??
    text(file, 'created_by_id');
  return text(store.users.get(uploader ?? ''), 'name') ?? '';
}

function allFolderFields(
  store: BoxStore,
  visibility: BoxVisibility,
  folder: Row,
  itemCollection: () => Json,
): Json {
  const role = visibility.role(folder, 'folder');
  const trashed = text(folder, 'item_status') === 'trashed';
  const isRoot = text(folder, 'id') === '0';
  return {
    type: 'folder',
    id: text(folder, 'id'),
    sequence_id: text(folder, 'sequence_id'),
    etag: text(folder, 'etag'),
    name: text(folder, 'name'),
    created_at: text(folder, 'created_at'),
    modified_at: text(folder, 'modified_at'),
    description: text(folder, 'description') ?? '',
    size: count(folder, 'size') ?? 0,
    path_collection: pathCollection(store, visibility, folder),
    created_by: miniUser(
      store,
      text(folder, 'created_by_id') ?? (isRoot ? null : text(folder, 'owned_by_id')),
    ),
    modified_by: miniUser(
      store,
      text(folder, 'modified_by_id') ?? (isRoot ? null : text(folder, 'owned_by_id')),
    ),
    trashed_at: trashed ? (text(folder, 'trashed_at') ?? text(folder, 'modified_at')) : null,
    purged_at: trashed ? text(folder, 'purged_at') : null,
    content_created_at: text(folder, 'created_at'),
    content_modified_at: text(folder, 'modified_at'),
    owned_by: isRoot
      ? miniUser(store, visibility.actorId)
      : miniUser(store, text(folder, 'owned_by_id')),
    shared_link: null,
    folder_upload_email: null,
    parent: isRoot ? null : parentOf(store, visibility, folder),
    item_status: text(folder, 'item_status') ?? 'active',
    item_collection: itemCollection(),
    tags: tags(folder),
    has_collaborations: store.collaborations.some(
      (c) => text(c, 'item_type') === 'folder' && text(c, 'item_id') === text(folder, 'id'),
    ),
    sync_state: 'not_synced',
    permissions: folderPermissions(role),
    // Box's enterprise defaults for a folder with no policy of its own stored.
    can_non_owners_invite: true,
    is_externally_owned: false,
    is_collaboration_restricted_to_enterprise: false,
    allowed_shared_link_access_levels: ['open', 'company', 'collaborators'],
    allowed_invitee_roles: inviteeRoles(role),
    watermark_info: { is_watermarked: false },
    is_accessible_via_shared_link: false,
    can_non_owners_view_collaborators: true,
    classification: null,
    is_associated_with_app_item: false,
  };
}

function project(all: Json, names: readonly string[]): Json {
  const out: Json = {};
  for (const name of names) if (Object.hasOwn(all, name)) out[name] = all[name] ?? null;
  return out;
}

function fieldsFor(
  detail: Detail,
  mini: readonly string[],
  standard: readonly string[],
): readonly string[] {
  if (detail === 'mini') return mini;
  if (detail === 'standard') return standard;
  return [...new Set([...ALWAYS, ...detail.fields])];
}

export function fileObject(
  store: BoxStore,
  visibility: BoxVisibility,
  file: Row,
  detail: Detail,
): Json {
  return project(
    allFileFields(store, visibility, file),
    fieldsFor(detail, MINI_FILE_FIELDS, STANDARD_FILE_FIELDS),
  );
}

/** `itemCollection` is lazy: only a standard/requested folder object lists its first page. */
export function folderObject(
  store: BoxStore,
  visibility: BoxVisibility,
  folder: Row,
  detail: Detail,
  itemCollection: () => Json,
): Json {
  const names = fieldsFor(detail, MINI_FOLDER_FIELDS, STANDARD_FOLDER_FIELDS);
  const lazy = names.includes('item_collection') ? itemCollection : () => ({});
  return project(allFolderFields(store, visibility, folder, lazy), names);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
