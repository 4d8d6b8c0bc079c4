import { limitsSection } from '../limits.js';

/**
 * The Box API documentation a verifier author (or an agent) reads as `task.docs`.
 * It describes what the replica answers, which follows Box's Content API.
 */
export const BoxDocs = `# Box Content API (read-only snapshot)

Base URL: \`https://api.box.com/2.0\`. Paths below are relative to it (a leading slash is optional).
Every call is a read of a saved snapshot, made as the acting user: you see the folders and files
that user owns or that were shared with them (a folder collaboration covers everything below it);
everything else answers exactly like a missing item (404). Query values may be strings, numbers,
booleans or arrays (arrays are joined with commas). Every call costs one operation.

## Conventions

- Ids are strings. The root folder ("All Files") has id \`0\`.
- Dates are ISO 8601 strings.
- Mini objects: user \`{type:"user", id, name, login}\`; folder \`{type:"folder", id, sequence_id, etag, name}\`;
  file \`{type:"file", id, sequence_id, etag, sha1, name, file_version:{type:"file_version", id, sha1}}\`.
- \`fields=a,b,c\` (files, folders, folder items, search, users) returns exactly those fields plus \`type\`, \`id\`
  (and \`etag\` for items). Fields available on request besides the standard ones (Box's FileFull, FolderFull,
  UserFull): files \`tags\`, \`extension\`, \`version_number\`, \`comment_count\`, \`has_collaborations\`,
  \`permissions\` {\`can_download\`, \`can_preview\`, \`can_edit\`, \`can_delete\`, \`can_rename\`, \`can_share\`, …,
  from your role on the item}, \`lock\` (null), \`uploader_display_name\`, \`allowed_invitee_roles\`,
  \`shared_link_permission_options\`, \`is_package\`, \`expires_at\`, \`watermark_info\`, \`classification\`, …; folders
  \`tags\`, \`has_collaborations\`, \`permissions\`, \`sync_state\`, \`can_non_owners_invite\`,
  \`allowed_shared_link_access_levels\`, \`allowed_invitee_roles\`, …; users \`role\`, \`enterprise\` {\`type\`, \`id\`,
  \`name\`}, \`can_see_managed_users\`, \`tracking_codes\`, \`my_tags\`, …
- Trashed items are not listed, not searchable and answer 404 on their normal endpoints; read them at \`/files/{id}/trash\`
  or \`/folders/{id}/trash\`.

## Errors

\`{type:"error", status, code, help_url, message, request_id}\`; a 404 for a missing item also carries
\`context_info: {errors: [{reason: "invalid_parameter", name: "file", message: "Invalid value '123'. …"}]}\`:

| status | code | when |
| --- | --- | --- |
| 400 | \`bad_request\` | a missing required parameter or an invalid value (the message names it) |
| 403 | \`access_denied_insufficient_permissions\` | any write (POST/PUT/PATCH/DELETE of folders, files, uploads, comments, tasks, task assignments, collaborations, hubs): the snapshot is read-only and nothing changes |
| 404 | \`not_found\` | unknown path, or an item that does not exist or that the user cannot see |
| 405 | \`method_not_allowed\` | a method the path does not support |

## Paging

Offset paging (folder items, comments, versions, search): \`offset\` (default 0) and \`limit\`; the response
carries \`total_count\`, \`offset\`, \`limit\`, \`entries\`. A limit above the endpoint's maximum is lowered to it.
An offset past the end answers 200 with no entries (stop once \`offset\` reaches \`total_count\`); an offset above
9999 is a 400.
Marker paging (hubs, hub items): \`limit\` and \`marker\`; follow \`next_marker\` until it is null.

## Users

### GET /users/me
The acting user: \`{type:"user", id, name, login, created_at, modified_at, language, timezone, space_amount,
space_used, max_upload_size, status, job_title, phone, address, avatar_url, notification_email}\`; more with
\`fields\` (see above).

### GET /users/{user_id}
Any user of the enterprise, same shape. 404 for an unknown id.

### GET /users
Enterprise admins only (others get 403 \`access_denied_insufficient_permissions\`): \`{total_count, entries: [user],
offset, limit}\`. Query: \`filter_term\` (start of name or login, case-insensitive), \`limit\` (default 100, max 1000),
\`offset\`. Other users find names in the \`created_by\` / \`owned_by\` / \`assigned_to\` mini users of what they read.

## Folders

### GET /folders/{folder_id}
Standard fields: \`type, id, sequence_id, etag, name, created_at, modified_at, description, size,
path_collection {total_count, entries: mini folders from "All Files" down}, created_by, modified_by, trashed_at,
purged_at, content_created_at, content_modified_at, owned_by, shared_link, folder_upload_email, parent (mini
folder or null), item_status ("active" | "trashed"), item_collection\` (the first 100 children as mini objects,
with \`total_count\`, \`offset\`, \`limit\`, \`order\`).

### GET /folders/{folder_id}/items
Query: \`limit\` (default 100, max 1000), \`offset\`, \`fields\`, \`sort\` (\`id\` | \`name\` | \`date\` | \`size\`; default
\`name\`), \`direction\` (\`ASC\` | \`DESC\`). Items are always grouped by type first (folders, then files), then ordered
by \`sort\`. Response \`{total_count, entries, offset, limit, order}\`; entries are mini objects unless \`fields\` is
given. In folder \`0\` the user also sees items shared with them whose parent they cannot see.

### GET /folders/{folder_id}/trash
A trashed folder (404 if it is not in the trash).

## Files

### GET /files/{file_id}
Standard fields: \`type, id, file_version, sequence_id, etag, sha1, name, description, size, path_collection,
created_at, modified_at, trashed_at, purged_at, content_created_at, content_modified_at, created_by, modified_by,
owned_by, shared_link, parent, item_status\`. \`version_number\` ("1", "2", ...) and \`tags\` on request via \`fields\`.

### GET /files/{file_id}/content
The bytes of the current version; \`version=<file_version id>\` downloads an earlier one. (Box redirects to a
download URL; this snapshot answers the bytes directly.) Text files (txt, md, csv, json, yaml, ...) come as a
string body with their \`content-type\`; binary files (pdf, images, ...) come as a **base64 string** with the
response header \`content-transfer-encoding: base64\`. 404 when the version or its bytes are not in the snapshot.

### GET /files/{file_id}/versions
The **previous** versions of the file, newest first (the current one is the file's \`file_version\`):
\`{total_count, entries: [{type:"file_version", id, sha1, name, size, created_at, modified_at, modified_by,
trashed_at, purged_at, version_number}], offset, limit}\`. Query: \`limit\` (max 1000), \`offset\`.

### GET /files/{file_id}/comments
\`{total_count, entries: [{type:"comment", id, is_reply_comment, message, created_by, created_at, modified_at,
item:{id, type}}], offset, limit}\`, oldest first. Query: \`limit\` (default 100, max 1000), \`offset\`.

### GET /files/{file_id}/tasks
\`{total_count, entries: [task]}\` for the file, oldest first.

### GET /files/{file_id}/trash
A trashed file (404 if it is not in the trash).

## Comments

### GET /comments/{comment_id}
One comment (shape above). 404 if its file is not visible.

## Tasks

### GET /tasks/{task_id}
\`{type:"task", id, item (mini file), due_at, action ("review" | "complete"), message,
task_assignment_collection {total_count, entries}, is_completed, created_by, created_at, completion_rule
("all_assignees" | "any_assignee")}\`.

### GET /tasks/{task_id}/assignments
\`{total_count, entries: [{type:"task_assignment", id, item (mini file), assigned_to (mini user), message,
completed_at, assigned_at, reminded_at, resolution_state ("incomplete" | "completed" | "approved" | "rejected"),
assigned_by}]}\`.

### GET /task_assignments/{task_assignment_id}
One assignment (shape above).

## Search

### GET /search
Query: \`query\` (required; every word must match, case-insensitively; \`"quoted phrase"\` must match as written),
\`type\` (\`file\` | \`folder\` | \`web_link\`), \`file_extensions\` (comma-separated, e.g. \`csv,json\`),
\`ancestor_folder_ids\` (comma-separated; only items below one of them), \`content_types\` (comma-separated among
\`name\`, \`description\`, \`file_content\`, \`comments\`, \`tags\`; default all), \`fields\`, \`limit\` (default 30,
max 200), \`offset\`. Response \`{type:"search_results_items", total_count, limit, offset, entries}\` with standard
file and folder objects; items whose name matches come first, then by name. Trashed items are never found.

## Collections

### GET /collections
The user's collections (each user has a Favorites collection): \`{total_count, entries: [{type:"collection", id, name,
collection_type:"favorites"}], offset, limit}\`.

### GET /collections/{collection_id}
One of the user's collections (another user's answers 404).

### GET /collections/{collection_id}/items
The items in it the user can open, oldest addition first: \`{total_count, entries, offset, limit}\`, mini objects
unless \`fields\` is given. Query: \`limit\` (default 100, max 1000), \`offset\`, \`fields\`. (Items are added to
Favorites with \`PUT /files/{id}\` / \`PUT /folders/{id}\` and a \`collections\` field: a write, refused here.)

## Hubs

Hub endpoints take the header \`box-version: 2025.0\` (it may be omitted here; any other value is a 400).

### GET /hubs
Query: \`query\` (matches title or description), \`scope\` (\`all\` (default), \`editable\`: hubs you created or
may edit, \`view_only\`: the others), \`sort\` (\`name\` | \`updated_at\` | \`last_accessed_at\` |
\`view_count\` | \`relevance\`), \`direction\`, \`limit\`, \`marker\`. Response \`{entries: [hub], limit, next_marker}\`;
hub: \`{type:"hubs", id, title, description, created_at, updated_at, created_by, updated_by, view_count,
is_ai_enabled, is_collaboration_restricted_to_enterprise, can_non_owners_invite, can_shared_link_be_created}\`.

### GET /hubs/{hub_id}
One hub.

### GET /hub_items?hub_id={hub_id}
The hub's items the user can open: \`{entries: [{type: "file" | "folder", id, name}], limit, next_marker}\`.

${limitsSection({ responseTooLarge: 'response_too_large' })}`;
