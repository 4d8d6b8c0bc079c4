// box_14: every photo of Kestrel Road > Site photos carries the tag "highways-review" and
// keeps the tags it had; nothing else changes. The folder holds more photos than one page
// of its listing, so the photos are read across all pages.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { type BoxObject, boxGet, folderByPath, folderItems } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Kestrel Road Rain Garden', 'Site photos'];
const TAG = 'highways-review';
const FIELDS = 'name,tags,description,sha1';

export interface Seen {
  folderId: string;
  folder: BoxObject;
  items: BoxObject[];
}

async function read({ before }: Run): Promise<Seen> {
  const folderId = await folderByPath(before, FOLDER);
  return {
    folderId,
    folder: await boxGet(before, `/folders/${folderId}`, { fields: 'name,tags' }),
    items: await folderItems(before, folderId, FIELDS),
  };
}

/** The names of the photos to tag: every file in this run's folder. */
function required({ items }: Seen): string[] {
  return items.filter((item) => item.type === 'file').map((item) => String(item.name));
}

async function judge(
  { folderId, folder, items }: Seen,
  names: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  const later = new Map(
    (await folderItems(after, folderId, FIELDS)).map((item) => [String(item.id), item]),
  );
  const folderNow = await boxGet(after, `/folders/${folderId}`, { fields: 'name,tags' });
  const members = items.filter((item) => item.type === 'file' && names.includes(String(item.name)));
  const absent = names.filter((name) => !members.some((item) => item.name === name));
  const tagsOf = (item: BoxObject | undefined): string[] => (item?.tags ?? []) as string[];
  const untagged = [
    ...absent,
    ...members
      .filter((item) => !tagsOf(later.get(String(item.id))).includes(TAG))
      .map((item) => String(item.name)),
  ];
  const lostTags = members.filter((item) => {
    const now = tagsOf(later.get(String(item.id)));
    return tagsOf(item).some((tag) => !now.includes(tag));
  });
  const otherwiseChanged = members.filter((item) => {
    const now = later.get(String(item.id));
    return (
      !now ||
      now.name !== item.name ||
      now.description !== item.description ||
      now.sha1 !== item.sha1
    );
  });
  const othersChanged = items
    .filter((item) => !members.includes(item))
    .filter((item) => {
      const now = later.get(String(item.id));
      return !now || JSON.stringify(now) !== JSON.stringify(item);
    });
  return verdictOf(
    [
      {
        name: `every photo carries "${TAG}"`,
        ok: members.length > 0 && untagged.length === 0,
        detail: `${members.length} photos; without the tag ${listedAsJson(untagged)}`,
      },
      {
        name: 'every photo keeps the tags it had',
        ok: lostTags.length === 0,
        detail: `lost tags ${listedAsJson(lostTags.map((item) => item.name))}`,
      },
      {
        name: 'photos otherwise unchanged',
        ok: otherwiseChanged.length === 0,
        detail: `changed ${listedAsJson(otherwiseChanged.map((item) => item.name))}`,
      },
      {
        name: 'nothing else in the folder changed',
        ok: othersChanged.length === 0,
        detail: `changed ${listedAsJson(othersChanged.map((item) => item.name))}`,
      },
      {
        name: 'the folder itself is not tagged',
        ok: JSON.stringify(folderNow.tags ?? []) === JSON.stringify(folder.tags ?? []),
        detail: `folder tags ${JSON.stringify(folderNow.tags)}`,
      },
    ],
    `Read ${items.length} items of ${FOLDER.join(' > ')} (all pages) in the before-state and compared their tags after the run.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
