// box_16: the holiday rota gets a new version holding every line it had in this run's
// before-state plus the requested line (and nothing else new); no separate file is
// uploaded and no other file in Rosters changes.
import type { VerifierResult } from '../../src/contract/verifier.js';
import type { ApiClient } from '../../src/services/client.js';
import { type BoxObject, boxGet, folderByPath, folderItems, onlyNamed } from './lib/box.js';
import { listedAsJson, type Run, type VerifierPlan, verdictOf, verifierOf } from './lib/common.js';

const FOLDER = ['Studio Admin', 'Rosters'];
const NAME = 'Holiday rota 2026.csv';
const LINE = 'Priya Raman,2026-07-20,2026-07-24,5';

export interface Seen {
  folderId: string;
  items: BoxObject[];
  file: BoxObject;
  content: string;
}

const linesOf = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

async function contentOf(client: ApiClient, fileId: string): Promise<string> {
  const response = await client.request('GET', `/files/${fileId}/content`);
  return typeof response.body === 'string' ? response.body : '';
}

async function read({ before }: Run): Promise<Seen> {
  const folderId = await folderByPath(before, FOLDER);
  const items = await folderItems(before, folderId, 'name,sha1');
  const id = String(onlyNamed(items, NAME, 'file', FOLDER.join(' > ')).id);
  const file = await boxGet(before, `/files/${id}`, { fields: 'name,sha1,file_version' });
  return { folderId, items, file, content: await contentOf(before, id) };
}

/** The lines to keep: the rota's own in this run's before-state. */
function required({ content }: Seen): string[] {
  return linesOf(content);
}

async function judge(
  { folderId, items, file }: Seen,
  kept: readonly string[],
  { after }: Run,
): Promise<VerifierResult> {
  const id = String(file.id);
  const now = await boxGet(after, `/files/${id}`, { fields: 'name,sha1,file_version' });
  const lines = linesOf(await contentOf(after, id));
  const missing = kept.filter((line) => !lines.includes(line));
  const added = lines.filter((line) => !kept.includes(line));
  const later = await folderItems(after, folderId, 'name,sha1');
  const before = new Map(items.map((item) => [String(item.id), item]));
  const otherChanges = later
    .filter((item) => String(item.id) !== id)
    .filter((item) => {
      const was = before.get(String(item.id));
      return !was || was.sha1 !== item.sha1 || was.name !== item.name;
    });
  return verdictOf(
    [
      {
        name: 'a new version of the rota',
        ok: now.file_version?.id !== file.file_version?.id && now.sha1 !== file.sha1,
        detail: `version ${file.file_version?.id} -> ${now.file_version?.id}`,
      },
      {
        name: 'the requested line is the one line added',
        ok: added.length === 1 && added[0] === LINE,
        detail: `added ${listedAsJson(added)}`,
      },
      {
        name: 'every earlier line is kept',
        ok: missing.length === 0,
        detail: `missing ${listedAsJson(missing)}`,
      },
      {
        name: 'no other file in Rosters added or changed',
        ok: otherChanges.length === 0 && now.name === file.name,
        detail: `changed ${listedAsJson(otherChanges.map((item) => item.name))}`,
      },
    ],
    `Read the ${kept.length} lines of "${NAME}" (file ${id}) in the before-state and compared the current version after the run.`,
  );
}

export const plan: VerifierPlan<Seen, readonly string[]> = { read, required, judge };
export const verify = verifierOf(plan);
