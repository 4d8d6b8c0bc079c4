// The built-in Box task family of box_14: tag every file of a large folder, keeping tags.
import {
  type ApiCall,
  applyPatch,
  box,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { untouched } from './checks.js';

const { updateCall, uploadFile } = box;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  commentElsewhere,
  completeCalls,
  DEFAULT_PAGE,
  type Drafted,
  faultCalls,
  folderAt,
  listed,
  marta,
  pathSelectors,
  priyaD,
  task,
} from './context.js';

// ================================================================ box_14: tag every file of a large folder, keeping tags
export const box14 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Kestrel Road Rain Garden', 'Site photos'];
  const photos = folderAt(folder);
  const tag = 'highways-review';
  const related = uploadFile(
    'KR-kerb-109.png',
    photos,
    'kerb photo 109\n',
    call(ctx, marta, BEFORE_RUN),
    { tags: ['photo'] },
  ).ops;
  const panel = (state: State): Drafted[] => {
    const members = listed(state, photos);
    // PUT /files/{id} with the whole new tag list, one call per photo.
    const tagAll = (rows: readonly Row[], tags: (row: Row) => string[]): ApiCall[] =>
      rows.map((row) => updateCall('file', row, { tags: tags(row) }));
    const own = (row: Row) => row.tags as string[];
    return [
      completeCalls(
        'complete',
        `PUT /files/{id} on each of the ${members.length} photos, its tags plus "${tag}"`,
        tagAll(members, (row) => [...own(row), tag]),
      ),
      alternativeCalls(
        'tag-first',
        `the same, with "${tag}" put first in each tag list`,
        tagAll(members, (row) => [tag, ...own(row)]),
      ),
      faultCalls(
        'first-page-only',
        'set',
        'only the photos of the first page of the listing (100 entries) are tagged',
        tagAll(members.slice(0, DEFAULT_PAGE), (row) => [...own(row), tag]),
      ),
      faultCalls(
        'tags-replaced',
        'preservation',
        `each photo's tags are replaced by ["${tag}"]`,
        tagAll(members, () => [tag]),
      ),
      faultCalls(
        'tag-with-space',
        'value',
        'the tag is written "highways review"',
        tagAll(members, (row) => [...own(row), 'highways review']),
      ),
      faultCalls(
        'folder-tagged',
        'identity',
        'the Site photos folder is tagged instead of its photos',
        [updateCall('folder', photos, { tags: [tag] })],
      ),
    ];
  };
  return task({
    id: 'box_14',
    family: 'box-tag-every-file-in-folder',
    instruction: `Add the tag "${tag}" to every photo in Projects > Kestrel Road Rain Garden > Site photos. Each photo keeps the tags it already has.`,
    selectors: {
      ...pathSelectors(folder),
      photos: {
        table: 'box_files',
        where: { parent_id: { ref: 'site', field: 'id' }, item_status: 'active' },
        cardinality: { min: 1 },
        description: "every photo in the folder in this run's before-state",
      },
      marked: {
        table: 'box_files',
        where: {
          parent_id: { ref: 'site', field: 'id' },
          item_status: 'active',
          tags: { contains: 'dropped-kerb' },
        },
        cardinality: { min: 1 },
        description: 'the photos already tagged dropped-kerb',
      },
    },
    checks: [
      {
        kind: 'field',
        name: `every photo carries "${tag}"`,
        category: 'set',
        reason: 'every photo of the folder, as it holds them now (more than one page)',
        target: 'photos',
        field: 'tags',
        expect: { contains: tag },
      },
      {
        kind: 'field',
        name: 'every photo keeps "photo"',
        category: 'preservation',
        reason: 'each photo keeps the tags it already has',
        target: 'photos',
        field: 'tags',
        expect: { contains: 'photo' },
      },
      {
        kind: 'field',
        name: 'dropped-kerb photos keep "dropped-kerb"',
        category: 'preservation',
        reason: 'each photo keeps the tags it already has',
        target: 'marked',
        field: 'tags',
        expect: { contains: 'dropped-kerb' },
      },
      {
        kind: 'count',
        name: `the tag is spelled "${tag}"`,
        category: 'value',
        reason: 'the instruction gives the tag verbatim',
        table: 'box_files',
        scope: 'updated',
        where: { tags: { contains: tag } },
        expect: { min: 1 },
      },
      {
        kind: 'preserved',
        name: 'photos otherwise unchanged',
        category: 'preservation',
        reason: 'only tags are added',
        target: 'photos',
        fields: ['name', 'parent_id', 'description', 'sha_1'],
      },
      untouched(
        'no other file changed',
        'only the photos of that folder are tagged',
        ['box_files'],
        'set',
        ['photos'],
      ),
      untouched(
        'folders untouched',
        'the folder itself is not tagged',
        ['box_folders'],
        'identity',
      ),
      untouched('contents untouched', 'tags are metadata', ['box_file_versions']),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Orchard Lane Community Garden', 'Planting'],
        'Planting design notes.md',
        priyaD,
        'Bed 3 stays wet: moved the thyme to the gravel edge.',
      ),
      related: {
        description:
          'Marta uploaded one more kerb photo (KR-kerb-109.png) the day before: the set to tag has 109 members',
        change: 'membership',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: 'the source run tagged the 108 photos it saw; the new one stays untagged',
    traps: ['pagination', 'legal-alternative'],
  });
};
