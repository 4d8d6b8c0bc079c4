/**
 * The recorded executions of the built-in pack, as stories: what two actors did on twelve
 * tasks (three per service), written the way an agent acts. Every state of a story is a
 * state the task's own panel already describes (an outcome of its related panel, the
 * literal replay of the source decision, or the first writes of an outcome), so each stage
 * patch is the row change between two states a real service call sequence produces. The
 * stage patches are computed from those states; edit times move forward with each stage.
 *
 * Labels are not written here: the pack's reference labels every state when it is
 * qualified. `scripts/executions/builtin.ts` writes the files; the test in
 * test/pack/builtin-executions.test.ts checks the committed files equal this output.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { callsBetween as linearCallsBetween } from '../../src/authoring/linear.js';
import { describeCallFailure, runCalls } from '../../src/pack/run-calls.js';
import type { ApiCall } from '../../src/schema/call.js';
import {
  type Executions,
  ExecutionsSchema,
  type Stage,
  type Usage,
} from '../../src/schema/execution.js';
import type { JsonValue, Row } from '../../src/schema/json.js';
import type { Patch, PatchOp } from '../../src/schema/patch.js';
import { type Seed, SeedSchema } from '../../src/schema/seed.js';
import type { Service } from '../../src/schema/service.js';
import { type Task, TaskSchema } from '../../src/schema/task.js';
import { executionsWithPatches, taskWithPatches } from '../../src/schema/with-patches.js';
import { serviceWriteModel } from '../../src/services/registry.js';
import { diffStates } from '../../src/state/diff.js';
import { State } from '../../src/state/state.js';
import { BUILTIN_CALL_CLOCK } from '../packs/builtin-clock.js';

/** A state of a story, relative to the related before-state. */
type StateExpr =
  | { outcome: string } // an outcome of the related panel
  | { outcome: string; firstOps: number } // the first calls of an outcome (whole calls only)
  | { replay: true } // the source decision replayed literally (the old binding)
  | { same: true }; // no change: the stage wrote nothing

const outcome = (id: string): StateExpr => ({ outcome: id });
const firstOps = (id: string, ops: number): StateExpr => ({ outcome: id, firstOps: ops });
const REPLAY: StateExpr = { replay: true };
const SAME: StateExpr = { same: true };

interface StageStory {
  to: StateExpr;
  description: string;
  /** Failed write requests on top of the rows that changed (e.g. an invite the service refused). */
  failedWrites?: number;
  /** The stage hit the actor's usage limit before it finished. */
  unresolved?: boolean;
  /** Extra reading the stage did (API calls beyond one per write). */
  reads?: number;
}

/** A stage that wrote nothing (it read, verified or stopped). */
const noWrite = (description: string): StageStory => ({ to: SAME, description });

interface StartStory {
  at: StateExpr;
  description: string;
  neutral: [StageStory, StageStory];
  rejected: [StageStory, StageStory];
}

interface RunStory {
  id: string;
  actor: string;
  description: string;
  natural: StartStory;
  checkpoint: StartStory;
}

/** The continuation messages (the project's own wording; they name no check and no entity). */
export const MESSAGES = {
  neutral:
    'Please keep going: check the original request once more against the current data, finish anything that is still missing, and keep the parts that are already right.',
  rejected:
    'The acceptance check has not accepted this outcome yet. Please keep going: check the original request once more against the current data, finish anything that is still missing, and keep the parts that are already right.',
} as const;

const ACTORS = {
  a: 'actor-a (tool-calling model, fast tier)',
  b: 'actor-b (tool-calling model, reasoning tier)',
} as const;

/** Twelve tasks, two runs each. Comments say what the story exercises. */
const STORIES: Record<string, RunStory[]> = {
  linear_1: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'picked the wrong In Review-like state first',
      natural: {
        at: outcome('qa-instead'),
        description:
          'reassigned to Priya Raman and moved the issue to QA, then replied it was done',
        neutral: [
          {
            to: outcome('complete'),
            description:
              'listed the Mobile workflow states, saw QA is not In Review and moved the issue to In Review (repair)',
            reads: 3,
          },
          noWrite('read the issue again; assignee and state already as asked, no write'),
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 're-read the instruction, moved the issue from QA to In Review',
            reads: 2,
          },
          noWrite('checked assignee and state again and left them as they were'),
        ],
      },
      checkpoint: {
        at: outcome('assigned-only'),
        description: 'after the first write round: the assignee is set, the state not yet',
        neutral: [
          { to: outcome('complete'), description: 'moved the issue to In Review', reads: 2 },
          noWrite('verified the issue; nothing left to do'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'moved the issue to In Review', reads: 2 },
          {
            to: REPLAY,
            description:
              'took the second rejection to mean the assignee was wrong and reassigned to the Priya Raman account it had seen in older issues (the one now called Priya Okafor)',
            reads: 4,
          },
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'did the hand-over with a comment',
      natural: {
        at: outcome('handover-comment'),
        description:
          'assigned the issue to the active Priya Raman, moved it to In Review and left a hand-over comment',
        neutral: [
          noWrite('looked up Priya Raman again and the issue; everything in place, no write'),
          noWrite('confirmed the state once more and stopped'),
        ],
        rejected: [
          {
            to: REPLAY,
            description:
              'assumed the rejection was about the person and switched the assignee back to the Priya Raman id from the earlier team roster (undoing a correct assignment)',
            reads: 3,
          },
          noWrite('checked the issue again and kept the new assignee'),
        ],
      },
      checkpoint: {
        at: outcome('assigned-only'),
        description: 'after the first write round: reassigned, still In Progress',
        neutral: [
          { to: outcome('complete'), description: 'moved the issue to In Review', reads: 1 },
          noWrite('verified and stopped'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'moved the issue to In Review', reads: 1 },
          noWrite('checked everything again and changed nothing'),
        ],
      },
    },
  ],
  linear_3: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'sent the label list as a replacement',
      natural: {
        at: outcome('labels-replaced'),
        description: 'set the due date and sent labelIds with only release-blocker',
        neutral: [
          {
            to: outcome('complete'),
            description:
              'noticed the existing labels had gone and sent the full label list back (repair)',
            reads: 2,
          },
          noWrite('read the issue again; due date and labels right'),
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'restored the original labels next to release-blocker',
            reads: 2,
          },
          {
            to: REPLAY,
            description:
              'rejected again, it went back to the due date it had first read in the project plan (the API issue before it slipped)',
            reads: 3,
          },
        ],
      },
      checkpoint: {
        at: firstOps('two-edits', 2),
        description: 'after the first write round: release-blocker is on, the due date not yet',
        neutral: [
          {
            to: outcome('labels-replaced'),
            description:
              'set the due date and, in the same edit, sent labelIds with only release-blocker (dropping the other labels)',
          },
          {
            to: outcome('complete'),
            description: 'saw the missing labels on review and restored them (repair)',
            reads: 2,
          },
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'set the due date to the API issue’s date',
            reads: 1,
          },
          noWrite('checked the API issue date again; kept everything'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'read the API issue first, then edited in one go',
      natural: {
        at: outcome('complete'),
        description: 'set the due date to the API issue’s current date and added release-blocker',
        neutral: [noWrite('compared the two due dates again; equal, no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'thought the date was the problem and set the one from the release plan comment (the date before the slip), undoing a correct due date',
            reads: 2,
          },
          noWrite('left the issue as it was'),
        ],
      },
      checkpoint: {
        at: firstOps('two-edits', 2),
        description: 'after the first write round: the label is on, the due date not yet',
        neutral: [
          { to: outcome('two-edits'), description: 'set the due date in a second edit', reads: 1 },
          noWrite('verified and stopped'),
        ],
        rejected: [
          { to: outcome('two-edits'), description: 'set the due date in a second edit', reads: 1 },
          noWrite('verified and changed nothing'),
        ],
      },
    },
  ],
  linear_4: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'closed the duplicate with the wrong state',
      natural: {
        at: outcome('done-instead'),
        description: 'linked the duplicate and closed it as Done',
        neutral: [
          noWrite('read the issue; it looked closed, so it changed nothing'),
          {
            to: outcome('complete'),
            description:
              'on the second pass it noticed Done is not Duplicate and moved it to Duplicate (repair)',
            reads: 2,
          },
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'moved the issue from Done to Duplicate',
            reads: 2,
          },
          noWrite('checked the relation and the assignee; kept them'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description:
          'after the first write round: the duplicate relation exists, the issue is still open',
        neutral: [
          {
            to: outcome('complete'),
            description: 'closed the issue as Duplicate, sending the assignee unchanged',
          },
          noWrite('verified and stopped'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'closed the issue as Duplicate' },
          noWrite('checked again and kept the outcome'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'closed with the plain Canceled state',
      natural: {
        at: outcome('closed-canceled'),
        description: 'linked the duplicate and closed it as Canceled',
        neutral: [noWrite('checked the relation and the assignee; no write'), noWrite('stopped')],
        rejected: [
          {
            to: outcome('owner-assigned'),
            description:
              'guessed the duplicate should follow the original and reassigned it to the CSV issue’s assignee (undoing a kept assignee)',
            reads: 2,
          },
          noWrite('left it as it was'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: the duplicate relation exists',
        neutral: [
          { to: outcome('complete'), description: 'closed the issue as Duplicate' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'closed the issue as Duplicate' },
          {
            to: REPLAY,
            description:
              'rejected again, it set the assignee back to Greta Lindqvist, whom it remembered from the issue history',
            reads: 3,
          },
        ],
      },
    },
  ],
  slack_1: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'missed one commander',
      natural: {
        at: outcome('missed-priya'),
        description: 'invited every missing commander but Priya Raman',
        neutral: [
          {
            to: outcome('complete'),
            description:
              'compared the two member lists again and invited Priya Raman; one repeated invite came back already_in_channel (repair)',
            failedWrites: 1,
            reads: 3,
          },
          noWrite('listed both channels again; nothing missing'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited Priya Raman', reads: 3 },
          noWrite('checked the rosters again, no change'),
        ],
      },
      checkpoint: {
        at: outcome('first-invite-only'),
        description: 'after the first write round: one commander invited',
        neutral: [
          {
            to: outcome('complete'),
            description: 'invited the other missing commanders',
            reads: 1,
          },
          noWrite('verified both lists'),
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'invited the other missing commanders',
            reads: 1,
          },
          {
            to: REPLAY,
            description:
              'rejected again, it went by the rota pinned last week: removed Hana and invited Kwame',
            reads: 2,
          },
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'invited and announced',
      natural: {
        at: outcome('invite-and-announce'),
        description: 'invited the missing commanders and posted a heads-up in #payments-cutover',
        neutral: [noWrite('compared the lists again; complete, no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'read the rejection as a wrong roster and used last week’s rota instead: removed Hana, invited Kwame (undoing correct invitations)',
            reads: 3,
          },
          noWrite('kept the channel as it was'),
        ],
      },
      checkpoint: {
        at: outcome('first-invite-only'),
        description: 'after the first write round: one commander invited',
        neutral: [
          { to: outcome('complete'), description: 'invited the remaining commanders' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited the remaining commanders' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  slack_2: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'copied the wrong field',
      natural: {
        at: outcome('copied-purpose'),
        description: "set #wh-east-ops's topic to #wh-west-ops's purpose",
        neutral: [
          {
            to: outcome('complete'),
            description: "read west's topic (not purpose) and set it on east (repair)",
            reads: 2,
          },
          noWrite('compared the topics; equal'),
        ],
        rejected: [
          { to: outcome('complete'), description: "set east's topic to west's topic", reads: 2 },
          {
            to: REPLAY,
            description: "rejected again, it used the topic quoted in yesterday's handover message",
            reads: 2,
          },
        ],
      },
      checkpoint: {
        at: firstOps('set-twice', 1),
        description: 'after the first write round: the topic set with a typo',
        neutral: [
          { to: outcome('set-twice'), description: 'corrected the typo' },
          noWrite('compared the topics; equal'),
        ],
        rejected: [
          { to: outcome('set-twice'), description: 'corrected the typo' },
          noWrite('checked again; no change'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'copied the current topic',
      natural: {
        at: outcome('complete'),
        description: "set east's topic to west's current topic",
        neutral: [noWrite('compared the topics; equal, no write'), noWrite('stopped')],
        rejected: [
          noWrite('compared the topics again and found them equal; no write'),
          {
            to: REPLAY,
            description:
              "rejected a second time, it assumed this morning's edit was a mistake and set the topic west had before",
            reads: 3,
          },
        ],
      },
      checkpoint: {
        at: outcome('complete'),
        description: 'after the first write round: the topic is already set (one call was enough)',
        neutral: [noWrite('verified; no write'), noWrite('stopped')],
        rejected: [noWrite('verified; no write'), noWrite('verified again and stopped')],
      },
    },
  ],
  slack_3: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'welcomed without a mention',
      natural: {
        at: outcome('no-mention'),
        description: 'invited Priya Raman and welcomed her by name in plain text',
        neutral: [
          noWrite('saw the welcome posted and stopped'),
          noWrite('stopped again without a change'),
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'edited the welcome to @-mention her (repair)',
            reads: 1,
          },
          noWrite('checked the message; kept it'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: invited, no welcome yet',
        neutral: [
          { to: outcome('complete'), description: 'posted the welcome with an @-mention' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'posted the welcome with an @-mention' },
          {
            to: REPLAY,
            description:
              'rejected again, it decided it had the wrong Priya and moved the invite and the mention to the colleague it knew as Priya Raman (now Priya Menon)',
            reads: 4,
          },
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'invited and welcomed the new Priya Raman',
      natural: {
        at: outcome('complete'),
        description: 'invited the current Priya Raman and posted a welcome that mentions her',
        neutral: [noWrite('checked membership and message; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'assumed it had picked the wrong person and switched to the Priya it found in older audit threads (now Priya Menon), undoing a correct invite',
            reads: 4,
          },
          noWrite('kept the channel as it was'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: invited, no welcome yet',
        neutral: [
          { to: outcome('complete'), description: 'posted the welcome' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'posted the welcome' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  box_1: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'created the wrong kind of task',
      natural: {
        at: outcome('completion-task'),
        description: 'created a "complete" task on the cost plan and assigned it to Priya Desai',
        neutral: [noWrite('looked at the task list and stopped'), noWrite('stopped again')],
        rejected: [
          {
            to: outcome('complete'),
            description:
              'deleted the completion task and created a review task assigned to Priya Desai (repair)',
            reads: 2,
          },
          noWrite('checked the task; kept it'),
        ],
      },
      checkpoint: {
        at: outcome('task-not-yet-assigned'),
        description: 'after the first write round: the review task exists, nobody assigned',
        neutral: [
          { to: outcome('complete'), description: 'assigned the task to Priya Desai' },
          {
            to: SAME,
            description: 'started re-reading the folder listing and ran out of its usage limit',
            unresolved: true,
            reads: 6,
          },
        ],
        rejected: [
          { to: outcome('complete'), description: 'assigned the task to Priya Desai' },
          noWrite('verified and stopped'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'created and assigned the review task',
      natural: {
        at: outcome('complete'),
        description: 'created the review task on the current cost plan v2 and assigned Priya Desai',
        neutral: [noWrite('checked the task and its assignment; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'thought the file was wrong and moved the task to the cost plan file id it had bookmarked before (the trashed one)',
            reads: 3,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('task-not-yet-assigned'),
        description: 'after the first write round: the review task exists, nobody assigned',
        neutral: [
          { to: outcome('complete'), description: 'assigned Priya Desai' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'assigned Priya Desai' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  box_3: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'overwrote the description',
      natural: {
        at: outcome('description-replaced'),
        description: 'renamed the brief and set its description to "Signed off."',
        neutral: [
          {
            to: outcome('complete'),
            description:
              'found the old description in the version history and put it back (repair)',
            reads: 3,
          },
          noWrite('checked name and description; no write'),
        ],
        rejected: [
          {
            to: REPLAY,
            description:
              'put back the description it remembered from the brief template, not the one the file had this morning',
            reads: 2,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('suffix-without-brackets'),
        description: 'after the first write round: renamed without the brackets',
        neutral: [
          { to: outcome('complete'), description: 'renamed again with the exact requested name' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'renamed again with the exact requested name' },
          noWrite('verified and stopped'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'renamed with a name-only update',
      natural: {
        at: outcome('name-only'),
        description: 'renamed the brief with a PUT that sent only the new name',
        neutral: [noWrite('checked the file; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'assumed the description had to be "restored" and sent the description it had read in an older copy of the brief (undoing the kept description)',
            reads: 3,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('complete'),
        description: 'after the first write round: renamed, description sent back as read',
        neutral: [noWrite('verified; no write'), noWrite('stopped')],
        rejected: [noWrite('verified; no write'), noWrite('verified again')],
      },
    },
  ],
  box_4: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'added the tender folder',
      natural: {
        at: outcome('tender-folder-added'),
        description: 'created the hub and added the 2024 tender folder',
        neutral: [
          {
            to: outcome('complete'),
            description: 'swapped the tender folder for the live project folder (repair)',
            reads: 2,
          },
          noWrite('checked the hub items; no write'),
        ],
        rejected: [
          {
            to: outcome('complete'),
            description: 'replaced the tender folder with the live one',
            reads: 2,
          },
          {
            to: REPLAY,
            description:
              'rejected again, it rewrote the hub description from the folder text it had copied into its notes earlier (before the handover moved)',
            reads: 2,
          },
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: the hub exists with no items',
        neutral: [
          { to: outcome('complete'), description: 'added the project folder and the brief' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'added the project folder and the brief' },
          noWrite('verified and stopped'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'created the hub with Box AI off',
      natural: {
        at: outcome('ai-disabled'),
        description: 'created the hub (Box AI off) with the current folder description and items',
        neutral: [noWrite('checked the hub; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'guessed the description was stale and replaced it with the folder text from its earlier session (the old handover date)',
            reads: 2,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: firstOps('ai-disabled', 1),
        description: 'after the first write round: the hub exists with no items',
        neutral: [
          { to: outcome('ai-disabled'), description: 'added the folder and the brief' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('ai-disabled'), description: 'added the folder and the brief' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  calendar_2: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'typed the location only',
      natural: {
        at: outcome('location-only'),
        description: 'typed the room into the location and stopped',
        neutral: [
          {
            to: outcome('complete'),
            description: 'invited the room resource so it is booked (repair)',
            reads: 2,
          },
          noWrite('checked the room calendar; booked'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited the room resource', reads: 2 },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: the location is set, the room not invited yet',
        neutral: [
          { to: outcome('complete'), description: 'invited the room' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited the room' },
          {
            to: REPLAY,
            description:
              'rejected again, it booked Cedar (12), the room the board session used to be in',
            reads: 3,
          },
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'booked the board session’s room',
      natural: {
        at: outcome('complete'),
        description: 'moved the prep into the board session’s current room and booked it',
        neutral: [noWrite('checked the booking; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'assumed the room was wrong and switched to Cedar (12), the room it found in the series’ earlier occurrences (undoing a correct booking)',
            reads: 3,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: firstOps('complete', 1),
        description: 'after the first write round: the location is set',
        neutral: [
          { to: outcome('complete'), description: 'invited and booked the room' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited and booked the room' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  calendar_3: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'left out one acceptor',
      natural: {
        at: outcome('missed-one'),
        description: 'invited all accepted guests but one',
        neutral: [
          {
            to: outcome('complete'),
            description: 'compared the guest lists again and invited the one missing (repair)',
            reads: 2,
          },
          noWrite('compared again; complete'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited the missing guest', reads: 2 },
          {
            to: SAME,
            description: 'started comparing the answers event by event and hit its usage limit',
            unresolved: true,
            reads: 9,
          },
        ],
      },
      checkpoint: {
        at: outcome('first-batch'),
        description: 'after the first write round: the first three invited',
        neutral: [
          { to: outcome('complete'), description: 'invited the other three' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'invited the other three' },
          noWrite('verified and stopped'),
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'invited in two batches',
      natural: {
        at: outcome('two-batches'),
        description: 'invited the six missing acceptors in two edits',
        neutral: [noWrite('compared the lists; complete'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'decided the answers it had read first were the real ones and rebuilt the list from them (Marco in, Grace and Amara out)',
            reads: 3,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('first-batch'),
        description: 'after the first write round: the first three invited',
        neutral: [
          { to: outcome('two-batches'), description: 'invited the remaining three' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('two-batches'), description: 'invited the remaining three' },
          noWrite('verified and stopped'),
        ],
      },
    },
  ],
  calendar_4: [
    {
      id: 'run-a',
      actor: ACTORS.a,
      description: 'moved the call to the wrong day',
      natural: {
        at: outcome('wrong-day'),
        description: 'moved the call to Thursday 16 April',
        neutral: [
          {
            to: outcome('complete'),
            description: 'noticed 16 April is a Thursday and moved it to Friday 17 (repair)',
            reads: 1,
          },
          noWrite('checked the event; no write'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'moved it to Friday 17 April', reads: 1 },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('wrong-day'),
        description: 'after the first write round: moved, to the wrong day',
        neutral: [
          { to: outcome('complete'), description: 'moved it to Friday 17 April' },
          noWrite('verified'),
        ],
        rejected: [
          { to: outcome('complete'), description: 'moved it to Friday 17 April' },
          {
            to: REPLAY,
            description:
              'rejected again, it set the call back to private, as the event had been when first created',
            reads: 2,
          },
        ],
      },
    },
    {
      id: 'run-b',
      actor: ACTORS.b,
      description: 'patched start and end only',
      natural: {
        at: outcome('times-only'),
        description: 'moved the call with a patch of start and end',
        neutral: [noWrite('checked time, guests and visibility; no write'), noWrite('stopped')],
        rejected: [
          {
            to: REPLAY,
            description:
              'assumed privacy had to be restored and made the call private again, as it was before Elise changed it',
            reads: 2,
          },
          noWrite('kept it'),
        ],
      },
      checkpoint: {
        at: outcome('times-only'),
        description: 'after the first write round: moved (one call was enough)',
        neutral: [noWrite('verified; no write'), noWrite('stopped')],
        rejected: [noWrite('verified; no write'), noWrite('verified again')],
      },
    },
  ],
};

// ---------------------------------------------------------------- states and patches

const TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(.*)$/;
/** Edit-time columns a write moves, per service table. */
const EDIT_TIME_COLUMNS = ['updatedAt', 'modified_at', 'updated_at'];

/** A timestamp `minutes` later than the later of two, in the same format (zone suffix kept). */
function later(
  a: JsonValue | undefined,
  b: JsonValue | undefined,
  minutes: number,
): JsonValue | undefined {
  const base = [a, b]
    .filter((value): value is string => typeof value === 'string' && TIME.test(value))
    .sort()
    .at(-1);
  if (base === undefined) return b;
  const [, y, mo, d, h, mi, s, fraction = '', zone = ''] = TIME.exec(base)!;
  const time = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getUTCFullYear()}-${pad(time.getUTCMonth() + 1)}-${pad(time.getUTCDate())}T${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}${fraction}${zone}`;
}

/** The row changes that turn `from` into `to`, in a stable order, edit times moved forward. */
function patchBetween(from: State, to: State, minutes: number): Patch {
  const diff = diffStates(from, to);
  const ops: PatchOp[] = [];
  for (const table of Object.keys(diff).sort()) {
    const changes = diff[table]!;
    for (const row of changes.deletes) {
      const key = Object.fromEntries(
        from.keyColumns(table).map((column) => [column, row[column] ?? null]),
      );
      ops.push({ op: 'delete', table, key });
    }
    for (const update of changes.updates) {
      const set: Row = {};
      for (const field of update.fields) set[field] = update.after[field] ?? null;
      for (const column of EDIT_TIME_COLUMNS) {
        if (column in update.after)
          set[column] = later(update.before[column], update.after[column], minutes)!;
      }
      ops.push({ op: 'update', table, key: update.key, set });
    }
    for (const row of changes.inserts) ops.push({ op: 'insert', table, row });
  }
  return ops;
}

function apply(base: State, patch: Patch, what: string): State {
  const { state, errors } = base.apply(patch);
  if (errors.length > 0)
    throw new Error(`${what}: ${errors.map((error) => error.message).join('; ')}`);
  return state;
}

interface TaskContext {
  task: Task;
  before: State;
}

/**
 * Services whose recorded states are written as the actor's calls: the calls that take one
 * state of a story to the next (docs/pack-format.md, "Outcomes as API calls").
 */
const CALLS_BETWEEN: Partial<Record<Service, (from: State, to: State) => ApiCall[]>> = {
  linear: linearCallsBetween,
};

/** A recorded state written as calls: the calls, and the patch and state the write model derives. */
interface Recorded {
  calls?: ApiCall[];
  patch: Patch;
  after: State;
}

/**
 * How a story gets from `from` to `to` (stream: the loader's name for the state): the actor's
 * calls run through the write model when the service has a translation, else the row
 * difference with edit times moved `minutes` on.
 */
function recorded(
  context: TaskContext,
  from: State,
  to: State,
  minutes: number,
  stream: string,
): Recorded {
  const translate = CALLS_BETWEEN[context.task.service];
  if (!translate) {
    const patch = patchBetween(from, to, minutes);
    return { patch, after: apply(from, patch, `${context.task.id} stage`) };
  }
  const calls = translate(from, to);
  if (calls.length === 0) return { patch: [], after: from };
  const model = serviceWriteModel(context.task.service)!;
  const run = runCalls(model, from, context.task.actor, calls, BUILTIN_CALL_CLOCK, stream);
  if (!run.ok) throw new Error(`${stream}: ${describeCallFailure(run.failure)}`);
  return { calls, patch: run.patch, after: run.state };
}

function stateOf(context: TaskContext, expr: StateExpr, previous: State): State {
  const { task, before } = context;
  if ('same' in expr) return previous;
  if ('replay' in expr) {
    const decision = task.outcomes.source.find((entry) => entry.id === task.witness!.decision)!;
    return apply(before, decision.patch, `${task.id} replay`);
  }
  const found = (task.outcomes.related ?? []).find((entry) => entry.id === expr.outcome);
  if (!found) throw new Error(`${task.id} has no related outcome ${expr.outcome}`);
  const patch = 'firstOps' in expr ? found.patch.slice(0, expr.firstOps) : found.patch;
  return apply(before, patch, `${task.id} ${expr.outcome}`);
}

/** Rows changed by a patch: one write request each (an update sent for one row). */
function rowsWritten(patch: Patch): number {
  return new Set(
    patch.map((op) => JSON.stringify([op.table, op.op === 'insert' ? op.row : op.key])),
  ).size;
}

function usageOf(story: StageStory, patch: Patch, turnsBase: number): Usage {
  const writes = rowsWritten(patch);
  const writesIssued = writes + (story.failedWrites ?? 0);
  const operations = writesIssued + 1 + (story.reads ?? 0);
  const turns = turnsBase + Math.ceil(operations / 2);
  // A per-turn price typical of a hosted model with tool calls (recorded per stage).
  const cost = Number((turns * 0.0041 + operations * 0.0007).toFixed(4));
  return { turns, operations, cost, writesIssued, writesSucceeded: writes };
}

function stagesOf(
  context: TaskContext,
  start: State,
  stories: [StageStory, StageStory],
  offset: number,
  stream: string,
): Stage[] {
  let previous = start;
  return stories.map((story, index) => {
    const target = stateOf(context, story.to, previous);
    const written =
      story.unresolved && 'same' in story.to
        ? { patch: [], after: previous }
        : recorded(context, previous, target, offset + 7 * (index + 1), `${stream}/${index + 1}`);
    previous = written.after;
    return {
      description: story.description,
      status: story.unresolved ? 'unresolved' : 'completed',
      patch: written.patch,
      ...('calls' in written && written.calls ? { calls: written.calls } : {}),
      usage: usageOf(story, written.patch, story.unresolved ? 6 : 1),
    };
  });
}

/** The recorded executions of every built-in task that has a story, by task id. */
export function builtinExecutions(packDir: string): Map<string, Executions> {
  const out = new Map<string, Executions>();
  for (const [taskId, runs] of Object.entries(STORIES)) {
    const task = taskWithPatches(
      TaskSchema.parse(
        JSON.parse(readFileSync(path.join(packDir, 'tasks', `${taskId}.json`), 'utf8')),
      ),
    );
    const seed: Seed = SeedSchema.parse(
      JSON.parse(readFileSync(path.join(packDir, 'seeds', `${task.seed}.json`), 'utf8')),
    );
    const before = apply(State.fromSeed(seed), task.conditions.related!.patch, `${taskId} related`);
    const context: TaskContext = { task, before };
    const executions: Executions = {
      task: taskId,
      messages: { ...MESSAGES },
      runs: runs.map((run, runIndex) => {
        const offset = 30 + 60 * runIndex;
        const startPoint = (story: StartStory, name: string) => {
          const stream = `${taskId}/${run.id}/${name}`;
          const start = recorded(context, before, stateOf(context, story.at, before), 0, stream);
          return {
            condition: 'related',
            description: story.description,
            patch: start.patch,
            ...(start.calls ? { calls: start.calls } : {}),
            branches: {
              neutral: stagesOf(context, start.after, story.neutral, offset, `${stream}/neutral`),
              rejected: stagesOf(
                context,
                start.after,
                story.rejected,
                offset,
                `${stream}/rejected`,
              ),
            },
          };
        };
        return {
          id: run.id,
          actor: run.actor,
          description: run.description,
          starts: {
            natural: startPoint(run.natural, 'natural'),
            checkpoint: startPoint(run.checkpoint, 'checkpoint'),
          },
        };
      }),
    };
    out.set(taskId, executionsWithPatches(ExecutionsSchema.parse(executions)));
  }
  return out;
}

/** The committed text of one executions file (the same layout as the task files). */
export function executionsFileText(executions: Executions): string {
  return `${JSON.stringify(executions, null, 1)}\n`;
}
