// box_10: one completion task on the Millbrook "Planting schedule.csv", assigned to the
// person who owns that file in this run's before-state (ownership can move between runs).
import type { VerifierResult } from '../../src/contract/verifier.js';
import { addedOn, assigneesOf, type BoxObject, boxGet, namedFile } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Millbrook School Courtyard', 'Planting'];
const NAME = 'Planting schedule.csv';
const MESSAGE = "update the quantities after the governors' changes";

export interface Seen {
  file: BoxObject;
}

async function read({ before }: Run): Promise<Seen> {
  const { file } = await namedFile(before, FOLDER, NAME);
  return { file: await boxGet(before, `/files/${file.id}`, { fields: 'name,owned_by,sha1' }) };
}

/** Whom the task is for: the file's owner in this run's before-state. */
function required({ file }: Seen): string {
  return String(file.owned_by?.id);
}

async function judge({ file }: Seen, ownerId: string, run: Run): Promise<VerifierResult> {
  const fileId = String(file.id);
  const added = (await addedOn(run.before, run.after, fileId, 'tasks')) ?? [];
  const task = added[0];
  const assignees = assigneesOf(task);
  const now = await boxGet(run.after, `/files/${fileId}`, { fields: 'name,owned_by,sha1' });
  return verdictOf(
    [
      {
        name: 'exactly one new task on the named schedule',
        ok: added.length === 1,
        detail: `${added.length} new task(s) on file ${fileId}`,
      },
      {
        name: 'it is a completion task',
        ok: task?.action === 'complete',
        detail: `action ${JSON.stringify(task?.action)}`,
      },
      {
        name: 'the task carries the requested message',
        ok: String(task?.message ?? '')
          .toLowerCase()
          .includes(MESSAGE),
        detail: `message ${JSON.stringify(task?.message)}`,
      },
      {
        name: "assigned to the file's owner only",
        ok: assignees.length === 1 && String(assignees[0]!.id) === ownerId,
        detail: `owner ${ownerId}; assignees ${listedAsJson(assignees.map((user) => `${user.name} (${user.id})`))}`,
      },
      {
        name: 'the file itself is unchanged',
        ok: now.name === file.name && now.sha1 === file.sha1,
        detail: `name ${JSON.stringify(now.name)}`,
      },
    ],
    `Found "${NAME}" (file ${fileId}, owned by user ${ownerId}) in the before-state and compared its tasks before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
