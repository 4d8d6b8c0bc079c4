// box_3: the brief is renamed and keeps the description, tags, folder and content it had
// in this run's before-state (whatever that text is), and no other brief changes.
// renameKeepPlan is the family's verifier; box_7 uses it with its own names.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type BoxObject,
  boxGet,
  folderByPath,
  folderItems,
  onlyNamed,
  sameTags,
} from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

/** What one task of the family names: the folder, the file and its new name. */
export interface RenameKeepSpec {
  folder: readonly string[];
  oldName: string;
  newName: string;
}

/** What must survive the rename: the file's own description and tags in this run. */
export interface Kept {
  description: unknown;
  tags: unknown;
}

const FIELDS = 'name,description,tags,parent,sha1,version_number';

export interface Seen {
  briefs: string;
  itemsBefore: BoxObject[];
  briefId: string;
  was: BoxObject;
}

/** The family's verifier for one task's names. */
export function renameKeepPlan(spec: RenameKeepSpec): VerifierPlan<Seen, Kept> {
  const { folder, oldName, newName } = spec;
  const folderName = folder[folder.length - 1];

  async function read({ before }: Run): Promise<Seen> {
    const briefs = await folderByPath(before, folder);
    const itemsBefore = await folderItems(before, briefs, 'name,sha1');
    const briefId = String(onlyNamed(itemsBefore, oldName, 'file', folder.join(' > ')).id);
    const was = await boxGet(before, `/files/${briefId}`, { fields: FIELDS });
    return { briefs, itemsBefore, briefId, was };
  }

  /** The description and tags to keep: the file's own in this run's before-state. */
  function required({ was }: Seen): Kept {
    return { description: was.description, tags: was.tags };
  }

  async function judge(
    { briefs, itemsBefore, briefId, was }: Seen,
    kept: Kept,
    { after }: Run,
  ): Promise<VerifierResult> {
    const now = await boxGet(after, `/files/${briefId}`, { fields: FIELDS });
    const itemsAfter = new Map(
      (await folderItems(after, briefs, 'name,sha1')).map((item) => [String(item.id), item]),
    );
    const othersChanged = itemsBefore
      .filter((item) => String(item.id) !== briefId)
      .filter((item) => {
        const later = itemsAfter.get(String(item.id));
        return !later || later.name !== item.name || later.sha1 !== item.sha1;
      });
    return verdictOf(
      [
        {
          name: 'renamed to the requested name',
          ok: now.name === newName,
          detail: `name ${JSON.stringify(now.name)}`,
        },
        {
          name: 'description kept as it was',
          ok: now.description === kept.description,
          detail: `${JSON.stringify(kept.description)} -> ${JSON.stringify(now.description)}`,
        },
        {
          name: 'tags kept as they were',
          ok: sameTags(now.tags, kept.tags),
          detail: `${JSON.stringify(kept.tags)} -> ${JSON.stringify(now.tags)}`,
        },
        {
          name: `still in ${folderName}`,
          ok: now.parent?.id === briefs,
          detail: `parent ${JSON.stringify(now.parent?.name)}`,
        },
        {
          name: 'content unchanged',
          ok: now.sha1 === was.sha1 && now.version_number === was.version_number,
          detail: `version ${was.version_number} -> ${now.version_number}`,
        },
        {
          name: `no other file in ${folderName} renamed or changed`,
          ok: othersChanged.length === 0,
          detail: `changed ${listedAsJson(othersChanged.map((item) => item.name))}`,
        },
      ],
      `Found "${oldName}" (file ${briefId}) in the before-state and compared it, and the rest of Briefs, after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = renameKeepPlan({
  folder: ['Projects', 'Millbrook School Courtyard', 'Briefs'],
  oldName: 'Millbrook School Courtyard - client brief.md',
  newName: 'Millbrook School Courtyard - client brief (signed off).md',
});
export const verify = verifierOf(plan);
