// box_9: one comment with the requested text on the Kestrel Road "Soil tests.csv", the file
// of that name in Kestrel Road > Surveys in this run's before-state (other projects have
// files of the same name); the file itself stays as it was.
import type { VerifierResult } from '../../src/contract/verifier.js';
import { addedOn, type BoxObject, boxGetOrNull, namedFile, sameTags } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Projects', 'Kestrel Road Rain Garden', 'Surveys'];
const NAME = 'Soil tests.csv';
const TEXT = 's2 looks low; can we retest before the kerb build-outs?';
const FIELDS = 'name,description,tags,parent,sha1';

export interface Seen {
  folderId: string;
  items: BoxObject[];
  file: BoxObject;
}

async function read({ before }: Run): Promise<Seen> {
  return namedFile(before, FOLDER, NAME, 'name,sha1');
}

/** The file to comment on: the one with that name in this run's folder. */
function required({ file }: Seen): string {
  return String(file.id);
}

async function judge({ folderId, items }: Seen, fileId: string, run: Run): Promise<VerifierResult> {
  const added = await addedOn(run.before, run.after, fileId, 'comments');
  const was = await boxGetOrNull(run.before, `/files/${fileId}`, { fields: FIELDS });
  const now = await boxGetOrNull(run.after, `/files/${fileId}`, { fields: FIELDS });
  if (!added || !was || !now)
    return verdictOf(
      [{ name: 'the named file can be read', ok: false, detail: `file ${fileId}` }],
      `File ${fileId} could not be read before and after the run.`,
    );
  const comment = added[0];
  const after = await boxGetOrNull(run.after, `/folders/${folderId}/items`, {
    limit: 1000,
    fields: 'name,sha1',
  });
  const later = new Map(
    ((after?.entries ?? []) as BoxObject[]).map((item) => [String(item.id), item]),
  );
  const othersChanged = items.filter((item) => {
    const seen = later.get(String(item.id));
    return (
      String(item.id) !== fileId && (!seen || seen.name !== item.name || seen.sha1 !== item.sha1)
    );
  });
  return verdictOf(
    [
      {
        name: 'exactly one new comment on the named file',
        ok: added.length === 1,
        detail: `${added.length} new comment(s) on file ${fileId}`,
      },
      {
        name: 'the comment carries the requested text',
        ok: String(comment?.message ?? '')
          .toLowerCase()
          .includes(TEXT),
        detail: `message ${JSON.stringify(comment?.message)}`,
      },
      {
        name: 'it is a comment on the file, not a reply',
        ok:
          comment === undefined ||
          (comment.is_reply_comment !== true && comment.item?.type === 'file'),
        detail: `item ${JSON.stringify(comment?.item)}`,
      },
      {
        name: 'the file itself is unchanged',
        ok:
          now.name === was.name &&
          now.description === was.description &&
          sameTags(now.tags, was.tags) &&
          now.sha1 === was.sha1 &&
          now.parent?.id === was.parent?.id,
        detail: `description ${JSON.stringify(was.description)} -> ${JSON.stringify(now.description)}`,
      },
      {
        name: 'nothing else in the folder changed',
        ok: othersChanged.length === 0,
        detail: `changed ${listedAsJson(othersChanged.map((item) => item.name))}`,
      },
    ],
    `Found "${NAME}" (file ${fileId}) in ${FOLDER.join(' > ')} of the before-state and compared its comments before and after.`,
  );
}

export const plan: VerifierPlan<Seen, string> = { read, required, judge };
export const verify = verifierOf(plan);
