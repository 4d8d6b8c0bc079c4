// box_3: the brief is renamed and keeps the description, tags, folder and content it had
// in this run's before-state (whatever that text is), and no other brief changes.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type BoxObject, boxGet, folderByPath, folderItems, onlyNamed } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Millbrook School Courtyard', 'Briefs'];
const OLD_NAME = 'Millbrook School Courtyard - client brief.md';
const NEW_NAME = 'Millbrook School Courtyard - client brief (signed off).md';
const FIELDS = 'name,description,tags,parent,sha1,version_number';

export interface Seen {
  briefs: string;
  itemsBefore: BoxObject[];
  briefId: string;
  was: BoxObject;
}

const sameTags = (a: unknown, b: unknown) =>
  JSON.stringify([...((a as string[]) ?? [])].sort()) ===
  JSON.stringify([...((b as string[]) ?? [])].sort());

async function read({ before }: Run): Promise<Seen> {
  const briefs = await folderByPath(before, FOLDER);
  const itemsBefore = await folderItems(before, briefs, 'name,sha1');
  const briefId = String(onlyNamed(itemsBefore, OLD_NAME, 'file', FOLDER.join(' > ')).id);
  const was = await boxGet(before, `/files/${briefId}`, { fields: FIELDS });
  return { briefs, itemsBefore, briefId, was };
}

/** The description to keep: the brief's own in this run's before-state. */
function required({ was }: Seen): unknown {
  return was.description;
}

async function judge(
  { briefs, itemsBefore, briefId, was }: Seen,
  description: unknown,
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
        ok: now.name === NEW_NAME,
        detail: `name ${JSON.stringify(now.name)}`,
      },
      {
        name: 'description kept as it was',
        ok: now.description === description,
        detail: `${JSON.stringify(description)} -> ${JSON.stringify(now.description)}`,
      },
      {
        name: 'tags kept as they were',
        ok: sameTags(now.tags, was.tags),
        detail: `${JSON.stringify(was.tags)} -> ${JSON.stringify(now.tags)}`,
      },
      {
        name: 'still in Briefs',
        ok: now.parent?.id === briefs,
        detail: `parent ${JSON.stringify(now.parent?.name)}`,
      },
      {
        name: 'content unchanged',
        ok: now.sha1 === was.sha1 && now.version_number === was.version_number,
        detail: `version ${was.version_number} -> ${now.version_number}`,
      },
      {
        name: 'no other brief renamed or changed',
        ok: othersChanged.length === 0,
        detail: `changed ${listedAsJson(othersChanged.map((item) => item.name))}`,
      },
    ],
    `Found "${OLD_NAME}" (file ${briefId}) in the before-state and compared it, and the rest of Briefs, after the run.`,
  );
}

export const plan: VerifierPlan<Seen, unknown> = { read, required, judge };
export const verify = verifierOf(plan);
