// The built-in Box task family of box_10: a completion task for whoever owns a file.
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

import { assignedTo, newOnFile, noFileChanged, oneAssignment, onlyOneNew } from './checks.js';

const { assignCall, taskCall } = box;

import {
  alternativeCalls,
  base,
  type Ctx,
  commentElsewhere,
  completeCalls,
  current,
  type Drafted,
  faultCalls,
  fileIn,
  fileSelector,
  folderAt,
  marta,
  owen,
  pathSelectors,
  priyaD,
  priyaR,
  task,
} from './context.js';

// ================================================================ box_10: completion task for whoever owns a file
export const box10 = (ctx: Ctx): Task => {
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
