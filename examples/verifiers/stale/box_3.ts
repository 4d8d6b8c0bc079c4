// Stale variant of box_3: "keep the description" was turned into the literal text the
// description had when the verifier was built (the paper's literal initial value).
import type { PublicTask, VerifierResult } from '../../../src/evaluation/verifier.js';
import type { ApiClient } from '../../../src/services/client.js';
import { boxGet, folderByPath, folderItems, judging, onlyNamed, verdictOf } from '../lib/box.js';

const DESCRIPTION = 'Draft 3 - waiting for comments from the head teacher.';

export function verify(
  _task: PublicTask,
  before: ApiClient,
  after: ApiClient,
): Promise<VerifierResult> {
  return judging(async () => {
    const briefs = await folderByPath(before, ['Projects', 'Millbrook School Courtyard', 'Briefs']);
    const itemsBefore = await folderItems(before, briefs);
    const brief = String(
      onlyNamed(itemsBefore, 'Millbrook School Courtyard - client brief.md', 'file', 'Briefs').id,
    );
    const now = await boxGet(after, `/files/${brief}`, { fields: 'name,description,parent' });
    const namesAfter = (await folderItems(after, briefs)).map((item) => String(item.name));
    return verdictOf(
      [
        {
          name: 'renamed',
          ok: now.name === 'Millbrook School Courtyard - client brief (signed off).md',
        },
        { name: 'description kept', ok: now.description === DESCRIPTION },
        { name: 'still in Briefs', ok: now.parent?.id === briefs },
        {
          name: 'other briefs keep their names',
          ok: itemsBefore
            .filter((item) => String(item.id) !== brief)
            .every((item) => namesAfter.includes(String(item.name))),
        },
      ],
      "Checked the brief's new name and description.",
    );
  });
}
