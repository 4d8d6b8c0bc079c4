// The built-in Box task family of box_11: copy the tags of one file onto another.
import {
  type ApiCall,
  applyPatch,
  box,
  type Patch,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { untouched } from './checks.js';

const { editItem, updateCall } = box;
type ItemChanges = box.ItemChanges;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  commentElsewhere,
  completeCalls,
  current,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  pathSelectors,
  priyaD,
  task,
} from './context.js';

// ================================================================ box_11: copy the tags of one file onto another
export const box11 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Harbour Steps Pocket Park', 'Budgets'];
  const budgets = folderAt(folder);
  const v1 = fileIn('Harbour Steps Pocket Park cost plan v1.csv', budgets);
  const v2 = fileIn('Harbour Steps Pocket Park cost plan v2.csv', budgets);
  const tenderV2 = fileIn(
    'Harbour Steps Pocket Park cost plan v2.csv',
    folderAt(['Projects', 'Harbour Steps Pocket Park (tender 2024)', 'Budgets']),
  );
  const related: Patch = [
    editItem(
      'box_files',
      v2,
      { tags: [...(v2.tags as string[]), 'port-approved'] },
      call(ctx, priyaD, BEFORE_RUN),
    ),
  ];
  const panel = (state: State): Drafted[] => {
    const tags = current(state, 'box_files', v2).tags as string[];
    const own = v1.tags as string[];
    // PUT /files/{id} with the fields sent.
    const put = (file: Row, changes: ItemChanges): ApiCall[] => [updateCall('file', file, changes)];
    return [
      completeCalls('complete', "PUT /files/{id} on v1 with v2's tags", put(v1, { tags })),
      alternativeCalls(
        'whole-object-put',
        "PUT /files/{id} on v1 with v2's tags, sending back v1's own name and description unchanged",
        put(v1, { tags, name: String(v1.name), description: String(v1.description) }),
      ),
      faultCalls(
        'tags-from-tender-copy',
        'value',
        'the tags are copied from the cost plan v2 of the 2024 tender folder',
        put(v1, { tags: tenderV2.tags as string[] }),
      ),
      faultCalls(
        'own-tag-kept',
        'value',
        'v2\'s tags are added to v1\'s own, so v1 keeps its "superseded" tag',
        put(v1, { tags: [...own, ...tags.filter((tag) => !own.includes(tag))] }),
      ),
      faultCalls(
        'copied-backwards',
        'relation',
        "v1's tags are written onto v2 instead",
        put(v2, { tags: own }),
      ),
      faultCalls(
        'description-copied-too',
        'preservation',
        "v1 gets v2's tags and also v2's description",
        put(v1, { tags, description: String(v2.description) }),
      ),
    ];
  };
  return task({
    id: 'box_11',
    family: 'box-copy-tags-between-files',
    instruction:
      'In Projects > Harbour Steps Pocket Park > Budgets, give "Harbour Steps Pocket Park cost plan v1.csv" exactly the same tags as "Harbour Steps Pocket Park cost plan v2.csv" in that folder has. Change nothing else.',
    selectors: {
      ...pathSelectors(folder),
      v1: fileSelector('Harbour Steps Pocket Park cost plan v1.csv', 'budgets'),
      v2: fileSelector('Harbour Steps Pocket Park cost plan v2.csv', 'budgets'),
    },
    checks: [
      {
        kind: 'field',
        name: "v1 has v2's tags",
        category: 'value',
        reason: "the tags are copied from v2 as it is in this run's initial state",
        target: 'v1',
        field: 'tags',
        expect: { ref: 'v2', field: 'tags' },
      },
      {
        kind: 'preserved',
        name: 'v2 keeps its tags',
        category: 'relation',
        reason: 'the copy goes from v2 to v1, never the other way',
        target: 'v2',
        fields: ['tags'],
      },
      {
        kind: 'preserved',
        name: 'v1 keeps everything else',
        category: 'preservation',
        reason: 'change nothing else',
        target: 'v1',
        fields: ['name', 'description', 'parent_id', 'sha_1'],
      },
      untouched('no other file changed', 'change nothing else', ['box_files'], 'identity', ['v1']),
      untouched(
        'folders and contents untouched',
        'tags are metadata; no content or folder changes',
        ['box_folders', 'box_file_versions'],
      ),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Harbour Steps Pocket Park', 'Planting'],
        'Species list.csv',
        priyaD,
        'Sea thrift and sea holly added for the salt spray.',
      ),
      related: {
        description:
          'Priya Desai tagged the v2 cost plan "port-approved" the day before: the tags to copy are a different list',
        change: 'value',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: 'the source run wrote the tag list it read from v2, which now lacks the new tag',
    traps: ['copied-value', 'shared-name', 'legal-alternative'],
  });
};
