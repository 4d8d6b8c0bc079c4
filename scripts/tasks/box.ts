// Generates the four built-in Box tasks (fixtures/packs/builtin/tasks/box_*.json) from the
// built-in seed: every id in a patch is looked up by name in the seed, and every patch is
// the row change a Box API call makes (PUT /files/{id}, POST /tasks, POST /hubs, ...).
// Run: npx tsx scripts/tasks/box.ts

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GeneratedFile, taskFile } from '../../src/authoring/index.js';
import type { Row } from '../../src/schema/json.js';
import type { Patch, PatchOp } from '../../src/schema/patch.js';
import { SeedSchema } from '../../src/schema/seed.js';
import type { Outcome, Task } from '../../src/schema/task.js';
import { State } from '../../src/state/state.js';
import { BUILTIN_PACK, writeWhenMain } from '../lib/generator.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const seed = SeedSchema.parse(
  JSON.parse(readFileSync(path.join(root, 'fixtures/packs/builtin/seeds/box-base.json'), 'utf8')),
);
const base = State.fromSeed(seed);

// ---------------------------------------------------------------- lookups by name
function one(table: string, where: (row: Row) => boolean, what: string, state: State = base): Row {
  const found = state.rows(table).filter(where);
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${found.length}`);
  return found[0]!;
}
const user = (name: string) => one('box_users', (row) => row.name === name, `user ${name}`);
const folder = (name: string, parent: Row | '0') =>
  one(
    'box_folders',
    (row) => row.name === name && row.parent_id === (parent === '0' ? '0' : parent.id),
    `folder ${name}`,
  );
const file = (name: string, parent: Row, state: State = base) =>
  one(
    'box_files',
    (row) => row.name === name && row.parent_id === parent.id && row.item_status === 'active',
    `file ${name}`,
    state,
  );
const id = (row: Row) => String(row.id);

const marta = user('Marta Kowalczyk');
const priyaR = user('Priya Raman');
const priyaD = user('Priya Desai');
const actor = { id: id(marta), name: String(marta.name), email: String(marta.login) };
const projects = folder('Projects', '0');

// The run happens on 2026-03-10; condition patches are edits made the day before.
const BEFORE_RUN = '2026-03-09T15:20:00+00:00';
const RUN = '2026-03-10T10:04:00+00:00';
const RUN_LATER = '2026-03-10T10:05:00+00:00';

let nextId = 9_900_000_001;
/** Ids the service assigns to new rows: a range the seed generator never uses (its ids start 1-8 or are 9-digit). */
function newId(): string {
  const value = String(nextId++);
  for (const table of base.tableNames())
    if (base.get(table, { id: value })) throw new Error(`id ${value} collides in ${table}`);
  return value;
}

/** Box's sha1 of the uploaded bytes, as the seed generator computes it. */
function sha1Of(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** PUT /files/{id} or /folders/{id}: the fields sent, plus what Box bumps on every edit. */
function editItem(
  table: 'box_files' | 'box_folders',
  row: Row,
  set: Row,
  by: Row,
  when: string,
): PatchOp {
  const sequence = String(Number(row.sequence_id ?? 0) + 1);
  return {
    op: 'update',
    table,
    key: { id: id(row) },
    set: {
      ...set,
      modified_at: when,
      modified_by_id: id(by),
      sequence_id: sequence,
      etag: sequence,
    },
  };
}

/** POST /files/content (or a new version via POST /files/{id}/content): file row + version row. */
function uploadFile(
  name: string,
  parent: Row,
  by: Row,
  when: string,
  content: string,
  extra: Row = {},
): { fileRow: Row; ops: PatchOp[] } {
  const fileId = newId();
  const bytes = Buffer.byteLength(content);
  const sha = sha1Of(content);
  const fileRow: Row = {
    id: fileId,
    type: 'file',
    name,
    parent_id: id(parent),
    created_at: when,
    modified_at: when,
    created_by_id: id(by),
    modified_by_id: id(by),
    owned_by_id: id(by),
    size: bytes,
    extension: name.slice(name.lastIndexOf('.') + 1).toLowerCase(),
    sha_1: sha,
    version_number: '1',
    comment_count: 0,
    item_status: 'active',
    sequence_id: '0',
    etag: '0',
    description: '',
    tags: [],
    ...extra,
  };
  const version: Row = {
    id: newId(),
    type: 'file_version',
    file_id: fileId,
    sha_1: sha,
    name,
    size: bytes,
    created_at: when,
    modified_at: when,
    modified_by_id: id(by),
    version_number: '1',
    content,
    content_encoding: 'utf8',
  };
  return {
    fileRow,
    ops: [
      { op: 'insert', table: 'box_files', row: fileRow },
      { op: 'insert', table: 'box_file_versions', row: version },
    ],
  };
}

/** POST /files/{id}/content: a new current version of an existing file. */
function newVersion(state: State, fileRow: Row, by: Row, when: string, content: string): PatchOp[] {
  const number = String(Number(fileRow.version_number) + 1);
  const bytes = Buffer.byteLength(content);
  const sha = sha1Of(content);
  return [
    {
      op: 'insert',
      table: 'box_file_versions',
      row: {
        id: newId(),
        type: 'file_version',
        file_id: id(fileRow),
        sha_1: sha,
        name: String(fileRow.name),
        size: bytes,
        created_at: when,
        modified_at: when,
        modified_by_id: id(by),
        version_number: number,
        content,
        content_encoding: 'utf8',
      },
    },
    editItem(
      'box_files',
      state.get('box_files', { id: id(fileRow) })!,
      { size: bytes, sha_1: sha, version_number: number },
      by,
      when,
    ),
  ];
}

/** POST /comments on a file: the comment row, and the file's comment counter. */
function addComment(state: State, fileRow: Row, by: Row, when: string, message: string): PatchOp[] {
  const current = state.get('box_files', { id: id(fileRow) })!;
  return [
    {
      op: 'insert',
      table: 'box_comments',
      row: {
        id: newId(),
        type: 'comment',
        item_id: id(fileRow),
        file_id: id(fileRow),
        item_type: 'file',
        message,
        created_by_id: id(by),
        created_at: when,
        modified_at: when,
        is_reply_comment: false,
      },
    },
    {
      op: 'update',
      table: 'box_files',
      key: { id: id(fileRow) },
      set: { comment_count: Number(current.comment_count ?? 0) + 1 },
    },
  ];
}

/** A cost plan CSV with its Total line recomputed from the item lines (same rule as the seed generator). */
function withTotal(csv: string): string {
  const lines = csv.split('\n');
  const total = lines
    .filter(
      (line) =>
        line !== '' &&
        !line.startsWith('#') &&
        !line.startsWith('item,') &&
        !line.startsWith('Total,'),
    )
    .reduce((sum, line) => sum + Number(line.split(',')[4] ?? 0), 0);
  return lines.map((line) => (line.startsWith('Total,') ? `Total,,,,${total}` : line)).join('\n');
}

/** A cost plan CSV with a new contingency amount. */
function withContingency(csv: string, amount: number): string {
  return withTotal(
    csv.replace(/^Contingency,1,item,\d+,\d+$/m, `Contingency,1,item,${amount},${amount}`),
  );
}

function apply(state: State, patch: Patch): State {
  const { state: next, errors } = state.apply(patch);
  if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('; '));
  return next;
}

function outcome(
  idValue: string,
  role: Outcome['role'],
  description: string,
  patch: Patch,
  fault?: Outcome['fault'],
): Outcome {
  const label = role === 'complete' || role === 'alternative' ? 'valid' : 'invalid';
  return fault
    ? { id: idValue, role, label, fault, description, patch }
    : { id: idValue, role, label, description, patch };
}

const projectFolderWhere = { name: 'Projects', parent_id: '0' };

// ================================================================ box_1: review task on a file named in the instruction
function box1(): Task {
  const orchard = folder('Orchard Lane Community Garden', projects);
  const budgets = folder('Budgets', orchard);
  const planName = 'Orchard Lane Community Garden cost plan v2.csv';
  const plan = file(planName, budgets);
  const syncCopy = file('Orchard Lane Community Garden cost plan v2 (1).csv', budgets);
  const message =
    'Please check the nursery and contingency lines before we send it to the residents.';

  const millbrookPlan = file(
    'Millbrook School Courtyard cost plan v2.csv',
    folder('Budgets', folder('Millbrook School Courtyard', projects)),
  );
  const background = addComment(
    base,
    millbrookPlan,
    priyaR,
    BEFORE_RUN,
    'Governors asked whether the seating can be phased into next year.',
  );

  // Related: Priya Desai trashed the plan and uploaded a corrected file under the same name.
  const oldPlan = base.get('box_files', { id: id(plan) })!;
  const currentPlan = base
    .rows('box_file_versions')
    .find((row) => row.file_id === plan.id && row.version_number === plan.version_number)!;
  const correctedContent = withContingency(String(currentPlan.content), 5900);
  const upload = uploadFile(planName, budgets, priyaD, BEFORE_RUN, correctedContent, {
    description: 'Corrected after the nursery price rise; replaces the trashed v2.',
    tags: ['budget', 'current'],
  });
  const related: Patch = [
    editItem('box_files', oldPlan, { item_status: 'trashed' }, priyaD, BEFORE_RUN),
    ...upload.ops,
  ];

  const taskRow = (fileRow: Row, overrides: Row = {}): Row => ({
    id: newId(),
    type: 'task',
    item_id: id(fileRow),
    item_type: 'file',
    message,
    created_by_id: id(marta),
    created_at: RUN,
    is_completed: false,
    action: 'review',
    completion_rule: 'all_assignees',
    due_at: null,
    ...overrides,
  });
  const assignment = (task: Row, to: Row): PatchOp => ({
    op: 'insert',
    table: 'box_task_assignments',
    row: {
      id: newId(),
      type: 'task_assignment',
      task_id: id(task),
      assigned_to_id: id(to),
      assigned_by_id: id(marta),
      message,
      resolution_state: 'incomplete',
      assigned_at: RUN_LATER,
      completed_at: null,
      reminded_at: null,
    },
  });
  const panel = (target: Row): Outcome[] => {
    const complete = taskRow(target);
    const alternative = taskRow(target, {
      completion_rule: 'any_assignee',
      due_at: '2026-03-13T17:00:00+00:00',
    });
    const prefix = taskRow(target);
    const otherPriya = taskRow(target);
    const onCopy = taskRow(syncCopy);
    const completion = taskRow(target, { action: 'complete' });
    return [
      outcome(
        'complete',
        'complete',
        'POST /tasks (review) on the named cost plan, then POST /task_assignments to Priya Desai',
        [{ op: 'insert', table: 'box_tasks', row: complete }, assignment(complete, priyaD)],
      ),
      outcome(
        'any-assignee-due-friday',
        'alternative',
        'the same review task with a Friday due date and completion rule any_assignee (the instruction sets neither)',
        [{ op: 'insert', table: 'box_tasks', row: alternative }, assignment(alternative, priyaD)],
      ),
      outcome(
        'task-not-yet-assigned',
        'prefix',
        'the run so far: the review task exists but nobody is assigned yet',
        [{ op: 'insert', table: 'box_tasks', row: prefix }],
      ),
      outcome(
        'assigned-priya-raman',
        'fault',
        'the task is assigned to the other Priya (Priya Raman)',
        [{ op: 'insert', table: 'box_tasks', row: otherPriya }, assignment(otherPriya, priyaR)],
        'identity',
      ),
      outcome(
        'task-on-sync-copy',
        'fault',
        'the task is put on the sync-conflict copy "cost plan v2 (1).csv" in the same folder',
        [{ op: 'insert', table: 'box_tasks', row: onCopy }, assignment(onCopy, priyaD)],
        'identity',
      ),
      outcome(
        'completion-task',
        'fault',
        'a "complete" task instead of a review task',
        [{ op: 'insert', table: 'box_tasks', row: completion }, assignment(completion, priyaD)],
        'value',
      ),
    ];
  };
  const source = panel(plan);
  return {
    id: 'box_1',
    family: 'box-review-task-by-file-name',
    service: 'box',
    seed: 'box-base',
    actor,
    instruction: `Please put a review task on our Orchard Lane cost plan for Priya Desai. It's the file "${planName}" in Projects > Orchard Lane Community Garden > Budgets. Task message: "${message}"`,
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        projects: { table: 'box_folders', where: projectFolderWhere, cardinality: 'one' },
        orchard: {
          table: 'box_folders',
          where: {
            name: 'Orchard Lane Community Garden',
            parent_id: { ref: 'projects', field: 'id' },
          },
          cardinality: 'one',
        },
        budgets: {
          table: 'box_folders',
          where: { name: 'Budgets', parent_id: { ref: 'orchard', field: 'id' } },
          cardinality: 'one',
        },
        plan: {
          table: 'box_files',
          where: {
            name: planName,
            parent_id: { ref: 'budgets', field: 'id' },
            item_status: 'active',
          },
          cardinality: 'one',
          description: 'the active file with that exact name in that folder',
        },
        desai: { table: 'box_users', where: { name: 'Priya Desai' }, cardinality: 'one' },
      },
      checks: [
        {
          kind: 'created',
          name: 'a task on the named cost plan',
          category: 'identity',
          reason:
            'the task belongs on the file the instruction names (by name and folder, as it is now)',
          bind: 'task',
          table: 'box_tasks',
          where: { item_id: { ref: 'plan', field: 'id' }, item_type: 'file' },
          cardinality: 'one',
        },
        {
          kind: 'count',
          name: 'no task on any other file',
          category: 'identity',
          reason: 'one task was asked for; a task on a look-alike file is the wrong file',
          table: 'box_tasks',
          scope: 'inserted',
          where: {},
          expect: 1,
        },
        {
          kind: 'field',
          name: 'it is a review task',
          category: 'value',
          reason: 'the instruction asks for a review',
          target: 'task',
          field: 'action',
          expect: 'review',
        },
        {
          kind: 'field',
          name: 'the task carries the requested message',
          category: 'value',
          reason: 'the instruction gives the message',
          target: 'task',
          field: 'message',
          expect: { containsIgnoreCase: 'nursery and contingency lines' },
        },
        {
          kind: 'created',
          name: 'the task has exactly one assignee',
          category: 'relation',
          reason: 'the task is for one person',
          bind: 'assignment',
          table: 'box_task_assignments',
          where: { task_id: { ref: 'task', field: 'id' } },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: 'assigned to Priya Desai',
          category: 'identity',
          reason: 'the instruction names Priya Desai, not the other Priya',
          target: 'assignment',
          field: 'assigned_to_id',
          expect: { ref: 'desai', field: 'id' },
        },
        {
          kind: 'unchanged',
          name: 'files, folders and contents untouched',
          category: 'preservation',
          reason: 'creating a task changes no file',
          tables: ['box_files', 'box_folders', 'box_file_versions', 'box_comments'],
          except: [],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'Priya Raman commented on the Millbrook cost plan the day before',
        patch: background,
      },
      related: {
        description:
          'the day before, Priya Desai trashed the cost plan v2 file and uploaded a corrected file with the same name into the same folder: the name now points to another file',
        change: 'binding',
        patch: related,
      },
    },
    outcomes: {
      source,
      background: source,
      related: panel(upload.fileRow),
    },
    witness: {
      decision: 'complete',
      description: 'the source run put the task on the file id that is now in the trash',
    },
  };
}

// ================================================================ box_2: file every export whose name has a prefix
function box2(): Task {
  const intake = folder('Intake - survey exports', '0');
  const orchard = folder('Orchard Lane Community Garden', projects);
  const surveys = folder('Surveys', orchard);
  const archiveSurveys = folder(
    'Surveys',
    folder('Orchard Lane Community Garden (archive)', projects),
  );
  const prefix = 'OL-';
  const notes2026 = folder('2026', folder('Meeting notes', folder('Studio Admin', '0')));

  const background = uploadFile(
    '2026-03-09 studio meeting.md',
    notes2026,
    marta,
    BEFORE_RUN,
    '# Studio meeting - 2026-03-09\n\nAttendees: Marta Kowalczyk, Priya Raman, Priya Desai\n\n## Notes\n- Kestrel Road highways sign-off expected next week\n- Nursery delivery for Orchard Lane booked for 24 March\n',
  ).ops;
  const related = uploadFile(
    'OL-plot-15-levels.csv',
    intake,
    priyaR,
    BEFORE_RUN,
    'point,easting,northing,level_m_aod,note\nOL15-01,431022,221876,31.42,\nOL15-02,431031,221880,31.37,gully\nOL15-03,431040,221885,31.29,tree base\n',
  ).ops;

  const panel = (state: State): Outcome[] => {
    const members = state
      .rows('box_files')
      .filter(
        (row) =>
          row.parent_id === intake.id &&
          String(row.name).startsWith(prefix) &&
          row.item_status === 'active',
      );
    const lookalike = state
      .rows('box_files')
      .find((row) => row.parent_id === intake.id && row.name === 'Old-OL-plot-07-levels.csv')!;
    const move = (rows: readonly Row[], to: Row): Patch =>
      rows.map((row, index) =>
        editItem(
          'box_files',
          row,
          { parent_id: id(to) },
          marta,
          `2026-03-10T10:0${4 + index}:00+00:00`,
        ),
      );
    const newest = [...members].sort((a, b) =>
      String(b.created_at).localeCompare(String(a.created_at)),
    )[0]!;
    return [
      outcome(
        'complete',
        'complete',
        `every ${members.length} "OL-" export moved into Orchard Lane › Surveys (PUT /files/{id} with a new parent, one per file)`,
        move(members, surveys),
      ),
      outcome(
        'moved-with-filing-notes',
        'alternative',
        'the same moves, and a comment "Filed from Intake - survey exports." left on each moved export (the instruction neither asks for nor forbids notes)',
        [
          ...move(members, surveys),
          ...members.flatMap((row) =>
            addComment(state, row, marta, RUN_LATER, 'Filed from Intake - survey exports.'),
          ),
        ],
      ),
      outcome(
        'missed-newest',
        'fault',
        `the most recent export (${String(newest.name)}) is left in the intake folder`,
        move(
          members.filter((row) => row !== newest),
          surveys,
        ),
        'set',
      ),
      outcome(
        'archive-surveys',
        'fault',
        'the exports are moved into the Surveys folder of "Orchard Lane Community Garden (archive)"',
        move(members, archiveSurveys),
        'relation',
      ),
      outcome(
        'lookalike-moved-too',
        'fault',
        'a careless "contains OL-" match also moves "Old-OL-plot-07-levels.csv"',
        move([...members, lookalike], surveys),
        'set',
      ),
    ];
  };
  const relatedState = apply(base, related);
  const source = panel(base);
  return {
    id: 'box_2',
    family: 'box-file-exports-by-prefix',
    service: 'box',
    seed: 'box-base',
    actor,
    instruction:
      'Could you file the Orchard Lane survey exports? Every file in "Intake - survey exports" whose name starts with "OL-" should go into the Surveys folder of the Orchard Lane Community Garden project. Leave everything else in the intake folder.',
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        intake: {
          table: 'box_folders',
          where: { name: 'Intake - survey exports', parent_id: '0' },
          cardinality: 'one',
        },
        projects: { table: 'box_folders', where: projectFolderWhere, cardinality: 'one' },
        orchard: {
          table: 'box_folders',
          where: {
            name: 'Orchard Lane Community Garden',
            parent_id: { ref: 'projects', field: 'id' },
          },
          cardinality: 'one',
        },
        surveys: {
          table: 'box_folders',
          where: { name: 'Surveys', parent_id: { ref: 'orchard', field: 'id' } },
          cardinality: 'one',
        },
        exports: {
          table: 'box_files',
          where: {
            parent_id: { ref: 'intake', field: 'id' },
            name: { startsWith: prefix },
            item_status: 'active',
          },
          cardinality: { min: 1 },
          description: "the intake files whose name starts with OL- in this run's before-state",
        },
      },
      checks: [
        {
          kind: 'field',
          name: 'every OL- export left the intake folder',
          category: 'set',
          reason:
            'the instruction asks for every file with the prefix, as the folder holds them now',
          target: 'exports',
          field: 'parent_id',
          expect: { neq: { ref: 'intake', field: 'id' } },
        },
        {
          kind: 'field',
          name: 'each export is in Orchard Lane › Surveys',
          category: 'relation',
          reason: "the destination is the live project's Surveys folder, not the archive's",
          target: 'exports',
          field: 'parent_id',
          expect: { ref: 'surveys', field: 'id' },
        },
        {
          kind: 'unchanged',
          name: 'no other file moved or changed',
          category: 'set',
          reason: 'everything else stays in the intake folder',
          tables: ['box_files'],
          except: ['exports'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'folders and contents untouched',
          category: 'preservation',
          reason: 'moving files changes no folder and no content',
          tables: ['box_folders', 'box_file_versions'],
          except: [],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'Marta uploaded the notes of the 9 March studio meeting',
        patch: background,
      },
      related: {
        description:
          'Priya Raman uploaded one more Orchard Lane export (OL-plot-15-levels.csv) into the intake folder the day before: the set to move has four members',
        change: 'membership',
        patch: related,
      },
    },
    outcomes: { source, background: source, related: panel(relatedState) },
    witness: {
      decision: 'complete',
      description: 'the source run moved the three exports it saw; the fourth stays behind',
    },
  };
}

// ================================================================ box_3: rename and keep the description
function box3(): Task {
  const millbrook = folder('Millbrook School Courtyard', projects);
  const briefs = folder('Briefs', millbrook);
  const correspondence = folder('Correspondence', millbrook);
  const briefName = 'Millbrook School Courtyard - client brief.md';
  const newName = 'Millbrook School Courtyard - client brief (signed off).md';
  const brief = file(briefName, briefs);
  const oldBrief = file('Millbrook School Courtyard - client brief (old).md', briefs);

  const reviewTask = base.rows('box_tasks').find((row) => row.item_id === brief.id)!;
  const reviewAssignment = base
    .rows('box_task_assignments')
    .find((row) => row.task_id === reviewTask.id)!;
  const background: Patch = [
    {
      op: 'update',
      table: 'box_task_assignments',
      key: { id: id(reviewAssignment) },
      set: { resolution_state: 'approved', completed_at: BEFORE_RUN },
    },
    { op: 'update', table: 'box_tasks', key: { id: id(reviewTask) }, set: { is_completed: true } },
  ];
  const related: Patch = [
    editItem(
      'box_files',
      brief,
      {
        description:
          'Signed off by the governors on 4 March 2026 - issue to the contractor with the drawings.',
      },
      priyaR,
      BEFORE_RUN,
    ),
  ];

  const panel = (state: State): Outcome[] => {
    const current = state.get('box_files', { id: id(brief) })!;
    return [
      outcome(
        'complete',
        'complete',
        'PUT /files/{id} with the new name, sending back the description and tags as they were read',
        [
          editItem(
            'box_files',
            current,
            { name: newName, description: current.description!, tags: current.tags! },
            marta,
            RUN,
          ),
        ],
      ),
      outcome('name-only', 'alternative', 'PUT /files/{id} with only the new name', [
        editItem('box_files', current, { name: newName }, marta, RUN),
      ]),
      outcome(
        'description-replaced',
        'fault',
        'renamed, and the description overwritten with "Signed off."',
        [editItem('box_files', current, { name: newName, description: 'Signed off.' }, marta, RUN)],
        'preservation',
      ),
      outcome(
        'renamed-old-brief',
        'fault',
        'the superseded "(old)" brief is renamed instead',
        [editItem('box_files', oldBrief, { name: newName }, marta, RUN)],
        'identity',
      ),
      outcome(
        'suffix-without-brackets',
        'fault',
        'renamed to "... client brief signed off.md" (not the requested name)',
        [
          editItem(
            'box_files',
            current,
            { name: 'Millbrook School Courtyard - client brief signed off.md' },
            marta,
            RUN,
          ),
        ],
        'value',
      ),
      outcome(
        'moved-to-correspondence',
        'fault',
        'renamed and moved into Correspondence',
        [
          editItem(
            'box_files',
            current,
            { name: newName, parent_id: id(correspondence) },
            marta,
            RUN,
          ),
        ],
        'relation',
      ),
    ];
  };
  const source = panel(base);
  return {
    id: 'box_3',
    family: 'box-rename-keep-description',
    service: 'box',
    seed: 'box-base',
    actor,
    instruction: `The Millbrook brief is signed off. Please rename "${briefName}" (Projects > Millbrook School Courtyard > Briefs) to "${newName}". Leave its description and tags exactly as they are, and keep it in Briefs.`,
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        projects: { table: 'box_folders', where: projectFolderWhere, cardinality: 'one' },
        millbrook: {
          table: 'box_folders',
          where: {
            name: 'Millbrook School Courtyard',
            parent_id: { ref: 'projects', field: 'id' },
          },
          cardinality: 'one',
        },
        briefs: {
          table: 'box_folders',
          where: { name: 'Briefs', parent_id: { ref: 'millbrook', field: 'id' } },
          cardinality: 'one',
        },
        brief: {
          table: 'box_files',
          where: {
            name: briefName,
            parent_id: { ref: 'briefs', field: 'id' },
            item_status: 'active',
          },
          cardinality: 'one',
        },
      },
      checks: [
        {
          kind: 'field',
          name: 'renamed to the requested name',
          category: 'value',
          reason: 'the instruction gives the new name verbatim',
          target: 'brief',
          field: 'name',
          expect: newName,
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
          name: 'still in Briefs',
          category: 'relation',
          reason: 'the file stays in its folder',
          target: 'brief',
          fields: ['parent_id'],
        },
        {
          kind: 'unchanged',
          name: 'no other file renamed or changed',
          category: 'identity',
          reason: 'only the named brief is renamed, not its look-alike',
          tables: ['box_files'],
          except: ['brief'],
          ignoreFields: [],
        },
        {
          kind: 'unchanged',
          name: 'contents and folders untouched',
          category: 'preservation',
          reason: 'a rename uploads no new version and changes no folder',
          tables: ['box_file_versions', 'box_folders'],
          except: [],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description: 'Priya Raman approved the review task on the brief the day before',
        patch: background,
      },
      related: {
        description:
          "Priya Raman rewrote the brief's description the day before (signed off by the governors): the description that must survive is a different text",
        change: 'preservation',
        patch: related,
      },
    },
    outcomes: { source, background: source, related: panel(apply(base, related)) },
    witness: {
      decision: 'complete',
      description:
        'the source run sent back the description it had read, which now overwrites the new one',
    },
  };
}

// ================================================================ box_4: hub whose description copies a folder's
function box4(): Task {
  const harbour = folder('Harbour Steps Pocket Park', projects);
  const tender = folder('Harbour Steps Pocket Park (tender 2024)', projects);
  const title = 'Harbour Steps - client handover';
  const orchard = folder('Orchard Lane Community Garden', projects);
  const olPlan = file('Orchard Lane Community Garden cost plan v2.csv', folder('Budgets', orchard));
  const currentContent = String(
    base
      .rows('box_file_versions')
      .find((row) => row.file_id === olPlan.id && row.version_number === olPlan.version_number)!
      .content,
  );
  const background = newVersion(
    base,
    olPlan,
    priyaD,
    BEFORE_RUN,
    withTotal(currentContent.replace(/^Signage,\d+,nr,420,\d+$/m, 'Signage,4,nr,420,1680')),
  );
  const related: Patch = [
    editItem(
      'box_folders',
      harbour,
      {
        description:
          'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover moved to June 2026 after the quay wall repairs.',
      },
      marta,
      BEFORE_RUN,
    ),
  ];

  const panel = (state: State): Outcome[] => {
    const description = String(state.get('box_folders', { id: id(harbour) })!.description);
    const hubRow = (overrides: Row = {}): Row => ({
      id: newId(),
      type: 'hubs',
      title,
      description,
      created_by_id: id(marta),
      updated_by_id: id(marta),
      created_at: RUN,
      updated_at: RUN,
      is_ai_enabled: true,
      can_non_owners_invite: false,
      can_shared_link_be_created: true,
      is_collaboration_restricted_to_enterprise: true,
      view_count: 0,
      ...overrides,
    });
    const item = (hub: Row, target: Row, offset: number): PatchOp => ({
      op: 'insert',
      table: 'box_hub_items',
      row: {
        id: newId(),
        hub_id: id(hub),
        item_id: id(target),
        item_type: 'folder',
        item_name: String(target.name),
        created_at: `2026-03-10T10:0${5 + offset}:00+00:00`,
      },
    });
    const touched = (hub: Row): PatchOp => ({
      op: 'update',
      table: 'box_hubs',
      key: { id: id(hub) },
      set: { updated_at: RUN_LATER },
    });
    const build = (hub: Row, targets: readonly Row[]): Patch => [
      { op: 'insert', table: 'box_hubs', row: hub },
      ...targets.map((target, index) => item(hub, target, index)),
      touched(hub),
    ];
    const complete = hubRow();
    const noAi = hubRow({ is_ai_enabled: false });
    const tenderDescription = hubRow({ description: String(tender.description) });
    const tenderItem = hubRow();
    const both = hubRow();
    return [
      outcome(
        'complete',
        'complete',
        'POST /hubs with the title and the folder description, then POST /hubs/{id}/manage_items adding the project folder',
        build(complete, [harbour]),
      ),
      outcome(
        'ai-disabled',
        'alternative',
        'the same hub created with Box AI switched off (the instruction does not mention it)',
        build(noAi, [harbour]),
      ),
      outcome(
        'tender-description',
        'fault',
        'the description is copied from the 2024 tender folder',
        build(tenderDescription, [harbour]),
        'value',
      ),
      outcome(
        'tender-folder-added',
        'fault',
        'the 2024 tender folder is added instead of the live project folder',
        build(tenderItem, [tender]),
        'relation',
      ),
      outcome(
        'both-folders-added',
        'fault',
        'both the live and the tender folder are added to the hub',
        build(both, [harbour, tender]),
        'set',
      ),
    ];
  };
  const source = panel(base);
  return {
    id: 'box_4',
    family: 'box-hub-from-folder-description',
    service: 'box',
    seed: 'box-base',
    actor,
    instruction: `Please set up a hub called "${title}" for the Port. Use the description of our Harbour Steps Pocket Park project folder (in Projects) as the hub description, word for word, and add that project folder to the hub.`,
    reference: {
      kind: 'declarative',
      version: 1,
      selectors: {
        projects: { table: 'box_folders', where: projectFolderWhere, cardinality: 'one' },
        harbour: {
          table: 'box_folders',
          where: { name: 'Harbour Steps Pocket Park', parent_id: { ref: 'projects', field: 'id' } },
          cardinality: 'one',
        },
      },
      checks: [
        {
          kind: 'created',
          name: 'a hub with the requested title',
          category: 'value',
          reason: 'the instruction names the hub',
          bind: 'hub',
          table: 'box_hubs',
          where: { title },
          cardinality: 'one',
        },
        {
          kind: 'field',
          name: "hub description is the project folder's description",
          category: 'value',
          reason:
            "the description is copied word for word from the folder as it is in this run's initial state",
          target: 'hub',
          field: 'description',
          expect: { ref: 'harbour', field: 'description' },
        },
        {
          kind: 'created',
          name: 'the live project folder is in the hub',
          category: 'relation',
          reason: 'the hub must point at the live project folder, not the tender one',
          bind: 'item',
          table: 'box_hub_items',
          where: {
            hub_id: { ref: 'hub', field: 'id' },
            item_id: { ref: 'harbour', field: 'id' },
            item_type: 'folder',
          },
          cardinality: 'one',
        },
        {
          kind: 'count',
          name: 'nothing else added to the hub',
          category: 'set',
          reason: 'the instruction adds exactly one item',
          table: 'box_hub_items',
          scope: 'inserted',
          where: { hub_id: { ref: 'hub', field: 'id' } },
          expect: 1,
        },
        {
          kind: 'unchanged',
          name: 'folders and files untouched',
          category: 'preservation',
          reason: 'copying a description must not edit the folder',
          tables: ['box_folders', 'box_files', 'box_file_versions'],
          except: [],
          ignoreFields: [],
        },
      ],
      ignoreFields: [],
    },
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: {
        description:
          'Priya Desai uploaded a new version of the Orchard Lane cost plan the day before',
        patch: background,
      },
      related: {
        description:
          'Marta updated the Harbour Steps folder description the day before (handover moved to June): the text to copy is different',
        change: 'value',
        patch: related,
      },
    },
    outcomes: { source, background: source, related: panel(apply(base, related)) },
    witness: {
      decision: 'complete',
      description: 'the source run wrote the old folder description into the hub',
    },
  };
}

/** The built-in Box task files. */
export function generate(): GeneratedFile[] {
  return [box1(), box2(), box3(), box4()].map((task) => taskFile(BUILTIN_PACK, task));
}

await writeWhenMain(import.meta.url, generate);
