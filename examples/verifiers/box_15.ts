// box_15: the old Millbrook brief moves from Briefs to Correspondence (same project) and
// keeps the name, description, tags, content and comments it had in this run's
// before-state; nothing else in Briefs moves.
import type { VerifierResult } from '../../src/contract/verifier.js';
import {
  type BoxObject,
  boxGet,
  boxGetOrNull,
  folderByPath,
  folderItems,
  onlyNamed,
  sameTags,
} from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const PROJECT = ['Projects', 'Millbrook School Courtyard'];
const NAME = 'Millbrook School Courtyard - client brief (old).md';
const FIELDS = 'name,description,tags,parent,sha1';

export interface Seen {
  briefs: string;
  correspondence: string;
  items: BoxObject[];
  file: BoxObject;
  comments: BoxObject[];
}

/** What must survive the move: the file's own metadata and comments in this run. */
export interface Kept {
  description: unknown;
  tags: unknown;
  comments: BoxObject[];
}

async function read({ before }: Run): Promise<Seen> {
  const briefs = await folderByPath(before, [...PROJECT, 'Briefs']);
  const correspondence = await folderByPath(before, [...PROJECT, 'Correspondence']);
  const items = await folderItems(before, briefs, 'name,sha1');
  const id = String(onlyNamed(items, NAME, 'file', 'Briefs').id);
  const file = await boxGet(before, `/files/${id}`, { fields: FIELDS });
  const comments = (await boxGet(before, `/files/${id}/comments`, { limit: 1000 }))
    .entries as BoxObject[];
  return { briefs, correspondence, items, file, comments };
}

/** The description, tags and comments to keep: the file's own in this run's before-state. */
function required({ file, comments }: Seen): Kept {
  return { description: file.description, tags: file.tags, comments };
}

async function judge(
  { briefs, correspondence, items, file }: Seen,
  kept: Kept,
  { after }: Run,
): Promise<VerifierResult> {
  const id = String(file.id);
  const now = await boxGet(after, `/files/${id}`, { fields: FIELDS });
  const commentsNow = ((await boxGetOrNull(after, `/files/${id}/comments`, { limit: 1000 }))
    ?.entries ?? []) as BoxObject[];
  const lost = kept.comments.filter(
    (comment) => !commentsNow.some((c) => c.id === comment.id && c.message === comment.message),
  );
  const stillInBriefs = new Set(
    (await folderItems(after, briefs, 'name,sha1')).map((item) => String(item.id)),
  );
  const othersMoved = items.filter(
    (item) => String(item.id) !== id && !stillInBriefs.has(String(item.id)),
  );
  return verdictOf(
    [
      {
        name: 'now in Correspondence of the same project',
        ok: now.parent?.id === correspondence,
        detail: `parent ${JSON.stringify(now.parent?.name)} (${now.parent?.id})`,
      },
      {
        name: 'description kept as it was',
        ok: now.description === kept.description,
        detail: `${JSON.stringify(kept.description)} -> ${JSON.stringify(now.description)}`,
      },
      {
        name: 'tags, name and content kept',
        ok: sameTags(now.tags, kept.tags) && now.name === file.name && now.sha1 === file.sha1,
        detail: `tags ${JSON.stringify(now.tags)}; name ${JSON.stringify(now.name)}`,
      },
      {
        name: 'every comment still there',
        ok: lost.length === 0,
        detail: `${kept.comments.length} comment(s); lost ${listedAsJson(lost.map((c) => c.message))}`,
      },
      {
        name: 'nothing else left Briefs',
        ok: othersMoved.length === 0,
        detail: `moved ${listedAsJson(othersMoved.map((item) => item.name))}`,
      },
    ],
    `Found "${NAME}" (file ${id}) in Briefs of the before-state with ${kept.comments.length} comment(s) and compared it after the run.`,
  );
}

export const plan: VerifierPlan<Seen, Kept> = { read, required, judge };
export const verify = verifierOf(plan);
