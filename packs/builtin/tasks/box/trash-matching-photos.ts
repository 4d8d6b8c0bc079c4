// The built-in Box task family of box_13: trash every matching photo of a large folder.
import {
  type ApiCall,
  applyPatch,
  box,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { untouched } from './checks.js';

const { purgeCall, trashCall, uploadFile } = box;

import {
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  commentElsewhere,
  completeCalls,
  DEFAULT_PAGE,
  type Drafted,
  faultCalls,
  fileIn,
  folderAt,
  listed,
  pathSelectors,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_13: trash every matching photo of a large folder
export const box13 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Orchard Lane Community Garden', 'Site photos'];
  const photos = folderAt(folder);
  const suffix = '-blurred.png';
  const related = uploadFile(
    'OL-photo-131-blurred.png',
    photos,
    'blurred walkover photo 131\n',
    call(ctx, priyaR, BEFORE_RUN),
  ).ops;
  const panel = (state: State): Drafted[] => {
    const members = listed(state, photos).filter((row) => String(row.name).endsWith(suffix));
    const firstPage = listed(state, photos).slice(0, DEFAULT_PAGE);
    const retouched = fileIn('OL-photo-063-blurred-retouched.png', photos, state);
    // DELETE /files/{id}, one call per photo: each goes to the trash.
    const trash = (rows: readonly Row[]): ApiCall[] => rows.map((row) => trashCall('file', row));
    return [
      completeCalls(
        'complete',
        `DELETE /files/{id} (to the trash) for each of the ${members.length} photos ending in ${suffix}`,
        trash(members),
      ),
      faultCalls(
        'first-page-only',
        'set',
        'only the matching photos of the first page of the folder listing (100 entries) are trashed',
        trash(members.filter((row) => firstPage.includes(row))),
      ),
      faultCalls(
        'retouched-trashed-too',
        'set',
        'a "contains -blurred" match also trashes the retouched photo',
        trash([...members, retouched]),
      ),
      faultCalls(
        'deleted-permanently',
        'preservation',
        'the photos are deleted for good (trash emptied): nothing can be restored',
        // Box deletes for good only from the trash: DELETE /files/{id}, then DELETE /files/{id}/trash.
        members.flatMap((row) => [trashCall('file', row), purgeCall('file', row)]),
      ),
      faultCalls('folder-trashed', 'identity', 'the whole Site photos folder is trashed instead', [
        trashCall('folder', photos),
      ]),
    ];
  };
  return task({
    id: 'box_13',
    family: 'box-trash-matching-photos',
    instruction: `In Projects > Orchard Lane Community Garden > Site photos, please move every photo whose name ends in "${suffix}" to the trash. Keep all the other photos.`,
    selectors: {
      ...pathSelectors(folder),
      blurred: {
        table: 'box_files',
        where: {
          parent_id: { ref: 'site', field: 'id' },
          name: { endsWith: suffix },
          item_status: 'active',
        },
        cardinality: { min: 1 },
        description: "the folder's photos ending in -blurred.png in this run's before-state",
      },
    },
    checks: [
      {
        kind: 'field',
        name: 'every blurred photo is in the trash',
        category: 'set',
        reason:
          'the instruction asks for every matching photo, as the folder holds them now (more than one page)',
        target: 'blurred',
        field: 'item_status',
        expect: 'trashed',
      },
      {
        kind: 'preserved',
        name: 'trashed photos can be restored',
        category: 'preservation',
        reason: 'moving to the trash keeps the file and its place',
        target: 'blurred',
        fields: ['name', 'parent_id', 'sha_1'],
      },
      untouched(
        'no other photo trashed or changed',
        'keep all the other photos',
        ['box_files'],
        'set',
        ['blurred'],
      ),
      untouched(
        'the folder stays',
        'only photos are trashed, not their folder',
        ['box_folders'],
        'identity',
      ),
      untouched('contents kept', 'the trash keeps every version', ['box_file_versions']),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Orchard Lane Community Garden', 'Planting'],
        'Species list.csv',
        priyaD,
        'Swapped Discovery for Egremont Russet at the north end.',
      ),
      related: {
        description:
          'Priya Raman uploaded one more blurred photo (OL-photo-131-blurred.png, on the second page of the listing) the day before: the set to trash has six members',
        change: 'membership',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: 'the source run trashed the five photos it saw; the sixth stays',
    traps: ['pagination', 'archived-or-trashed'],
  });
};
