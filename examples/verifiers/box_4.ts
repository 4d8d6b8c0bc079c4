// box_4: one new hub with the requested title, whose description is the Harbour Steps
// folder's description as read in this run's before-state, holding exactly that folder.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { allHubs, type BoxObject, boxGet, folderByPath } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const TITLE = 'Harbour Steps - client handover';
const FOLDER = ['Projects', 'Harbour Steps Pocket Park'];

export interface Seen {
  folderId: string;
  folderBefore: BoxObject;
  hubsBefore: Set<string>;
}

async function read({ before }: Run): Promise<Seen> {
  const folderId = await folderByPath(before, FOLDER);
  const folderBefore = await boxGet(before, `/folders/${folderId}`, {
    fields: 'name,description',
  });
  const hubsBefore = new Set((await allHubs(before)).map((hub) => String(hub.id)));
  return { folderId, folderBefore, hubsBefore };
}

/** The hub's description: the project folder's own in this run's before-state. */
function required({ folderBefore }: Seen): unknown {
  return folderBefore.description;
}

async function judge(
  { folderId, folderBefore, hubsBefore }: Seen,
  description: unknown,
  { after }: Run,
): Promise<VerifierResult> {
  const created = (await allHubs(after)).filter(
    (hub) => !hubsBefore.has(String(hub.id)) && hub.title === TITLE,
  );
  const hub = created[0];
  const items: BoxObject[] = hub
    ? ((await boxGet(after, '/hub_items', { hub_id: String(hub.id) })).entries as BoxObject[])
    : [];
  const folderAfter = await boxGet(after, `/folders/${folderId}`, { fields: 'name,description' });
  return verdictOf(
    [
      {
        name: 'exactly one new hub with the requested title',
        ok: created.length === 1,
        detail: `${created.length} new hub(s) titled ${JSON.stringify(TITLE)}`,
      },
      {
        name: 'hub description is the folder description word for word',
        ok: hub !== undefined && hub.description === description,
        detail: `hub ${JSON.stringify(hub?.description)}; folder ${JSON.stringify(description)}`,
      },
      {
        name: 'the hub holds the project folder',
        ok: items.some((item) => item.type === 'folder' && String(item.id) === folderId),
        detail: `items ${listedAsJson(items.map((item) => `${item.type} ${item.name}`))}`,
      },
      {
        name: 'the hub holds nothing else',
        ok: items.length === 1,
        detail: `${items.length} item(s)`,
      },
      {
        name: 'the folder itself is unchanged',
        ok:
          folderAfter.description === folderBefore.description &&
          folderAfter.name === folderBefore.name,
        detail: `description ${JSON.stringify(folderAfter.description)}`,
      },
    ],
    `Read the description of ${FOLDER.join(' > ')} (folder ${folderId}) in the before-state and looked for the new hub after the run.`,
  );
}

export const plan: VerifierPlan<Seen, unknown> = { read, required, judge };
export const verify = verifierOf(plan);
