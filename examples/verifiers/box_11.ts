// box_11: the Harbour Steps cost plan v1 gets exactly the tags the v2 beside it has in this
// run's before-state; v2 and everything else in the folder stay as they were.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type BoxObject, folderByPath, folderItems, onlyNamed, sameTags } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Harbour Steps Pocket Park', 'Budgets'];
const TARGET = 'Harbour Steps Pocket Park cost plan v1.csv';
const SOURCE = 'Harbour Steps Pocket Park cost plan v2.csv';
const FIELDS = 'name,tags,description,sha1';

export interface Seen {
  folderId: string;
  items: BoxObject[];
  target: BoxObject;
  source: BoxObject;
}

async function read({ before }: Run): Promise<Seen> {
  const folderId = await folderByPath(before, FOLDER);
  const items = await folderItems(before, folderId, FIELDS);
  const where = FOLDER.join(' > ');
  return {
    folderId,
    items,
    target: onlyNamed(items, TARGET, 'file', where),
    source: onlyNamed(items, SOURCE, 'file', where),
  };
}

/** The tags to copy: v2's own in this run's before-state. */
function required({ source }: Seen): unknown {
  return source.tags;
}

async function judge(
  { folderId, items, target, source }: Seen,
  tags: unknown,
  { after }: Run,
): Promise<VerifierResult> {
  const later = new Map(
    (await folderItems(after, folderId, FIELDS)).map((item) => [String(item.id), item]),
  );
  const v1 = later.get(String(target.id));
  const v2 = later.get(String(source.id));
  const othersChanged = items
    .filter((item) => item.id !== target.id && item.id !== source.id)
    .filter((item) => {
      const now = later.get(String(item.id));
      return (
        !now ||
        now.name !== item.name ||
        !sameTags(now.tags, item.tags) ||
        now.description !== item.description ||
        now.sha1 !== item.sha1
      );
    });
  return verdictOf(
    [
      {
        name: "v1 has v2's tags",
        ok: v1 !== undefined && sameTags(v1.tags, tags),
        detail: `v1 ${JSON.stringify(v1?.tags)}; v2's ${JSON.stringify(tags)}`,
      },
      {
        name: 'v2 keeps its tags',
        ok: v2 !== undefined && sameTags(v2.tags, source.tags),
        detail: `${JSON.stringify(source.tags)} -> ${JSON.stringify(v2?.tags)}`,
      },
      {
        name: 'v1 otherwise unchanged',
        ok:
          v1 !== undefined &&
          v1.name === target.name &&
          v1.description === target.description &&
          v1.sha1 === target.sha1,
        detail: `description ${JSON.stringify(v1?.description)}`,
      },
      {
        name: 'v2 otherwise unchanged',
        ok: v2 !== undefined && v2.name === source.name && v2.description === source.description,
        detail: `description ${JSON.stringify(v2?.description)}`,
      },
      {
        name: 'nothing else in the folder changed',
        ok: othersChanged.length === 0,
        detail: `changed ${listedAsJson(othersChanged.map((item) => item.name))}`,
      },
    ],
    `Read the tags of "${SOURCE}" in ${FOLDER.join(' > ')} of the before-state and compared the folder after the run.`,
  );
}

export const plan: VerifierPlan<Seen, unknown> = { read, required, judge };
export const verify = verifierOf(plan);
