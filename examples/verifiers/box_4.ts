// box_4: one new hub with the requested title, whose description is the Harbour Steps
// folder's description as read in this run's before-state, holding exactly that folder.
// hubFromFolderPlan is the family's verifier; box_8 uses it with its own title and folder.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { allHubs, type BoxObject, boxGet, folderByPath } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

/** What one task of the family names: the hub's title and the folder to copy from and add. */
export interface HubFromFolderSpec {
  title: string;
  folder: readonly string[];
}

export interface Seen {
  folderId: string;
  folderBefore: BoxObject;
  hubsBefore: Set<string>;
}

/** The family's verifier for one task's title and folder. */
export function hubFromFolderPlan(spec: HubFromFolderSpec): VerifierPlan<Seen, unknown> {
  const { title, folder } = spec;

  async function read({ before }: Run): Promise<Seen> {
    const folderId = await folderByPath(before, folder);
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
      (hub) => !hubsBefore.has(String(hub.id)) && hub.title === title,
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
          detail: `${created.length} new hub(s) titled ${JSON.stringify(title)}`,
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
      `Read the description of ${folder.join(' > ')} (folder ${folderId}) in the before-state and looked for the new hub after the run.`,
    );
  }

  return { read, required, judge };
}

export const plan = hubFromFolderPlan({
  title: 'Harbour Steps - client handover',
  folder: ['Projects', 'Harbour Steps Pocket Park'],
});
export const verify = verifierOf(plan);
