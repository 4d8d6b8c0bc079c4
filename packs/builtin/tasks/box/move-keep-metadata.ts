// The built-in Box task family of box_15: move a file and keep its metadata and comments.
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

const { deleteCommentCall, editItem, updateCall } = box;
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
  marta,
  pathSelectors,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_15: move a file and keep its metadata and comments
export const box15 = (ctx: Ctx): Task => {
  const millbrook = ['Projects', 'Millbrook School Courtyard'];
  const briefs = folderAt([...millbrook, 'Briefs']);
  const correspondence = folderAt([...millbrook, 'Correspondence']);
  const orchardCorrespondence = folderAt([
    'Projects',
    'Orchard Lane Community Garden',
    'Correspondence',
  ]);
  const name = 'Millbrook School Courtyard - client brief (old).md';
  const old = fileIn(name, briefs);
  const currentBrief = fileIn('Millbrook School Courtyard - client brief.md', briefs);
  const related: Patch = [
    editItem(
      'box_files',
      old,
      { description: "Superseded; kept for the governors' audit trail - see the comment." },
      call(ctx, priyaR, BEFORE_RUN),
    ),
  ];
  const panel = (state: State): Drafted[] => {
    const now = current(state, 'box_files', old);
    // PUT /files/{id} with the fields sent.
    const put = (file: Row, changes: ItemChanges): ApiCall[] => [updateCall('file', file, changes)];
    const comments = state.rows('box_comments').filter((row) => row.item_id === old.id);
    return [
      completeCalls(
        'complete',
        'PUT /files/{id} with the new parent, sending back the description and tags as they were read',
        put(old, {
          parent: correspondence,
          description: String(now.description),
          tags: now.tags as string[],
        }),
      ),
      alternativeCalls(
        'parent-only',
        'PUT /files/{id} with only the new parent',
        put(old, { parent: correspondence }),
      ),
      faultCalls(
        'description-cleared',
        'preservation',
        'moved, and the description sent as an empty text',
        put(old, { parent: correspondence, description: '' }),
      ),
      faultCalls(
        'comments-deleted',
        'preservation',
        'moved, and its comments deleted on the way (DELETE /comments/{id})',
        [...comments.map((row) => deleteCommentCall(row)), ...put(old, { parent: correspondence })],
      ),
      faultCalls(
        'moved-to-orchard-correspondence',
        'relation',
        "moved into Orchard Lane's Correspondence folder",
        put(old, { parent: orchardCorrespondence }),
      ),
      faultCalls(
        'moved-current-brief',
        'identity',
        'the current brief (without "(old)") is moved instead',
        put(currentBrief, { parent: correspondence }),
      ),
    ];
  };
  return task({
    id: 'box_15',
    family: 'box-move-file-keep-metadata',
    instruction: `Please move "${name}" from Briefs into Correspondence, both in Projects > Millbrook School Courtyard. Its description, tags and comments must stay exactly as they are.`,
    selectors: {
      ...pathSelectors(millbrook),
      briefs: {
        table: 'box_folders',
        where: { name: 'Briefs', parent_id: { ref: 'millbrook', field: 'id' } },
        cardinality: 'one',
      },
      correspondence: {
        table: 'box_folders',
        where: { name: 'Correspondence', parent_id: { ref: 'millbrook', field: 'id' } },
        cardinality: 'one',
      },
      old: fileSelector(name, 'briefs'),
      oldComments: {
        table: 'box_comments',
        where: { item_id: { ref: 'old', field: 'id' } },
        cardinality: { min: 1 },
        description: 'the comments on the file',
      },
    },
    checks: [
      {
        kind: 'field',
        name: 'in Millbrook › Correspondence',
        category: 'relation',
        reason: "the destination is the same project's Correspondence folder",
        target: 'old',
        field: 'parent_id',
        expect: { ref: 'correspondence', field: 'id' },
      },
      {
        kind: 'preserved',
        name: 'name, description, tags and content kept',
        category: 'preservation',
        reason: "they stay exactly as they are in this run's initial state",
        target: 'old',
        fields: ['name', 'description', 'tags', 'sha_1'],
      },
      {
        kind: 'deleted',
        name: 'its comments are still there',
        category: 'preservation',
        reason: 'the comments must stay',
        target: 'oldComments',
        expect: false,
      },
      untouched(
        'no other file moved or changed',
        'only the old brief moves',
        ['box_files'],
        'identity',
        ['old'],
      ),
      untouched(
        'comments, folders and contents untouched',
        'a move changes no comment, folder or version',
        ['box_comments', 'box_folders', 'box_file_versions'],
      ),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Kestrel Road Rain Garden', 'Budgets'],
        'Fee tracker.json',
        marta,
        'Stage E invoice raised on 6 March.',
      ),
      related: {
        description:
          "Priya Raman rewrote the old brief's description the day before: the description that must survive is a different text",
        change: 'preservation',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness:
      'the source run sent back the description it had read, which now overwrites the new one',
    traps: ['preserve-across-tables', 'copied-value', 'legal-alternative'],
  });
};
