// Generates the built-in Box tasks (fixtures/packs/builtin/tasks/box_*.json) from the
// built-in seed: every id is looked up by name in the seed. The initial conditions are row
// changes (src/authoring/box.ts row builders: data set up the day before); every outcome is
// written as the calls Marta makes (PUT /files/{id}, POST /tasks, POST /hubs, ...), and its
// patch is what the Box write model derives from them on that condition's before-state with
// the pack's calls clock (docs/pack-format.md, "Outcomes as API calls"), so the loader derives
// the same bytes. Families with two tasks are one parametrised builder each. Every state a
// task holds (conditions, outcomes, the witness replay) keeps Box's rule that no two active
// items of one folder share a name. packs/generate.ts runs it.

import path from 'node:path';
import {
  type ApiCall,
  alternative,
  applyPatch,
  box,
  brokenServiceRules,
  type Check,
  complete,
  declarativeReference,
  deriveCalls,
  fault,
  findRow,
  type GeneratedFile,
  idOf,
  idSequence,
  type Outcome,
  type OutcomeFile,
  type Patch,
  prefix,
  type Row,
  type Selector,
  type State,
  seedState,
  type Task,
  type TaskFile,
  type Trap,
  taskFile,
} from 'agentproofbench/authoring';
import { BUILTIN_PACK, REPO_ROOT } from '../../lib/generator.js';
import { BUILTIN_CALL_CLOCK } from '../clock.js';
import { withTotal } from '../seeds/box/cost-plan.js';
import {
  assignedTo,
  newOnFile,
  noFileChanged,
  oneAssignment,
  onlyOneNew,
  untouched,
} from './box/checks.js';

const {
  addComment,
  assignCall,
  commentCall,
  currentContent,
  deleteCommentCall,
  editItem,
  hubCall,
  hubItemsCall,
  newVersion,
  newVersionCall,
  purgeCall,
  taskCall,
  trashCall,
  updateCall,
  uploadCall,
  uploadFile,
} = box;
type BoxCall = box.BoxCall;
type ItemChanges = box.ItemChanges;

const base = seedState(path.join(REPO_ROOT, BUILTIN_PACK), 'box-base');

// ---------------------------------------------------------------- lookups by name
const user = (name: string) => findRow(base, 'box_users', { name }, `user ${name}`);
const folderIn = (name: string, parent: Row | '0', state: State = base) =>
  findRow(
    state,
    'box_folders',
    { name, parent_id: parent === '0' ? '0' : idOf(parent) },
    `folder ${name}`,
  );
/** The folder at a path of names from All Files. */
const folderAt = (names: readonly string[], state: State = base): Row => {
  let current: Row | '0' = '0';
  for (const name of names) current = folderIn(name, current, state);
  if (current === '0') throw new Error('a folder path names at least one folder');
  return current;
};
const fileIn = (name: string, parent: Row, state: State = base) =>
  findRow(
    state,
    'box_files',
    (row) => row.name === name && row.parent_id === parent.id && row.item_status === 'active',
    `file ${name}`,
  );
const current = (state: State, table: 'box_files' | 'box_folders', row: Row): Row =>
  findRow(state, table, { id: idOf(row) });

const marta = user('Marta Kowalczyk');
const priyaR = user('Priya Raman');
const priyaD = user('Priya Desai');
const owen = user('Owen Achterberg');
const actor = { id: idOf(marta), name: String(marta.name), email: String(marta.login) };

// Condition patches are edits others made on 9 March, inside the seed's own history; the run's
// stamps come from the pack's calls clock (packs/builtin/clock.ts), which starts after
// every stamp of the seed.
const BEFORE_RUN = '2026-03-09T15:20:00+00:00';

/** What every task builder gets from generate(): the id sequence of this generation. */
interface Ctx {
  newId: () => string;
}
const call = (ctx: Ctx, by: Row, when: string): BoxCall => ({ by, when, newId: ctx.newId });

// ---------------------------------------------------------------- reference pieces
/** A selector name for a folder: its first word in lower case (`Projects` -> `projects`). */
const keyOf = (name: string): string => name.split(/[^A-Za-z0-9]/)[0]!.toLowerCase();
/** The selector names pathSelectors gives the folders of a path. */
const keysOf = (names: readonly string[]): string[] => names.map(keyOf);

/** Selectors walking a folder path from All Files: `keys[i]` names the folder `names[i]`. */
function pathSelectors(
  names: readonly string[],
  keys: readonly string[] = keysOf(names),
): Record<string, Selector> {
  const selectors: Record<string, Selector> = {};
  names.forEach((name, index) => {
    const parent = index === 0 ? '0' : { ref: keys[index - 1]!, field: 'id' };
    selectors[keys[index]!] = {
      table: 'box_folders',
      where: { name, parent_id: parent },
      cardinality: 'one',
    };
  });
  return selectors;
}

/** The active file with this exact name in the folder selected as `folderKey`. */
function fileSelector(name: string, folderKey: string, description?: string): Selector {
  return {
    table: 'box_files',
    where: { name, parent_id: { ref: folderKey, field: 'id' }, item_status: 'active' },
    cardinality: 'one',
    ...(description ? { description } : {}),
  };
}

interface Conditions {
  background: { description: string; patch: Patch };
  related: {
    description: string;
    change: 'binding' | 'value' | 'membership' | 'preservation';
    patch: Patch;
  };
}

/** An outcome written as the calls Marta makes; task() derives its patch per condition. */
type Drafted = Omit<Outcome, 'patch'> & { calls: ApiCall[] };
/** A panel of outcomes, each written as calls. */
type Panel = readonly Drafted[];

function drafted(made: Outcome, calls: ApiCall[]): Drafted {
  const { patch: _written, ...rest } = made;
  return { ...rest, calls };
}
/** The outcome roles of src/authoring/outcomes.ts, written as calls. */
const completeCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(complete(id, description, []), calls);
const alternativeCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(alternative(id, description, []), calls);
const prefixCalls = (id: string, description: string, calls: ApiCall[]): Drafted =>
  drafted(prefix(id, description, []), calls);
const faultCalls = (
  id: string,
  category: Parameters<typeof fault>[1],
  description: string,
  calls: ApiCall[],
): Drafted => drafted(fault(id, category, description, []), calls);

interface TaskParts {
  id: string;
  family: string;
  instruction: string;
  selectors: Record<string, Selector>;
  checks: Check[];
  conditions: Conditions;
  source: Panel;
  related: Panel;
  witness: string;
  traps: Trap[];
}

/** The stream a state's calls are derived in (CALLS clock; docs/pack-format.md). */
const streamOf = (taskId: string, condition: string, outcomeId: string) =>
  `${taskId}/${condition}/${outcomeId}`;

/**
 * Each outcome written as calls gets the patch the Box write model derives for it on that
 * condition's before-state, as Marta, in the stream the loader uses: the pack carries both.
 */
function derivePanel(taskId: string, condition: string, before: State, panel: Panel): Outcome[] {
  return panel.map((made) => {
    const { patch } = deriveCalls(
      before,
      actor,
      made.calls,
      BUILTIN_CALL_CLOCK,
      streamOf(taskId, condition, made.id),
    );
    return { ...made, patch };
  });
}

function task(parts: TaskParts): Task {
  const background = applyPatch(base, parts.conditions.background.patch, `${parts.id} background`);
  const related = applyPatch(base, parts.conditions.related.patch, `${parts.id} related`);
  return {
    id: parts.id,
    family: parts.family,
    service: 'box',
    seed: 'box-base',
    actor,
    instruction: parts.instruction,
    reference: declarativeReference(parts.selectors, parts.checks),
    conditions: {
      source: { description: 'the seed as is', patch: [] },
      background: parts.conditions.background,
      related: parts.conditions.related,
    },
    outcomes: {
      source: derivePanel(parts.id, 'source', base, parts.source),
      background: derivePanel(parts.id, 'background', background, parts.source),
      related: derivePanel(parts.id, 'related', related, parts.related),
    },
    witness: { decision: 'complete', description: parts.witness },
    traps: parts.traps,
  };
}

/**
 * No state of a task may break a Box rule (e.g. two active items of one name in a folder,
 * which Box refuses with item_name_in_use): every condition, every outcome, the witness replay
 * (the decision's calls run on the related before-state, as the loader replays them).
 */
function assertBoxInvariants(t: Task): Task {
  const problems: string[] = [];
  const check = (what: string, state: State) => {
    for (const broken of brokenServiceRules('box', state))
      problems.push(`${what}: ${broken.rule}: ${broken.message}`);
  };
  const before: Record<string, State> = {};
  for (const [name, condition] of Object.entries(t.conditions)) {
    if (!condition) continue;
    before[name] = applyPatch(base, condition.patch, `${t.id} ${name}`);
    check(`${t.id} ${name}`, before[name]!);
  }
  for (const [name, outcomes] of Object.entries(t.outcomes))
    for (const outcome of outcomes ?? [])
      check(
        `${t.id} ${name}/${outcome.id}`,
        applyPatch(before[name]!, outcome.patch, `${t.id} ${name}/${outcome.id}`),
      );
  const decision: OutcomeFile | undefined = t.outcomes.source.find(
    (outcome) => outcome.id === t.witness?.decision,
  );
  if (decision && before.related)
    check(
      `${t.id} witness replay`,
      decision.calls
        ? deriveCalls(before.related, actor, decision.calls, BUILTIN_CALL_CLOCK, `${t.id}/witness`)
            .after
        : applyPatch(before.related, decision.patch!, `${t.id} replay`),
    );
  if (problems.length > 0) throw new Error(`Box names clash:\n${problems.join('\n')}`);
  return t;
}

// ---------------------------------------------------------------- content helpers

/** A cost plan CSV with a new contingency amount. */
function withContingency(csv: string, amount: number): string {
  return withTotal(
    csv.replace(/^Contingency,1,item,\d+,\d+$/m, `Contingency,1,item,${amount},${amount}`),
  );
}

// ================================================================ family: review task on a file named in the instruction
interface ReviewTaskSpec {
  id: string;
  folder: readonly string[];
  fileName: string;
  assignee: Row;
  namesake: Row;
  message: string;
  messageKey: string;
  instruction: (fileName: string, message: string) => string;
  lookalike: { name: string; faultId: string; description: string };
  background: (ctx: Ctx) => { description: string; patch: Patch };
  /** The related condition: the name now points at another file, which it returns. */
  related: (ctx: Ctx, named: Row) => { description: string; patch: Patch; target: Row };
  witness: string;
  traps: Trap[];
}

function reviewTask(ctx: Ctx, spec: ReviewTaskSpec): Task {
  const folder = folderAt(spec.folder);
  const named = fileIn(spec.fileName, folder);
  const lookalike = fileIn(spec.lookalike.name, folder);
  const background = spec.background(ctx);
  const related = spec.related(ctx, named);
  const fields = { message: spec.message };
  // POST /tasks, then POST /task_assignments on the task that call created.
  const assign = (target: Row, to: Row, extra: object = {}): ApiCall[] => [
    taskCall(target, { ...fields, ...extra }),
    assignCall('{{0.id}}', to),
  ];
  const panel = (target: Row): Drafted[] => [
    completeCalls(
      'complete',
      `POST /tasks (review) on the named file, then POST /task_assignments to ${String(spec.assignee.name)}`,
      assign(target, spec.assignee),
    ),
    alternativeCalls(
      'any-assignee-due-friday',
      'the same review task with a Friday due date and completion rule any_assignee (the instruction sets neither)',
      assign(target, spec.assignee, {
        completion_rule: 'any_assignee',
        due_at: '2026-11-06T17:00:00+00:00',
      }),
    ),
    prefixCalls(
      'task-not-yet-assigned',
      'the run so far: the review task exists but nobody is assigned yet',
      [taskCall(target, fields)],
    ),
    faultCalls(
      `assigned-${String(spec.namesake.name).toLowerCase().replace(/ /g, '-')}`,
      'identity',
      `the task is assigned to the other Priya (${String(spec.namesake.name)})`,
      assign(target, spec.namesake),
    ),
    faultCalls(
      spec.lookalike.faultId,
      'identity',
      spec.lookalike.description,
      assign(lookalike, spec.assignee),
    ),
    faultCalls(
      'completion-task',
      'value',
      'a "complete" task instead of a review task',
      assign(target, spec.assignee, { action: 'complete' }),
    ),
  ];
  const keys = keysOf(spec.folder);
  const folderKey = keys[keys.length - 1]!;
  const assigneeName = String(spec.assignee.name);
  return task({
    id: spec.id,
    family: 'box-review-task-by-file-name',
    instruction: spec.instruction(spec.fileName, spec.message),
    selectors: {
      ...pathSelectors(spec.folder, keys),
      file: fileSelector(
        spec.fileName,
        folderKey,
        'the active file with that exact name in that folder',
      ),
      assignee: { table: 'box_users', where: { name: assigneeName }, cardinality: 'one' },
    },
    checks: [
      newOnFile(
        'box_tasks',
        'task',
        'file',
        'a task on the named file',
        'identity',
        'the task belongs on the file the instruction names (by name and folder, as it is now)',
      ),
      onlyOneNew(
        'box_tasks',
        'no task on any other file',
        'one task was asked for; a task on a look-alike file is the wrong file',
      ),
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
        expect: { containsIgnoreCase: spec.messageKey },
      },
      oneAssignment('the task has exactly one assignee', 'relation', 'the task is for one person'),
      assignedTo(
        'assignee',
        `assigned to ${assigneeName}`,
        `the instruction names ${assigneeName}, not the other Priya`,
      ),
      noFileChanged(),
    ],
    conditions: {
      background: background,
      related: { description: related.description, change: 'binding', patch: related.patch },
    },
    source: panel(named),
    related: panel(related.target),
    witness: spec.witness,
    traps: spec.traps,
  });
}

const box1 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Orchard Lane Community Garden', 'Budgets'];
  const planName = 'Orchard Lane Community Garden cost plan v2.csv';
  return reviewTask(ctx, {
    id: 'box_1',
    folder,
    fileName: planName,
    assignee: priyaD,
    namesake: priyaR,
    message: 'Please check the nursery and contingency lines before we send it to the residents.',
    messageKey: 'nursery and contingency lines',
    instruction: (fileName, message) =>
      `Please put a review task on our Orchard Lane cost plan for Priya Desai. It's the file "${fileName}" in Projects > Orchard Lane Community Garden > Budgets. Task message: "${message}"`,
    lookalike: {
      name: 'Orchard Lane Community Garden cost plan v2 (1).csv',
      faultId: 'task-on-sync-copy',
      description:
        'the task is put on the sync-conflict copy "cost plan v2 (1).csv" in the same folder',
    },
    background: (c) => ({
      description: 'Priya Raman commented on the Millbrook cost plan the day before',
      patch: addComment(
        base,
        fileIn(
          'Millbrook School Courtyard cost plan v2.csv',
          folderAt(['Projects', 'Millbrook School Courtyard', 'Budgets']),
        ),
        'Governors asked whether the seating can be phased into next year.',
        call(c, priyaR, BEFORE_RUN),
      ),
    }),
    related: (c, plan) => {
      // Priya Desai renamed the plan "(superseded)" and uploaded a corrected file under its
      // name. (Renamed, not trashed: Box serves no tasks of a trashed file, so a verifier
      // that remembered the old id could not even see the replayed task.)
      const corrected = withContingency(currentContent(base, plan), 5900);
      const upload = uploadFile(
        planName,
        folderAt(folder),
        corrected,
        call(c, priyaD, BEFORE_RUN),
        {
          description: 'Corrected after the nursery price rise; replaces the superseded v2.',
          tags: ['budget', 'current'],
        },
      );
      return {
        description:
          'the day before, Priya Desai renamed the cost plan v2 file to "… v2 (superseded).csv" and uploaded a corrected file with the old name into the same folder: the name now points to another file',
        patch: [
          editItem(
            'box_files',
            plan,
            { name: 'Orchard Lane Community Garden cost plan v2 (superseded).csv' },
            call(c, priyaD, BEFORE_RUN),
          ),
          ...upload.ops,
        ],
        target: upload.file,
      };
    },
    witness: 'the source run put the task on the file id that now carries the superseded plan',
    traps: ['shared-name', 'renamed-entity', 'legal-alternative'],
  });
};

const box5 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Kestrel Road Rain Garden', 'Drainage'];
  const name = 'Drainage strategy.md';
  return reviewTask(ctx, {
    id: 'box_5',
    folder,
    fileName: name,
    assignee: priyaR,
    namesake: priyaD,
    message: 'Check the freeboard figure against the highways comments.',
    messageKey: 'freeboard figure',
    instruction: (fileName, message) =>
      `Priya Raman should look over our Kestrel Road drainage strategy before the highways meeting. Can you give her a review task on "${fileName}" (Projects > Kestrel Road Rain Garden > Drainage) with the message "${message}"? The due date is up to you.`,
    lookalike: {
      name: 'Rain garden sizing.json',
      faultId: 'task-on-sizing-file',
      description: 'the task is put on "Rain garden sizing.json", the other file in Drainage',
    },
    background: (c) => ({
      description: 'Owen uploaded a new version of the 2026 staff roster the day before',
      patch: (() => {
        const roster = fileIn('Staff roster 2026.csv', folderAt(['Studio Admin', 'Rosters']));
        return newVersion(
          base,
          roster,
          `${currentContent(base, roster)}2026-05-25,Priya Raman,Owen Achterberg,Priya Desai\n`,
          call(c, owen, BEFORE_RUN),
        );
      })(),
    }),
    related: (c, strategy) => {
      // Priya Desai renamed the 2025 strategy and uploaded the rewritten one under its name.
      const upload = uploadFile(
        name,
        folderAt(folder),
        '# Kestrel Road drainage strategy (2026)\n\nRoad runoff enters the rain gardens through dropped kerbs with sediment forebays.\nFreeboard raised to 200 mm after the highways review. Overflow returns to the existing gullies.\n',
        call(c, priyaD, BEFORE_RUN),
      );
      return {
        description:
          'the day before, Priya Desai renamed the old strategy to "Drainage strategy (2025).md" and uploaded the rewritten one as "Drainage strategy.md": the name now points to another file',
        patch: [
          editItem(
            'box_files',
            strategy,
            { name: 'Drainage strategy (2025).md' },
            call(c, priyaD, BEFORE_RUN),
          ),
          ...upload.ops,
        ],
        target: upload.file,
      };
    },
    witness: 'the source run put the task on the file id that now carries the 2025 name',
    traps: ['shared-name', 'renamed-entity', 'legal-alternative'],
  });
};

// ================================================================ family: file every intake export whose name has a prefix
interface PrefixSpec {
  id: string;
  prefix: string;
  destination: readonly string[];
  wrongDestination: { folder: readonly string[]; description: string };
  lookalike: string;
  instruction: string;
  background: (ctx: Ctx) => { description: string; patch: Patch };
  related: (ctx: Ctx, intake: Row) => { description: string; patch: Patch };
  witness: string;
  traps: Trap[];
}

function fileByPrefix(ctx: Ctx, spec: PrefixSpec): Task {
  const intake = folderAt(['Intake - survey exports']);
  const destination = folderAt(spec.destination);
  const wrong = folderAt(spec.wrongDestination.folder);
  const background = spec.background(ctx);
  const related = spec.related(ctx, intake);
  const panel = (state: State): Drafted[] => {
    const members = state
      .rows('box_files')
      .filter(
        (row) =>
          row.parent_id === intake.id &&
          String(row.name).startsWith(spec.prefix) &&
          row.item_status === 'active',
      );
    const lookalike = fileIn(spec.lookalike, intake, state);
    // PUT /files/{id} with a new parent, one call per file.
    const move = (rows: readonly Row[], to: Row): ApiCall[] =>
      rows.map((row) => updateCall('file', row, { parent: to }));
    const newest = [...members].sort((a, b) =>
      String(b.created_at).localeCompare(String(a.created_at)),
    )[0]!;
    return [
      completeCalls(
        'complete',
        `every ${members.length} "${spec.prefix}" export moved into ${spec.destination.slice(1).join(' › ')} (PUT /files/{id} with a new parent, one per file)`,
        move(members, destination),
      ),
      alternativeCalls(
        'moved-with-filing-notes',
        'the same moves, and a comment "Filed from Intake - survey exports." left on each moved export (the instruction neither asks for nor forbids notes)',
        [
          ...move(members, destination),
          ...members.map((row) => commentCall(row, 'Filed from Intake - survey exports.')),
        ],
      ),
      faultCalls(
        'missed-newest',
        'set',
        `the most recent export (${String(newest.name)}) is left in the intake folder`,
        move(
          members.filter((row) => row !== newest),
          destination,
        ),
      ),
      faultCalls(
        spec.id === 'box_2' ? 'archive-surveys' : 'wrong-folder',
        'relation',
        spec.wrongDestination.description,
        move(members, wrong),
      ),
      faultCalls(
        'lookalike-moved-too',
        'set',
        `a careless match also moves "${spec.lookalike}"`,
        move([...members, lookalike], destination),
      ),
    ];
  };
  const keys = keysOf(spec.destination);
  const destinationKey = keys[keys.length - 1]!;
  return task({
    id: spec.id,
    family: 'box-file-exports-by-prefix',
    instruction: spec.instruction,
    selectors: {
      intake: {
        table: 'box_folders',
        where: { name: 'Intake - survey exports', parent_id: '0' },
        cardinality: 'one',
      },
      ...pathSelectors(spec.destination, keys),
      exports: {
        table: 'box_files',
        where: {
          parent_id: { ref: 'intake', field: 'id' },
          name: { startsWith: spec.prefix },
          item_status: 'active',
        },
        cardinality: { min: 1 },
        description: `the intake files whose name starts with ${spec.prefix} in this run's before-state`,
      },
    },
    checks: [
      {
        kind: 'field',
        name: `every ${spec.prefix} export left the intake folder`,
        category: 'set',
        reason: 'the instruction asks for every file with the prefix, as the folder holds them now',
        target: 'exports',
        field: 'parent_id',
        expect: { neq: { ref: 'intake', field: 'id' } },
      },
      {
        kind: 'field',
        name: `each export is in ${spec.destination.slice(1).join(' › ')}`,
        category: 'relation',
        reason: "the destination is the named project's folder, not a look-alike",
        target: 'exports',
        field: 'parent_id',
        expect: { ref: destinationKey, field: 'id' },
      },
      untouched(
        'no other file moved or changed',
        'everything else stays in the intake folder',
        ['box_files'],
        'set',
        ['exports'],
      ),
      untouched('folders and contents untouched', 'moving files changes no folder and no content', [
        'box_folders',
        'box_file_versions',
      ]),
    ],
    conditions: {
      background,
      related: { ...related, change: 'membership' },
    },
    source: panel(base),
    related: panel(applyPatch(base, related.patch)),
    witness: spec.witness,
    traps: spec.traps,
  });
}

const box2 = (ctx: Ctx): Task =>
  fileByPrefix(ctx, {
    id: 'box_2',
    prefix: 'OL-',
    destination: ['Projects', 'Orchard Lane Community Garden', 'Surveys'],
    wrongDestination: {
      folder: ['Projects', 'Orchard Lane Community Garden (archive)', 'Surveys'],
      description:
        'the exports are moved into the Surveys folder of "Orchard Lane Community Garden (archive)"',
    },
    lookalike: 'Old-OL-plot-07-levels.csv',
    instruction:
      'Could you file the Orchard Lane survey exports? Every file in "Intake - survey exports" whose name starts with "OL-" should go into the Surveys folder of the Orchard Lane Community Garden project. Leave everything else in the intake folder.',
    background: (c) => ({
      description: 'Marta uploaded the notes of the 9 March studio meeting',
      patch: uploadFile(
        '2026-03-09 studio meeting.md',
        folderAt(['Studio Admin', 'Meeting notes', '2026']),
        '# Studio meeting - 2026-03-09\n\nAttendees: Marta Kowalczyk, Priya Raman, Priya Desai\n\n## Notes\n- Kestrel Road highways sign-off expected next week\n- Nursery delivery for Orchard Lane booked for 24 March\n',
        call(c, marta, BEFORE_RUN),
      ).ops,
    }),
    related: (c, intake) => ({
      description:
        'Priya Raman uploaded one more Orchard Lane export (OL-plot-15-levels.csv) into the intake folder the day before: the set to move has four members',
      patch: uploadFile(
        'OL-plot-15-levels.csv',
        intake,
        'point,easting,northing,level_m_aod,note\nOL15-01,431022,221876,31.42,\nOL15-02,431031,221880,31.37,gully\nOL15-03,431040,221885,31.29,tree base\n',
        call(c, priyaR, BEFORE_RUN),
      ).ops,
    }),
    witness: 'the source run moved the three exports it saw; the fourth stays behind',
    traps: ['case-whitespace', 'legal-alternative'],
  });

const box6 = (ctx: Ctx): Task =>
  fileByPrefix(ctx, {
    id: 'box_6',
    prefix: 'KR-',
    destination: ['Projects', 'Kestrel Road Rain Garden', 'Surveys'],
    wrongDestination: {
      folder: ['Projects', 'Kestrel Road Rain Garden', 'Drainage'],
      description:
        'the exports are moved into Kestrel Road Rain Garden › Drainage instead of Surveys',
    },
    lookalike: 'Kr-kerb-notes.txt',
    instruction:
      'The Kestrel Road survey exports are piling up in "Intake - survey exports". Please move each file there whose name begins with "KR-" (capital K and R) into Projects > Kestrel Road Rain Garden > Surveys, and nothing else.',
    background: (c) => ({
      description: 'Priya Desai commented on the Harbour Steps planting schedule the day before',
      patch: addComment(
        base,
        fileIn(
          'Planting schedule.csv',
          folderAt(['Projects', 'Harbour Steps Pocket Park', 'Planting']),
        ),
        'Swapped the lavender for sea thrift; the Port wants salt-tolerant edging.',
        call(c, priyaD, BEFORE_RUN),
      ),
    }),
    related: (c, intake) => ({
      description:
        'the day before, Priya Raman renamed "kr-gully-survey.csv" to "KR-gully-survey.csv": the set to move has three members',
      patch: [
        editItem(
          'box_files',
          fileIn('kr-gully-survey.csv', intake),
          { name: 'KR-gully-survey.csv' },
          call(c, priyaR, BEFORE_RUN),
        ),
      ],
    }),
    witness: 'the source run moved the two exports it saw; the renamed one stays behind',
    traps: ['case-whitespace', 'renamed-entity'],
  });

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

const box3 = (ctx: Ctx): Task => {
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

const box7 = (ctx: Ctx): Task => {
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

// ================================================================ family: hub whose description copies a folder's
interface HubSpec {
  id: string;
  title: string;
  project: string;
  /** A look-alike folder: the wrong item (relation) and part of the both-added fault (set). */
  lookalike: Row;
  /** A folder whose description is the wrong text to copy (value). */
  wrongDescription: { id: string; description: string; from: Row };
  instruction: string;
  background: (ctx: Ctx) => { description: string; patch: Patch };
  relatedDescription: { text: string; condition: string };
  witness: string;
  traps: Trap[];
}

function hubFromFolder(ctx: Ctx, spec: HubSpec): Task {
  const projects = folderAt(['Projects']);
  const project = folderIn(spec.project, projects);
  const background = spec.background(ctx);
  const related: Patch = [
    editItem(
      'box_folders',
      project,
      { description: spec.relatedDescription.text },
      call(ctx, marta, BEFORE_RUN),
    ),
  ];
  const panel = (state: State): Drafted[] => {
    const description = String(current(state, 'box_folders', project).description);
    // POST /hubs, then one POST /hubs/{id}/manage_items adding the folders to that hub.
    const build = (
      fields: Partial<{ description: string; is_ai_enabled: boolean }>,
      targets: readonly Row[],
    ): ApiCall[] => [
      hubCall({ title: spec.title, description, ...fields }),
      hubItemsCall(
        '{{0.id}}',
        'add',
        targets.map((item) => ({ type: 'folder' as const, item })),
      ),
    ];
    return [
      completeCalls(
        'complete',
        'POST /hubs with the title and the folder description, then POST /hubs/{id}/manage_items adding the project folder',
        build({}, [project]),
      ),
      alternativeCalls(
        'ai-disabled',
        'the same hub created with Box AI switched off (the instruction does not mention it)',
        build({ is_ai_enabled: false }, [project]),
      ),
      faultCalls(
        spec.wrongDescription.id,
        'value',
        spec.wrongDescription.description,
        build({ description: String(spec.wrongDescription.from.description) }, [project]),
      ),
      faultCalls(
        spec.id === 'box_4' ? 'tender-folder-added' : 'lookalike-folder-added',
        'relation',
        `"${String(spec.lookalike.name)}" is added instead of the project folder`,
        build({}, [spec.lookalike]),
      ),
      faultCalls(
        'both-folders-added',
        'set',
        `both the project folder and "${String(spec.lookalike.name)}" are added to the hub`,
        build({}, [project, spec.lookalike]),
      ),
    ];
  };
  return task({
    id: spec.id,
    family: 'box-hub-from-folder-description',
    instruction: spec.instruction,
    selectors: {
      projects: {
        table: 'box_folders',
        where: { name: 'Projects', parent_id: '0' },
        cardinality: 'one',
      },
      project: {
        table: 'box_folders',
        where: { name: spec.project, parent_id: { ref: 'projects', field: 'id' } },
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
        where: { title: spec.title },
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
        expect: { ref: 'project', field: 'description' },
      },
      {
        kind: 'created',
        name: 'the project folder is in the hub',
        category: 'relation',
        reason: 'the hub must point at the named project folder, not a look-alike',
        bind: 'item',
        table: 'box_hub_items',
        where: {
          hub_id: { ref: 'hub', field: 'id' },
          item_id: { ref: 'project', field: 'id' },
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
      untouched('folders and files untouched', 'copying a description must not edit the folder', [
        'box_folders',
        'box_files',
        'box_file_versions',
      ]),
    ],
    conditions: {
      background,
      related: { description: spec.relatedDescription.condition, change: 'value', patch: related },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: spec.witness,
    traps: spec.traps,
  });
}

const box4 = (ctx: Ctx): Task => {
  const tender = folderAt(['Projects', 'Harbour Steps Pocket Park (tender 2024)']);
  const title = 'Harbour Steps - client handover';
  return hubFromFolder(ctx, {
    id: 'box_4',
    title,
    project: 'Harbour Steps Pocket Park',
    lookalike: tender,
    wrongDescription: {
      id: 'tender-description',
      description: 'the description is copied from the 2024 tender folder',
      from: tender,
    },
    instruction: `Please set up a hub called "${title}" for the Port. Use the description of our Harbour Steps Pocket Park project folder (in Projects) as the hub description, word for word, and add that project folder to the hub.`,
    background: (c) => {
      const plan = fileIn(
        'Orchard Lane Community Garden cost plan v2.csv',
        folderAt(['Projects', 'Orchard Lane Community Garden', 'Budgets']),
      );
      return {
        description:
          'Priya Desai uploaded a new version of the Orchard Lane cost plan the day before',
        patch: newVersion(
          base,
          plan,
          withTotal(
            currentContent(base, plan).replace(
              /^Signage,\d+,nr,420,\d+$/m,
              'Signage,4,nr,420,1680',
            ),
          ),
          call(c, priyaD, BEFORE_RUN),
        ),
      };
    },
    relatedDescription: {
      text: 'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover moved to June 2026 after the quay wall repairs.',
      condition:
        'Marta updated the Harbour Steps folder description the day before (handover moved to June): the text to copy is different',
    },
    witness: 'the source run wrote the old folder description into the hub',
    traps: ['copied-value', 'legal-alternative'],
  });
};

const box8 = (ctx: Ctx): Task => {
  const kestrel = ['Projects', 'Kestrel Road Rain Garden'];
  const title = 'Kestrel Road - highways review';
  return hubFromFolder(ctx, {
    id: 'box_8',
    title,
    project: 'Kestrel Road Rain Garden',
    lookalike: folderAt([...kestrel, 'Drainage']),
    wrongDescription: {
      id: 'projects-description',
      description: 'the description is copied from the parent Projects folder',
      from: folderAt(['Projects']),
    },
    instruction: `Make a hub for the borough highways team titled "${title}". Its description should be exactly the description our Kestrel Road Rain Garden folder (under Projects) has, and the hub should contain that one folder.`,
    background: (c) => ({
      description: 'Priya Raman commented on the Orchard Lane soil tests the day before',
      patch: addComment(
        base,
        fileIn(
          'Soil tests.csv',
          folderAt(['Projects', 'Orchard Lane Community Garden', 'Surveys']),
        ),
        'Sample 3 was taken next to the compost bays; treat its organic matter figure with care.',
        call(c, priyaR, BEFORE_RUN),
      ),
    }),
    relatedDescription: {
      text: 'Street rain gardens on Kestrel Road with the borough highways team. Stage E; highways technical approval granted 2 March 2026.',
      condition:
        'Marta updated the Kestrel Road folder description the day before (technical approval granted): the text to copy is different',
    },
    witness: 'the source run wrote the old folder description into the hub',
    traps: ['copied-value', 'legal-alternative'],
  });
};

/** A background edit: someone comments on a file the task does not touch. */
function commentElsewhere(
  ctx: Ctx,
  folder: readonly string[],
  fileName: string,
  by: Row,
  message: string,
): { description: string; patch: Patch } {
  return {
    description: `${String(by.name)} commented on "${fileName}" (${folder.slice(1).join(' › ')}) the day before`,
    patch: addComment(base, fileIn(fileName, folderAt(folder)), message, call(ctx, by, BEFORE_RUN)),
  };
}

/** The files of a folder in the order Box lists them (name, numbers compared as numbers). */
function listed(state: State, folder: Row): Row[] {
  return state
    .rows('box_files')
    .filter((row) => row.parent_id === folder.id && row.item_status !== 'trashed')
    .sort((a, b) =>
      String(a.name).localeCompare(String(b.name), 'en', { sensitivity: 'base', numeric: true }),
    );
}
/** Box's default page of GET /folders/{id}/items. */
const DEFAULT_PAGE = 100;

// ================================================================ box_9: comment on a file named in the instruction
const box9 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Kestrel Road Rain Garden', 'Surveys'];
  const surveys = folderAt(folder);
  const soil = fileIn('Soil tests.csv', surveys);
  const orchardSoil = fileIn(
    'Soil tests.csv',
    folderAt(['Projects', 'Orchard Lane Community Garden', 'Surveys']),
  );
  const message = 'Infiltration in S2 looks low; can we retest before the kerb build-outs?';
  const retest = uploadFile(
    'Soil tests.csv',
    surveys,
    'sample,depth_cm,ph,organic_matter_pct,texture,infiltration_mm_h\nKR-S1,30,6.8,4.1,sandy loam,22\nKR-S2,30,7.0,3.2,clay loam,9\nKR-S3,45,6.6,2.9,loam,31\n',
    call(ctx, priyaR, BEFORE_RUN),
  );
  const related: Patch = [
    editItem(
      'box_files',
      soil,
      { name: 'Soil tests (superseded).csv' },
      call(ctx, priyaR, BEFORE_RUN),
    ),
    ...retest.ops,
    ...addComment(
      applyPatch(base, retest.ops),
      retest.file,
      'Re-test after the February rain; S2 repeated at 30 cm.',
      call(ctx, priyaR, BEFORE_RUN),
    ),
  ];
  const panel = (_state: State, target: Row): Drafted[] => {
    // POST /comments, then any further calls of the run.
    const comment = (file: Row, text: string, extra: ApiCall[] = []): ApiCall[] => [
      commentCall(file, text),
      ...extra,
    ];
    return [
      completeCalls(
        'complete',
        'POST /comments on the named file with the requested text',
        comment(target, message),
      ),
      faultCalls(
        'comment-on-orchard-soil-tests',
        'identity',
        'the comment goes on the Orchard Lane "Soil tests.csv", a file of the same name in another project',
        comment(orchardSoil, message),
      ),
      faultCalls(
        'message-cut-short',
        'value',
        'the comment says only "Infiltration in S2 looks low."',
        comment(target, 'Infiltration in S2 looks low.'),
      ),
      faultCalls(
        'description-edited-too',
        'preservation',
        'the comment is posted and the file description is changed to "Retest requested."',
        comment(target, message, [
          updateCall('file', target, { description: 'Retest requested.' }),
        ]),
      ),
    ];
  };
  return task({
    id: 'box_9',
    family: 'box-comment-on-named-file',
    instruction: `Please comment on the Kestrel Road soil test results — the file "Soil tests.csv" in Projects > Kestrel Road Rain Garden > Surveys — with: "${message}"`,
    selectors: {
      ...pathSelectors(folder),
      soil: fileSelector(
        'Soil tests.csv',
        'surveys',
        'the active soil tests file in Kestrel Road › Surveys',
      ),
    },
    checks: [
      newOnFile(
        'box_comments',
        'comment',
        'soil',
        'a comment on the named file',
        'identity',
        'the comment belongs on the file the instruction names, as the folder holds it now',
      ),
      onlyOneNew('box_comments', 'no comment anywhere else', 'one comment was asked for'),
      {
        kind: 'field',
        name: 'the comment carries the requested text',
        category: 'value',
        reason: 'the instruction gives the text',
        target: 'comment',
        field: 'message',
        expect: { containsIgnoreCase: 'S2 looks low; can we retest before the kerb build-outs?' },
      },
      {
        kind: 'preserved',
        name: 'the file itself is left as it was',
        category: 'preservation',
        reason: 'commenting changes nothing of the file but its comment count',
        target: 'soil',
        fields: ['name', 'description', 'tags', 'parent_id', 'sha_1'],
      },
      untouched(
        'other files, folders and contents untouched',
        'a comment edits nothing else',
        ['box_files', 'box_folders', 'box_file_versions'],
        'preservation',
        ['soil'],
      ),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Millbrook School Courtyard', 'Planting'],
        'Species list.csv',
        priyaD,
        'Added two shade-tolerant ferns for the north bed.',
      ),
      related: {
        description:
          'the day before, Priya Raman renamed the Kestrel Road "Soil tests.csv" to "Soil tests (superseded).csv" and uploaded a re-test under the old name (with a comment): the name now points to another file',
        change: 'binding',
        patch: related,
      },
    },
    source: panel(base, soil),
    related: panel(applyPatch(base, related), retest.file),
    witness: 'the source run commented on the file id that now carries the superseded name',
    traps: ['shared-name', 'renamed-entity'],
  });
};

// ================================================================ box_10: completion task for whoever owns a file
const box10 = (ctx: Ctx): Task => {
  const folder = ['Projects', 'Millbrook School Courtyard', 'Planting'];
  const schedule = fileIn('Planting schedule.csv', folderAt(folder));
  const orchardSchedule = fileIn(
    'Planting schedule.csv',
    folderAt(['Projects', 'Orchard Lane Community Garden', 'Planting']),
  );
  const message = "Update the quantities after the governors' changes.";
  const related: Patch = [
    {
      op: 'update',
      table: 'box_files',
      key: { id: idOf(schedule) },
      set: { owned_by_id: idOf(priyaR) },
    },
  ];
  const panel = (state: State): Drafted[] => {
    const owner = findRow(base, 'box_users', {
      id: String(current(state, 'box_files', schedule).owned_by_id),
    });
    const other = owner.id === priyaD.id ? priyaR : priyaD;
    // POST /tasks, then one POST /task_assignments per person on the task that call created.
    const give = (file: Row, to: readonly Row[], extra: object = {}): ApiCall[] => [
      taskCall(file, { message, action: 'complete', ...extra }),
      ...to.map((person) => assignCall('{{0.id}}', person)),
    ];
    return [
      completeCalls(
        'complete',
        `POST /tasks (complete) on the schedule, assigned to its owner ${String(owner.name)}`,
        give(schedule, [owner]),
      ),
      alternativeCalls(
        'due-next-friday',
        'the same completion task with a due date a week later (the instruction sets none)',
        give(schedule, [owner], { due_at: '2026-11-13T17:00:00+00:00' }),
      ),
      faultCalls(
        'assigned-to-self',
        'identity',
        'the task is assigned to Marta, who asked for it',
        give(schedule, [marta]),
      ),
      faultCalls(
        'review-task',
        'value',
        'a review task instead of a completion task',
        give(schedule, [owner], { action: 'review' }),
      ),
      faultCalls(
        'task-on-orchard-schedule',
        'identity',
        'the task is put on the Orchard Lane "Planting schedule.csv" (same name, other project)',
        give(orchardSchedule, [owner]),
      ),
      faultCalls(
        'both-priyas-assigned',
        'set',
        'both Priyas are assigned, not just the owner',
        give(schedule, [owner, other]),
      ),
    ];
  };
  return task({
    id: 'box_10',
    family: 'box-task-for-file-owner',
    instruction: `Whoever owns the Millbrook planting schedule ("Planting schedule.csv" in Projects > Millbrook School Courtyard > Planting) should bring it up to date. Please give that person a completion task on the file with the message "${message}"`,
    selectors: {
      ...pathSelectors(folder),
      schedule: fileSelector('Planting schedule.csv', 'planting'),
      owner: {
        table: 'box_users',
        where: { id: { ref: 'schedule', field: 'owned_by_id' } },
        cardinality: 'one',
        description: "the schedule's owner in this run's before-state",
      },
    },
    checks: [
      newOnFile(
        'box_tasks',
        'task',
        'schedule',
        'a task on the named schedule',
        'identity',
        'the task belongs on the Millbrook schedule, not a file of the same name elsewhere',
      ),
      onlyOneNew('box_tasks', 'no task on any other file', 'one task was asked for'),
      {
        kind: 'field',
        name: 'it is a completion task',
        category: 'value',
        reason: 'the owner is to update the file, not review it',
        target: 'task',
        field: 'action',
        expect: 'complete',
      },
      {
        kind: 'field',
        name: 'the task carries the requested message',
        category: 'value',
        reason: 'the instruction gives the message',
        target: 'task',
        field: 'message',
        expect: { containsIgnoreCase: 'update the quantities after the governors' },
      },
      oneAssignment('exactly one assignee', 'set', 'the task is for the owner alone'),
      assignedTo(
        'owner',
        "assigned to the file's owner",
        'the instruction names the person by the ownership the file has now',
      ),
      noFileChanged(),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Studio Admin', 'Rosters'],
        'Staff roster 2026.csv',
        owen,
        'Swapped the on-call weeks in May.',
      ),
      related: {
        description:
          'the day before, Priya Desai transferred ownership of the Millbrook planting schedule to Priya Raman: "whoever owns it" is another person',
        change: 'binding',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: 'the source run assigned the owner it saw, Priya Desai, who no longer owns the file',
    traps: ['shared-name', 'legal-alternative'],
  });
};

// ================================================================ box_11: copy the tags of one file onto another
const box11 = (ctx: Ctx): Task => {
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

// ================================================================ box_12: task due when another task is due
const box12 = (ctx: Ctx): Task => {
  const harbour = ['Projects', 'Harbour Steps Pocket Park'];
  const brief = fileIn(
    'Harbour Steps Pocket Park - client brief.md',
    folderAt([...harbour, 'Briefs']),
  );
  const plan = fileIn(
    'Harbour Steps Pocket Park cost plan v2.csv',
    folderAt([...harbour, 'Budgets']),
  );
  const planterTask = findRow(
    base,
    'box_tasks',
    (row) => row.item_id === plan.id && String(row.message).includes('planter quantities'),
  );
  const governorsTask = findRow(base, 'box_tasks', (row) =>
    String(row.message).startsWith('Review the brief before it goes to the governors'),
  );
  const message = 'Check the brief matches the planter quantities.';
  const related: Patch = [
    {
      op: 'update',
      table: 'box_tasks',
      key: { id: idOf(planterTask) },
      set: { due_at: '2026-03-20T16:00:00+00:00' },
    },
  ];
  const panel = (state: State): Drafted[] => {
    const due = findRow(state, 'box_tasks', { id: idOf(planterTask) }).due_at ?? null;
    // POST /tasks, then POST /task_assignments on the task that call created.
    const give = (file: Row, to: Row, fields: object = {}): ApiCall[] => [
      taskCall(file, { message, due_at: due as string | null, ...fields }),
      assignCall('{{0.id}}', to),
    ];
    return [
      completeCalls(
        'complete',
        "POST /tasks (review) on the brief with the planter task's due date, assigned to Priya Raman",
        give(brief, priyaR),
      ),
      alternativeCalls(
        'any-assignee',
        'the same task with completion rule any_assignee (the instruction does not say)',
        give(brief, priyaR, { completion_rule: 'any_assignee' }),
      ),
      faultCalls(
        'no-due-date',
        'value',
        'the task has no due date',
        give(brief, priyaR, { due_at: null }),
      ),
      faultCalls(
        'due-from-governors-task',
        'value',
        'the due date is taken from the Millbrook governors review task instead',
        give(brief, priyaR, { due_at: governorsTask.due_at! }),
      ),
      faultCalls(
        'task-on-cost-plan',
        'relation',
        'the new task is put on the cost plan (where the planter task is), not on the brief',
        give(plan, priyaR),
      ),
      faultCalls(
        'assigned-priya-desai',
        'identity',
        'the task is assigned to the other Priya (Priya Desai)',
        give(brief, priyaD),
      ),
    ];
  };
  return task({
    id: 'box_12',
    family: 'box-task-due-like-another',
    instruction: `Please give Priya Raman a review task on "Harbour Steps Pocket Park - client brief.md" (Projects > Harbour Steps Pocket Park > Briefs) with the message "${message}" It should be due at the same time as the open task about the planter quantities on "Harbour Steps Pocket Park cost plan v2.csv" in the project's Budgets folder.`,
    selectors: {
      ...pathSelectors(harbour),
      briefs: {
        table: 'box_folders',
        where: { name: 'Briefs', parent_id: { ref: 'harbour', field: 'id' } },
        cardinality: 'one',
      },
      budgets: {
        table: 'box_folders',
        where: { name: 'Budgets', parent_id: { ref: 'harbour', field: 'id' } },
        cardinality: 'one',
      },
      brief: fileSelector('Harbour Steps Pocket Park - client brief.md', 'briefs'),
      plan: fileSelector('Harbour Steps Pocket Park cost plan v2.csv', 'budgets'),
      planterTask: {
        table: 'box_tasks',
        where: {
          item_id: { ref: 'plan', field: 'id' },
          message: { containsIgnoreCase: 'planter quantities' },
          is_completed: false,
        },
        cardinality: 'one',
        description: 'the open planter-quantities task on the cost plan',
      },
      raman: { table: 'box_users', where: { name: 'Priya Raman' }, cardinality: 'one' },
    },
    checks: [
      newOnFile(
        'box_tasks',
        'task',
        'brief',
        'a task on the brief',
        'relation',
        'the new task goes on the brief; the cost plan only gives the date',
      ),
      onlyOneNew('box_tasks', 'no other new task', 'one task was asked for'),
      {
        kind: 'field',
        name: 'it is a review task with the message',
        category: 'value',
        reason: 'the instruction gives the message',
        target: 'task',
        field: 'message',
        expect: { containsIgnoreCase: 'matches the planter quantities' },
      },
      {
        kind: 'field',
        name: 'due when the planter task is due',
        category: 'value',
        reason: "the due date is copied from the planter task as it is in this run's initial state",
        target: 'task',
        field: 'due_at',
        expect: { ref: 'planterTask', field: 'due_at' },
      },
      oneAssignment('one assignee', 'relation', 'the task is for Priya Raman'),
      assignedTo(
        'raman',
        'assigned to Priya Raman',
        'the instruction names Priya Raman, not the other Priya',
      ),
      {
        kind: 'preserved',
        name: 'the planter task is left as it is',
        category: 'preservation',
        reason: 'its date is read, not changed',
        target: 'planterTask',
        fields: ['due_at', 'message', 'is_completed'],
      },
      untouched('files, folders and contents untouched', 'creating a task changes no file', [
        'box_files',
        'box_folders',
        'box_file_versions',
      ]),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Projects', 'Kestrel Road Rain Garden', 'Drainage'],
        'Rain garden sizing.json',
        priyaR,
        'RG3 depth confirmed with the highways engineer.',
      ),
      related: {
        description:
          'Marta moved the planter-quantities task to 20 March the day before: the due date to copy is different',
        change: 'value',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness: 'the source run wrote the due date it read, which the planter task no longer has',
    traps: ['copied-value', 'shared-name', 'legal-alternative'],
  });
};

// ================================================================ box_13: trash every matching photo of a large folder
const box13 = (ctx: Ctx): Task => {
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

// ================================================================ box_14: tag every file of a large folder, keeping tags
const box14 = (ctx: Ctx): Task => {
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

// ================================================================ box_15: move a file and keep its metadata and comments
const box15 = (ctx: Ctx): Task => {
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

// ================================================================ box_16: new version that keeps every line
const box16 = (ctx: Ctx): Task => {
  const folder = ['Studio Admin', 'Rosters'];
  const rosters = folderAt(folder);
  const rota = fileIn('Holiday rota 2026.csv', rosters);
  const roster = fileIn('Staff roster 2026.csv', rosters);
  const line = 'Priya Raman,2026-07-20,2026-07-24,5';
  const related = newVersion(
    base,
    rota,
    `${currentContent(base, rota)}Marta Kowalczyk,2026-10-26,2026-10-30,5\n`,
    call(ctx, owen, BEFORE_RUN),
  );
  const panel = (state: State): Drafted[] => {
    const content = currentContent(state, rota);
    // POST /files/{id}/content: the whole text of the new version.
    const version = (file: Row, text: string): ApiCall[] => [newVersionCall(file, text)];
    const withLine = `${content}${line}\n`;
    return [
      completeCalls(
        'complete',
        'POST /files/{id}/content: a new version with every line it had and the new one at the end',
        version(rota, withLine),
      ),
      alternativeCalls(
        'version-and-comment',
        'the same new version, and a comment saying what was added (not asked for, not forbidden)',
        [...version(rota, withLine), commentCall(rota, "Added Priya Raman's July leave.")],
      ),
      faultCalls(
        'lines-replaced',
        'preservation',
        'the new version holds only the header and the new line',
        version(rota, `name,from,to,days\n${line}\n`),
      ),
      faultCalls(
        'separate-file',
        'relation',
        'uploaded as a separate file "Holiday rota 2026 (1).csv" instead of a new version',
        [uploadCall('Holiday rota 2026 (1).csv', rosters, withLine)],
      ),
      faultCalls(
        'wrong-day-count',
        'value',
        'the new line says 4 days',
        version(rota, `${content}Priya Raman,2026-07-20,2026-07-24,4\n`),
      ),
      faultCalls(
        'roster-versioned',
        'identity',
        'the line is added as a new version of "Staff roster 2026.csv" instead',
        version(roster, `${currentContent(state, roster)}${line}\n`),
      ),
    ];
  };
  return task({
    id: 'box_16',
    family: 'box-new-version-keep-lines',
    instruction: `"Holiday rota 2026.csv" in Studio Admin > Rosters needs one more line: "${line}". Please upload the updated rota as a new version of that file, keeping every line it already has.`,
    selectors: {
      ...pathSelectors(folder),
      rota: fileSelector('Holiday rota 2026.csv', 'rosters'),
      rotaVersion: {
        table: 'box_file_versions',
        where: {
          file_id: { ref: 'rota', field: 'id' },
          version_number: { ref: 'rota', field: 'version_number' },
        },
        cardinality: 'one',
        description: "the rota's current version in this run's before-state",
      },
    },
    checks: [
      {
        kind: 'created',
        name: 'a new version of the rota',
        category: 'relation',
        reason: 'the update is a new version of that file',
        bind: 'upload',
        table: 'box_file_versions',
        where: { file_id: { ref: 'rota', field: 'id' } },
        cardinality: 'one',
      },
      {
        kind: 'field',
        name: 'the new version is current',
        category: 'relation',
        reason: 'the file now shows the new version',
        target: 'rota',
        field: 'sha_1',
        expect: { ref: 'upload', field: 'sha_1' },
      },
      {
        kind: 'count',
        name: 'no separate file uploaded',
        category: 'relation',
        reason: 'a new version, not a new file',
        table: 'box_files',
        scope: 'inserted',
        where: {},
        expect: 0,
      },
      {
        kind: 'field',
        name: 'the new line is in it',
        category: 'value',
        reason: 'the instruction gives the line verbatim',
        target: 'upload',
        field: 'content',
        expect: { contains: line },
      },
      {
        kind: 'field',
        name: 'every earlier line is kept',
        category: 'preservation',
        reason: "keep every line the rota has in this run's initial state",
        target: 'upload',
        field: 'content',
        expect: { contains: { ref: 'rotaVersion', field: 'content' } },
      },
      untouched(
        'no other file changed',
        'only the rota gets a version',
        ['box_files'],
        'identity',
        ['rota'],
      ),
      untouched('folders and tasks untouched', 'an upload changes nothing else', [
        'box_folders',
        'box_tasks',
      ]),
    ],
    conditions: {
      background: commentElsewhere(
        ctx,
        ['Studio Admin', 'Templates'],
        'Site visit checklist.md',
        priyaR,
        'Added: photograph the tree protection fencing from both sides.',
      ),
      related: {
        description:
          "Owen added Marta's October leave to the rota the day before (a new version): the lines to keep are a different list",
        change: 'preservation',
        patch: related,
      },
    },
    source: panel(base),
    related: panel(applyPatch(base, related)),
    witness:
      "the source run uploaded the rota it had read plus the line, which drops Marta's October leave",
    traps: ['copied-value', 'preserve-across-tables', 'legal-alternative'],
  });
};

// ================================================================ generate
/** The built-in Box task files. */
export function generate(): GeneratedFile[] {
  const ctx: Ctx = { newId: idSequence({ start: 9_900_000_001, avoid: [base] }) };
  const tasks = [
    box1,
    box2,
    box3,
    box4,
    box5,
    box6,
    box7,
    box8,
    box9,
    box10,
    box11,
    box12,
    box13,
    box14,
    box15,
    box16,
  ].map((build) => assertBoxInvariants(build(ctx)));
  return tasks.map((t) => taskFile(BUILTIN_PACK, t as TaskFile));
}
