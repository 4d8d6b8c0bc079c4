// The built-in Box task family of box_12: a task due when another task is due.
import {
  type ApiCall,
  applyPatch,
  box,
  findRow,
  idOf,
  type Patch,
  type Row,
  type State,
  type Task,
} from 'agentproofbench/authoring';

import { assignedTo, newOnFile, oneAssignment, onlyOneNew, untouched } from './checks.js';

const { assignCall, taskCall } = box;

import {
  alternativeCalls,
  base,
  type Ctx,
  commentElsewhere,
  completeCalls,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  pathSelectors,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_12: task due when another task is due
export const box12 = (ctx: Ctx): Task => {
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
