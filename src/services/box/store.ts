import type { Row } from '../../schema/json.js';
import { groupRowsBy, indexRowsBy } from '../../state/row-index.js';
import type { State } from '../../state/state.js';
import { count, text } from './columns.js';

/** The root folder as Box describes it when a seed has no row for it. */
const SYNTHETIC_ROOT: Row = {
  id: '0',
  type: 'folder',
  name: 'All Files',
  parent_id: null,
  item_status: 'active',
  etag: null,
  sequence_id: null,
};

/**
 * Indexed, read-only view of one Box state. Tables the seed lacks (Agent-Diff has no
 * collaborations or task assignments) read as empty.
 */
export class BoxStore {
  readonly users: Map<string, Row>;
  readonly folders: Map<string, Row>;
  readonly files: Map<string, Row>;
  readonly comments: Map<string, Row>;
  readonly tasks: Map<string, Row>;
  readonly hubs: Map<string, Row>;
  readonly hubRows: readonly Row[];
  readonly versionsByFile: Map<string, Row[]>;
  readonly commentsByFile: Map<string, Row[]>;
  readonly tasksByItem: Map<string, Row[]>;
  readonly assignmentsByTask: Map<string, Row[]>;
  readonly hubItemsByHub: Map<string, Row[]>;
  readonly foldersByParent: Map<string, Row[]>;
  readonly filesByParent: Map<string, Row[]>;
  readonly collaborations: readonly Row[];
  readonly collections: readonly Row[];
  readonly collectionItemsByCollection: Map<string, Row[]>;

  constructor(state: State) {
    const rows = (table: string): readonly Row[] =>
      state.hasTable(table) ? state.rows(table) : [];
    this.users = indexRowsBy(rows('box_users'));
    this.folders = indexRowsBy(rows('box_folders'));
    if (!this.folders.has('0')) this.folders.set('0', SYNTHETIC_ROOT);
    this.files = indexRowsBy(rows('box_files'));
    this.comments = indexRowsBy(rows('box_comments'));
    this.tasks = indexRowsBy(rows('box_tasks'));
    this.hubRows = rows('box_hubs');
    this.hubs = indexRowsBy(this.hubRows);
    this.versionsByFile = groupRowsBy(rows('box_file_versions'), 'file_id');
    this.commentsByFile = groupRowsBy(
      rows('box_comments').map((row) =>
        text(row, 'file_id') === null ? { ...row, file_id: text(row, 'item_id') } : row,
      ),
      'file_id',
    );
    this.tasksByItem = groupRowsBy(rows('box_tasks'), 'item_id');
    this.assignmentsByTask = groupRowsBy(rows('box_task_assignments'), 'task_id');
    this.hubItemsByHub = groupRowsBy(rows('box_hub_items'), 'hub_id');
    this.foldersByParent = groupRowsBy([...this.folders.values()], 'parent_id');
    this.filesByParent = groupRowsBy(rows('box_files'), 'parent_id');
    this.collaborations = rows('box_collaborations');
    this.collections = rows('box_collections');
    this.collectionItemsByCollection = groupRowsBy(rows('box_collection_items'), 'collection_id');
  }

  /**
   * The version row that is the file's current one: its `version_number` (when two rows carry
   * that number, as a replayed upload can leave them, the one whose sha1 is the file's), else
   * the highest.
   */
  currentVersion(file: Row): Row | undefined {
    const versions = this.versionsByFile.get(text(file, 'id') ?? '') ?? [];
    const wanted = count(file, 'version_number');
    const numbered = versions.filter((version) => count(version, 'version_number') === wanted);
    const exact =
      numbered.find((version) => text(version, 'sha_1') === text(file, 'sha_1')) ?? numbered[0];
    if (exact) return exact;
    return [...versions].sort(
      (a, b) => (count(b, 'version_number') ?? 0) - (count(a, 'version_number') ?? 0),
    )[0];
  }

  /** Ancestors of a folder or file from the root down (excluding the item itself). */
  ancestors(item: Row): Row[] {
    const chain: Row[] = [];
    const seen = new Set<string>();
    let parentId = text(item, 'parent_id');
    while (parentId !== null && !seen.has(parentId)) {
      seen.add(parentId);
      const parent = this.folders.get(parentId);
      if (!parent) break;
      chain.unshift(parent);
      parentId = text(parent, 'parent_id');
    }
    return chain;
  }
}
