/**
 * Storage layout of the Box replica: the table and column names of the Agent-Diff Box
 * seed, so one replica serves both their seeds and ours. Columns and tables this project
 * adds (all optional: rows without them still load):
 *
 * - `box_files.description`, `box_files.tags` (string[]), `box_folders.tags`;
 * - `box_file_versions.content` + `content_encoding` (`utf8` | `base64`): the bytes of
 *   that version, part of the snapshot (Agent-Diff keeps them in files named by
 *   `local_path`; `loadAgentDiffBoxSeed` reads them into these columns);
 * - `box_collaborations` (id, item_id, item_type `folder`|`file`|`hubs`, accessible_by_id,
 *   role, status, created_by_id, created_at, modified_at): who besides the owner sees an
 *   item (a folder collaboration covers everything below it);
 * - `box_task_assignments` (id, task_id, assigned_to_id, assigned_by_id, message,
 *   resolution_state, assigned_at, completed_at, reminded_at);
 * - `box_tasks.due_at`; `box_hub_items` (id, hub_id, item_id, item_type, item_name,
 *   created_at) — Agent-Diff names the table but ships it empty.
 */
export const BoxTableKeys: Record<string, readonly string[]> = {
  box_users: ['id'],
  box_folders: ['id'],
  box_files: ['id'],
  box_file_versions: ['id'],
  box_comments: ['id'],
  box_tasks: ['id'],
  box_task_assignments: ['id'],
  box_hubs: ['id'],
  box_hub_items: ['id'],
  box_collaborations: ['id'],
  box_collections: ['id'],
  box_collection_items: ['id'],
};
