// Stale variant of box_4: the hub description is compared with the folder description
// the verifier's author saw once, written in as a literal.
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { allHubs, type BoxObject, boxGet, folderByPath, judging, verdictOf } from '../lib/box.js';

const DESCRIPTION =
  'Pocket park on the harbour steps for the Port of Westhaven Authority. Handover pack due April 2026.';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const folderId = await folderByPath(before, ['Projects', 'Harbour Steps Pocket Park']);
    const known = new Set((await allHubs(before)).map((hub) => String(hub.id)));
    const created = (await allHubs(after)).filter(
      (hub) => !known.has(String(hub.id)) && hub.title === 'Harbour Steps - client handover',
    );
    const items: BoxObject[] = created[0]
      ? ((await boxGet(after, '/hub_items', { hub_id: String(created[0].id) }))
          .entries as BoxObject[])
      : [];
    return verdictOf(
      [
        { name: 'one new hub', ok: created.length === 1 },
        { name: 'description', ok: created[0]?.description === DESCRIPTION },
        {
          name: 'holds only the project folder',
          ok: items.length === 1 && String(items[0]!.id) === folderId,
        },
      ],
      'Checked the new hub.',
    );
  });
}
