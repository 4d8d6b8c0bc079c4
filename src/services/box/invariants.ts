import type { Row } from '../../schema/json.js';
import {
  eachRow,
  foreignKey,
  type InvariantRule,
  quote,
  textOf,
  uniqueWithin,
} from '../invariant.js';

// Rows without `item_status` (older Agent-Diff rows) are active: Box only marks the trash.
const isActive = (row: Row) => row.item_status === undefined || row.item_status === 'active';
const ITEM_TABLES = ['box_files', 'box_folders'] as const;
const kindOf = (table: string) => (table === 'box_files' ? 'file' : 'folder');

const uniqueNameInFolder = uniqueWithin({
  name: 'box.unique-name-in-folder',
  service: 'box',
  sources: ITEM_TABLES.map((table) => ({
    table,
    scope: (row: Row) => (isActive(row) ? textOf(row.parent_id) : undefined),
    value: (row: Row) => (typeof row.name === 'string' ? row.name.toLowerCase() : undefined),
  })),
  describe: ({ scope, rows }) =>
    `${rows.map(({ table, row }) => `${kindOf(table)} ${quote(row.id)} ${quote(row.name)}`).join(' and ')} are active in folder ${quote(scope)} under one name (Box compares names without case)`,
  description:
    'no two active items (files or folders) in one folder have the same name, compared without case',
  why: 'Box refuses an upload, copy, move or rename onto a name in use in the folder (409 item_name_in_use); a file and a folder clash too',
  fix: 'give one of the items another name, or put it in another folder, in the patch (or seed) named',
});

// Box API reference (create and rename folder/file): these names are prohibited.
// biome-ignore lint/suspicious/noControlCharactersInRegex: non-printable ASCII is what Box refuses
const NON_PRINTABLE = /[\u0000-\u001f\u007f]/;
function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'has no name';
  if (name.length > 255) return `has a name of ${name.length} characters (Box allows 255)`;
  if (name === '.' || name === '..') return `is named ${quote(name)}, a reserved name`;
  if (/[/\\]/.test(name)) return `has a slash in its name ${quote(name)}`;
  if (NON_PRINTABLE.test(name)) return `has a non-printable character in its name ${quote(name)}`;
  if (name.endsWith(' ')) return `has a trailing space in its name ${quote(name)}`;
  return undefined;
}

const itemNameAllowed = eachRow({
  name: 'box.item-name-allowed',
  service: 'box',
  affectsOtherRows: () => false,
  tables: ITEM_TABLES,
  test: (row, table) => {
    const problem = nameProblem(row.name);
    // The root folder "All Files" is named by Box itself.
    return problem && !(table === 'box_folders' && row.parent_id == null)
      ? { message: `${kindOf(table)} ${quote(row.id)} ${problem}` }
      : undefined;
  },
  description:
    'an item name is 1–255 characters, not "." or "..", without "/", "\\", non-printable characters or a trailing space',
  why: 'the Box API prohibits such names when an item is created or renamed',
  fix: 'write a name Box accepts (drop the slash, the control character or the trailing space)',
});

const parentFolderExists = foreignKey({
  name: 'box.parent-folder-exists',
  service: 'box',
  refs: ITEM_TABLES.map((table) => ({ table, column: 'parent_id', target: 'box_folders' })),
  description: "an item's parent_id names an existing folder",
  why: 'every Box item but the root lives in a folder; an item cannot be created in, or moved to, a folder that does not exist (404)',
  fix: 'point parent_id at an existing folder, or insert the folder first',
});

const versionFileExists = foreignKey({
  name: 'box.version-file-exists',
  service: 'box',
  refs: [{ table: 'box_file_versions', column: 'file_id', target: 'box_files' }],
  description: "a file version's file_id names an existing file",
  why: 'Box keeps versions only as part of their file; a version without its file cannot be listed or reached',
  fix: 'point file_id at an existing file, or delete the version with its file',
});

/** Box's invariants (docs/pack-format.md, "Service invariants"). */
export const BoxInvariants: readonly InvariantRule[] = [
  uniqueNameInFolder,
  itemNameAllowed,
  parentFolderExists,
  versionFileExists,
];
