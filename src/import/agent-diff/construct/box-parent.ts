import type { State } from '../../../state/state.js';

/**
 * The parent of a Box folder the task creates when its assertion leaves `parent_id` open
 * (docs/agent-diff.md, "Box folder parents"): read from the instruction's sentence that names
 * the folder ("in the root of the history folder", "inside it", "under 'Reports'"), the name
 * resolved against the before-state's folders or the folders the task creates earlier.
 */
export type BoxParent = { ok: true; parent: string } | { ok: false; reason: string };

/** The sentences of an instruction; a dot inside a file name ("notes.txt") does not end one. */
function sentences(instruction: string): string[] {
  return instruction.split(/(?<=[.!?])\s+(?=[A-Z"'])/);
}

const QUOTED_NAME = (name: string) => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`["'\u201c\u2018]${escaped}["'\u201d\u2019]`);
};

const NAME = String.raw`(?:"([^"]+)"|'([^']+)'|\u201c([^\u201d]+)\u201d|(?:the\s+)?([\w\-]+(?: [\w\-]+){0,2}?)\s+folder\b)`;

// Location phrases, most specific first: each captures the parent's name (or the pronoun `it`).
const LOCATIONS: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:in|at)\s+the\s+root\s+of\s+${NAME}`, 'i'),
  new RegExp(String.raw`\b(?:inside|within|under|into|in)\s+(?:the\s+)?${NAME}`, 'i'),
  /\b(?:inside|within|under|into|in)\s+(it)\b/i,
];

// Words that place the folder somewhere; a sentence with one that no location phrase reads is refused.
const PLACING = /\b(?:inside|within|under|into|in it|root of|subfolder|nested)\b/i;

/**
 * `name`: the folder being created; `createdNames`: folders earlier calls of the task create,
 * name → `{{N.id}}`, in the order they are made.
 */
export function boxParentFromInstruction(
  name: string,
  instruction: string,
  before: State,
  createdNames: ReadonlyMap<string, string>,
): BoxParent {
  const all = sentences(instruction);
  const index = all.findIndex((sentence) => QUOTED_NAME(name).test(sentence));
  if (index < 0)
    return { ok: false, reason: `the instruction does not quote the folder "${name}"` };
  const sentence = all[index]!.replace(QUOTED_NAME(name), '"<new>"');
  const match = LOCATIONS.map((pattern) => pattern.exec(sentence)).find((m) => m !== null);
  if (!match) {
    if (PLACING.test(sentence))
      return {
        ok: false,
        reason: `the instruction places "${name}" in a way no recipe reads ("${all[index]!.trim()}")`,
      };
    // Nothing in the assertions or the instruction places it: the Box root, as a client does.
    return { ok: true, parent: '0' };
  }
  const spoken = match
    .slice(1)
    .find((group) => group !== undefined)!
    .trim();
  if (spoken.toLowerCase() === 'it') {
    // `it` is the folder the previous sentence creates: exactly one of the task's earlier folders.
    const previous = all[index - 1] ?? '';
    const named = [...createdNames.keys()].filter((created) => QUOTED_NAME(created).test(previous));
    if (named.length !== 1)
      return {
        ok: false,
        reason: `"${name}" is to be created inside "it", and the previous sentence names ${named.length} folder(s) the task creates`,
      };
    return { ok: true, parent: createdNames.get(named[0]!)! };
  }
  return resolveFolder(name, spoken, before, createdNames);
}

function resolveFolder(
  name: string,
  spoken: string,
  before: State,
  createdNames: ReadonlyMap<string, string>,
): BoxParent {
  const lower = spoken.toLowerCase();
  const created = [...createdNames.keys()].filter((folder) => folder.toLowerCase() === lower);
  const existing = before.hasTable('box_folders')
    ? before
        .rows('box_folders')
        .filter(
          (row) =>
            typeof row.name === 'string' &&
            row.name.toLowerCase() === lower &&
            row.item_status !== 'trashed' &&
            row.item_status !== 'deleted',
        )
    : [];
  const count = created.length + existing.length;
  if (count !== 1)
    return {
      ok: false,
      reason: `the instruction places "${name}" in "${spoken}", which names ${count} folders (the before-state's and the task's own; a recipe needs exactly one)`,
    };
  return created.length === 1
    ? { ok: true, parent: createdNames.get(created[0]!)! }
    : { ok: true, parent: existing[0]!.id as string };
}
