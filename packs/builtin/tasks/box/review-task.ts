// The built-in Box task family of box1, box5: a review task on a file named in the instruction.
import {
  type ApiCall,
  box,
  type Patch,
  type Row,
  type Task,
  type Trap,
} from 'agentproofbench/authoring';

import { assignedTo, newOnFile, noFileChanged, oneAssignment, onlyOneNew } from './checks.js';

const { addComment, assignCall, currentContent, editItem, newVersion, taskCall, uploadFile } = box;

import {
  alternativeCalls,
  BEFORE_RUN,
  base,
  type Ctx,
  call,
  completeCalls,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  keysOf,
  owen,
  pathSelectors,
  prefixCalls,
  priyaD,
  priyaR,
  task,
  withContingency,
} from './context.js';

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

export const box1 = (ctx: Ctx): Task => {
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

export const box5 = (ctx: Ctx): Task => {
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
