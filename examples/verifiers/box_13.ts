// box_13: every photo of Orchard Lane > Site photos whose name ends in "-blurred.png" is in
// the trash (restorable, not deleted for good), and every other photo stays. The folder
// holds more photos than one page of its listing, so the set is read across all pages.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type BoxObject, boxGetOrNull, folderByPath, folderItems } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Orchard Lane Community Garden', 'Site photos'];
const SUFFIX = '-blurred.png';

export interface Seen {
  folderId: string;
  items: BoxObject[];
}

async function read({ before }: Run): Promise<Seen> {
  const folderId = await folderByPath(before, FOLDER);
  return { folderId, items: await folderItems(before, folderId, 'name,sha1') };
}

/** The names of the photos to trash: this run's photos ending in the suffix. */
function required({ items }: Seen): string[] {
  return items
    .filter((item) => item.type === 'file' && String(item.name).endsWith(SUFFIX))
    .map((item) => String(item.name));
}

async function judge(
  { folderId, items }: Seen,
  names: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  const folder = await boxGetOrNull(after, `/folders/${folderId}`, { fields: 'name' });
  const later = new Map(
    (folder ? await folderItems(after, folderId, 'name,sha1') : []).map((item) => [
      String(item.id),
      item,
    ]),
  );
  const members = items.filter((item) => item.type === 'file' && names.includes(String(item.name)));
  const absent = names.filter((name) => !members.some((item) => item.name === name));
  const notTrashed: string[] = [...absent];
  for (const item of members) {
    const trashed = await boxGetOrNull(after, `/files/${item.id}/trash`, {
      fields: 'name,item_status',
    });
    if (later.has(String(item.id)) || trashed?.item_status !== 'trashed')
      notTrashed.push(String(item.name));
  }
  const othersGone = items
    .filter((item) => !members.includes(item))
    .filter((item) => {
      const now = later.get(String(item.id));
      return !now || now.name !== item.name || now.sha1 !== item.sha1;
    });
  return verdictOf(
    [
      { name: 'the folder is still there', ok: folder !== null, detail: `folder ${folderId}` },
      {
        name: `every photo ending in ${SUFFIX} is in the trash`,
        ok: members.length > 0 && notTrashed.length === 0,
        detail: `to trash ${listedAsJson(names)}; not in the trash ${listedAsJson(notTrashed)}`,
      },
      {
        name: 'every other photo stayed as it was',
        ok: othersGone.length === 0,
        detail: `gone or changed ${listedAsJson(othersGone.map((item) => item.name))}`,
      },
    ],
    `Read ${items.length} items of ${FOLDER.join(' > ')} (all pages) in the before-state, ${members.length} ending in ${SUFFIX}, and looked for them in the folder and the trash after the run.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
