import type { State } from '../../../state/state.js';

/**
 * The parent of a Box folder the task creates when its assertion leaves `parent_id` open
 * (docs/agent-diff.md, "Box folder parents"): read from the clause of the instruction that
 * creates the folder ("… in the root of the history folder", "Inside it, create …", "… under
 * 'Reports'"), the name resolved against the before-state's folders, the folders the task
 * renames and the folders it creates earlier; anything else is refused.
 */
export type BoxParent = { ok: true; parent: string } | { ok: false; reason: string };

export interface KnownFolders {
  /** Folders earlier calls of the task create: name → `{{N.id}}`, in the order made. */
  created: ReadonlyMap<string, string>;
  /** Existing folders the task renames: new name → id. */
  renamed?: ReadonlyMap<string, string>;
}

/** The sentences of an instruction; a dot inside a file name ("notes.txt") does not end one. */
function sentences(instruction: string): string[] {
  return instruction.split(/(?<=[.!?])\s+(?=[A-Z"'\u201c])/);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const quoted = (name: string) => new RegExp(`["'\u201c\u2018]${escaped(name)}["'\u201d\u2019]`);

// A folder's name as an instruction says it: quoted, or up to three words before "folder".
const NAME = String.raw`(?:"([^"]+)"|'([^']+)'|\u201c([^\u201d]+)\u201d|(?:the\s+)?([\w\-]+(?: [\w\-]+){0,2}?)\s+folder\b|(it)\b)`;
const ROOT = /\b(?:in|at)\s+(?:the\s+)?(?:box\s+)?root\b(?!\s+of)/i;
const AFTER: readonly RegExp[] = [
  new RegExp(String.raw`\b(?:in|at)\s+the\s+root\s+of\s+${NAME}`, 'i'),
  new RegExp(String.raw`\b(?:inside|within|under|into|in)\s+(?:the\s+)?${NAME}`, 'i'),
];
const BEFORE = new RegExp(String.raw`^\s*(?:inside|within|under|in)\s+(?:the\s+)?${NAME}\s*,`, 'i');
// Where the clause that creates the folder ends.
const CLAUSE_END = /[,;:]|\s(?:and|then|where|which|so|to|for)\s/i;
// Words that place a folder; a clause with one that no pattern reads is refused, not guessed.
const PLACING = /\b(?:inside|within|under|into|in it|root of|subfolder|nested|parent)\b/i;
// A create-a-folder phrase, for a folder whose name the instruction does not spell.
const CREATE_FOLDER = /\b(?:create|make|add)\b[^.]*?\b(?:sub)?folder\b/i;

/** `name`: the folder being created. `folders`: the task's other folders `name` may be put in. */
export function boxParentFromInstruction(
  name: string,
  instruction: string,
  before: State,
  folders: KnownFolders,
): BoxParent {
  const all = sentences(instruction);
  let index = all.findIndex((sentence) => quoted(name).test(sentence));
  let anchor: { start: number; end: number } | undefined;
  if (index >= 0) {
    const match = quoted(name).exec(all[index]!)!;
    anchor = { start: match.index, end: match.index + match[0].length };
  } else {
    // A name derived from the data ("my display name"): the one sentence that creates a folder.
    const creating = all.flatMap((sentence, i) => (CREATE_FOLDER.test(sentence) ? [i] : []));
    if (creating.length !== 1)
      return {
        ok: false,
        reason: `the instruction does not quote the folder "${name}" and ${creating.length} sentences create a folder`,
      };
    index = creating[0]!;
    const match = CREATE_FOLDER.exec(all[index]!)!;
    anchor = { start: match.index, end: match.index + match[0].length };
  }
  const sentence = all[index]!;
  const rest = sentence.slice(anchor.end);
  const end = CLAUSE_END.exec(rest);
  const after = end ? rest.slice(0, end.index) : rest;
  if (ROOT.test(after) && !AFTER.some((pattern) => pattern.test(after)))
    return { ok: true, parent: '0' };
  const found =
    AFTER.map((pattern) => pattern.exec(after)).find((m) => m !== null) ??
    BEFORE.exec(sentence.slice(0, anchor.start));
  if (!found) {
    if (PLACING.test(after) || PLACING.test(sentence.slice(0, anchor.start).split(',')[0]!))
      return {
        ok: false,
        reason: `the instruction places "${name}" in a way no recipe reads ("${sentence.trim()}")`,
      };
    // Nothing in the assertions or the instruction places it: the Box root, as a client does.
    return { ok: true, parent: '0' };
  }
  const spoken = found
    .slice(1)
    .find((group) => group !== undefined)!
    .trim();
  if (spoken.toLowerCase() === 'it') return antecedent(name, all, index, anchor.start, folders);
  return resolveFolder(name, spoken, before, folders);
}

/** `it`: the one folder the task creates that the same sentence (before the name) or the previous one names. */
function antecedent(
  name: string,
  all: readonly string[],
  index: number,
  start: number,
  folders: KnownFolders,
): BoxParent {
  const named = (text: string) =>
    [...folders.created.keys()].filter((folder) => folder !== name && quoted(folder).test(text));
  const here = named(all[index]!.slice(0, start));
  const candidates = here.length > 0 ? here : named(all[index - 1] ?? '');
  if (candidates.length !== 1)
    return {
      ok: false,
      reason: `"${name}" is to be created inside "it", which names ${candidates.length} folder(s) the task creates before it`,
    };
  return { ok: true, parent: folders.created.get(candidates[0]!)! };
}

function resolveFolder(
  name: string,
  spoken: string,
  before: State,
  folders: KnownFolders,
): BoxParent {
  const lower = spoken.toLowerCase();
  const own = (map: ReadonlyMap<string, string> | undefined) =>
    [...(map ?? new Map<string, string>()).entries()]
      .filter(([folder]) => folder.toLowerCase() === lower)
      .map(([, id]) => id);
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
        .map((row) => row.id as string)
    : [];
  const ids = [...new Set([...own(folders.created), ...own(folders.renamed), ...existing])];
  if (ids.length !== 1)
    return {
      ok: false,
      reason: `the instruction places "${name}" in "${spoken}", which names ${ids.length} folders (the before-state's and the task's own; a recipe needs exactly one)`,
    };
  return { ok: true, parent: ids[0]! };
}
