// The built-in Box task family of box3, box7: rename a file and keep its metadata.
import {
  applyPatch,
  box,
  idOf,
  type Patch,
  type Row,
  type State,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';

import { untouched } from './checks.js';

const { currentContent, editItem, newVersion, updateCall } = box;
type ItemChanges = box.ItemChanges;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  completeCalls,
  current,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  folderIn,
  keysOf,
  marta,
  pathSelectors,
  priyaR,
  task,
} from './context.js';

// ================================================================ family: rename a file and keep its metadata
interface RenameSpec {
  id: string;
  folder: readonly string[];
  oldName: string;
  newName: string;
  lookalike: string;
  instruction: string;
  /** A PUT that overwrites one of the kept fields. */
  overwrite: { id: string; description: string; set: Row };
  wrongName: { id: string; description: string; name: string };
  wrongFolder: { id: string; description: string; folder: string };
  background: (ctx: Ctx, named: Row) => { description: string; patch: Patch };
  related: (ctx: Ctx, named: Row) => { description: string; patch: Patch };
  witness: string;
  traps: Trap[];
}

function renameKeep(ctx: Ctx, spec: RenameSpec): Task {
  const folder = folderAt(spec.folder);
  const named = fileIn(spec.oldName, folder);
  const lookalike = fileIn(spec.lookalike, folder);
  const wrongFolder = folderIn(spec.wrongFolder.folder, folderAt(spec.folder.slice(0, -1)));
  const background = spec.background(ctx, named);
  const related = spec.related(ctx, named);
  const panel = (state: State): Drafted[] => {
    const now = current(state, 'box_files', named);
    // PUT /files/{id} with the fields sent.
    const put = (changes: ItemChanges) => [updateCall('file', now, changes)];
    return [
      completeCalls(
        'complete',
        'PUT /files/{id} with the new name, sending back the description and tags as they were read',
        put({
          name: spec.newName,
          description: String(now.description),
          tags: now.tags as string[],
        }),
      ),
      alternativeCalls(
        'name-only',
        'PUT /files/{id} with only the new name',
        put({ name: spec.newName }),
      ),
      faultCalls(
        spec.overwrite.id,
        'preservation',
        spec.overwrite.description,
        put({ name: spec.newName, ...(spec.overwrite.set as ItemChanges) }),
      ),
      faultCalls(
        'renamed-old-brief',
        'identity',
        `the look-alike "${spec.lookalike}" is renamed instead`,
        [updateCall('file', lookalike, { name: spec.newName })],
      ),
      faultCalls(
        spec.wrongName.id,
        'value',
        spec.wrongName.description,
        put({ name: spec.wrongName.name }),
      ),
      faultCalls(
        spec.wrongFolder.id,
        'relation',
        spec.wrongFolder.description,
        put({ name: spec.newName, parent: wrongFolder }),
      ),
    ];
  };
  const keys = keysOf(spec.folder);
  const folderKey = keys[keys.length - 1]!;
  return task({
    id: spec.id,
    family: 'box-rename-keep-description',
    instruction: spec.instruction,
    selectors: {
      ...pathSelectors(spec.folder, keys),
      brief: fileSelector(spec.oldName, folderKey),
    },
    checks: [
      {
        kind: 'field',
        name: 'renamed to the requested name',
        category: 'value',
        reason: 'the instruction gives the new name verbatim',
        target: 'brief',
        field: 'name',
        expect: spec.newName,
      },
      {
        kind: 'preserved',
        name: 'description and tags kept',
        category: 'preservation',
        reason:
          "the instruction says to leave them exactly as they are in this run's initial state",
        target: 'brief',
        fields: ['description', 'tags'],
      },
      {
        kind: 'preserved',
        name: `still in ${spec.folder[spec.folder.length - 1]}`,
        category: 'relation',
        reason: 'the file stays in its folder',
        target: 'brief',
        fields: ['parent_id'],
      },
      untouched(
        'no other file renamed or changed',
        'only the named file is renamed, not its look-alike',
        ['box_files'],
        'identity',
        ['brief'],
      ),
      untouched(
        'contents and folders untouched',
        'a rename uploads no new version and changes no folder',
        ['box_file_versions', 'box_folders'],
      ),
    ],
    conditions: { background, related: { ...related, change: 'preservation' } },
    source: panel(base),
    related: panel(applyPatch(base, related.patch)),
    witness: spec.witness,
    traps: spec.traps,
  });
}

export const box3 = (ctx: Ctx): Task => {
  const briefName = 'Millbrook School Courtyard - client brief.md';
  const newName = 'Millbrook School Courtyard - client brief (signed off).md';
  return renameKeep(ctx, {
    id: 'box_3',
    folder: ['Projects', 'Millbrook School Courtyard', 'Briefs'],
    oldName: briefName,
    newName,
    lookalike: 'Millbrook School Courtyard - client brief (old).md',
    instruction: `The Millbrook brief is signed off. Please rename "${briefName}" (Projects > Millbrook School Courtyard > Briefs) to "${newName}". Leave its description and tags exactly as they are, and keep it in Briefs.`,
    overwrite: {
      id: 'description-replaced',
      description: 'renamed, and the description overwritten with "Signed off."',
      set: { description: 'Signed off.' },
    },
    wrongName: {
      id: 'suffix-without-brackets',
      description: 'renamed to "... client brief signed off.md" (not the requested name)',
      name: 'Millbrook School Courtyard - client brief signed off.md',
    },
    wrongFolder: {
      id: 'moved-to-correspondence',
      description: 'renamed and moved into Correspondence',
      folder: 'Correspondence',
    },
    background: (_c, brief): { description: string; patch: Patch } => {
      const reviewTask = base.rows('box_tasks').find((row) => row.item_id === brief.id)!;
      const assignment = base
        .rows('box_task_assignments')
        .find((row) => row.task_id === reviewTask.id)!;
      return {
        description: 'Priya Raman approved the review task on the brief the day before',
        patch: [
          {
            op: 'update',
            table: 'box_task_assignments',
            key: { id: idOf(assignment) },
            set: { resolution_state: 'approved', completed_at: BEFORE_RUN },
          },
          {
            op: 'update',
            table: 'box_tasks',
            key: { id: idOf(reviewTask) },
            set: { is_completed: true },
          },
        ],
      };
    },
    related: (c, brief) => ({
      description:
        "Priya Raman rewrote the brief's description the day before (signed off by the governors): the description that must survive is a different text",
      patch: [
        editItem(
          'box_files',
          brief,
          {
            description:
              'Signed off by the governors on 4 March 2026 - issue to the contractor with the drawings.',
          },
          call(c, priyaR, BEFORE_RUN),
        ),
      ],
    }),
    witness:
      'the source run sent back the description it had read, which now overwrites the new one',
    traps: ['copied-value', 'legal-alternative'],
  });
};

export const box7 = (ctx: Ctx): Task => {
  const oldName = 'Harbour Steps Pocket Park - client brief.md';
  const newName = 'Harbour Steps Pocket Park - client brief (issued).md';
  return renameKeep(ctx, {
    id: 'box_7',
    folder: ['Projects', 'Harbour Steps Pocket Park', 'Briefs'],
    oldName,
    newName,
    lookalike: 'Harbour Steps Pocket Park - client brief (old).md',
    instruction: `We issued the Harbour Steps brief to the Port today. In Projects > Harbour Steps Pocket Park > Briefs, rename "${oldName}" to "${newName}" — don't touch its tags or description, and don't move it.`,
    overwrite: {
      id: 'tags-cleared',
      description: 'renamed, and the tags sent as an empty list',
      set: { tags: [] },
    },
    wrongName: {
      id: 'capitalised-issued',
      description: 'renamed to "... client brief (Issued).md" (capital I: not the requested name)',
      name: 'Harbour Steps Pocket Park - client brief (Issued).md',
    },
    wrongFolder: {
      id: 'moved-to-budgets',
      description: 'renamed and moved into the project Budgets folder',
      folder: 'Budgets',
    },
    background: (c) => ({
      description: 'Marta uploaded a new version of the sync settings the day before',
      patch: (() => {
        const config = fileIn('sync-config.yaml', folderAt(['Studio Admin', 'Tool settings']));
        return newVersion(
          base,
          config,
          `${currentContent(base, config)}  max_file_size_mb: 500\n`,
          call(c, marta, BEFORE_RUN),
        );
      })(),
    }),
    related: (c, brief) => ({
      description:
        'Priya Raman tagged the brief "port-approved" the day before: the tags that must survive are a different list',
      patch: [
        editItem(
          'box_files',
          brief,
          { tags: [...(brief.tags as string[]), 'port-approved'] },
          call(c, priyaR, BEFORE_RUN),
        ),
      ],
    }),
    witness: 'the source run sent back the tags it had read, which drops the new tag',
    traps: ['copied-value', 'case-whitespace', 'legal-alternative'],
  });
};
