import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentProofBenchError } from '../../contract/error.js';
import type { ImportedPack } from './import-pack.js';
import { checkImportedJson } from './json-values.js';

export const IMPORT_REPORT_FILE = 'import-report.json';

/**
 * Write an imported pack: pack.json, seeds/<name>.json, tasks/<id>.json, and the import
 * report beside them (the loader ignores it). Refuses a non-empty folder unless `force`,
 * so an import never mixes with an older pack's files.
 */
export async function writeImportedPack(
  dir: string,
  pack: ImportedPack,
  options: { force?: boolean } = {},
): Promise<void> {
  if (existsSync(dir) && !options.force && (await readdir(dir)).length > 0) {
    throw new AgentProofBenchError('APB_IMPORT_TARGET_NOT_EMPTY', `${dir} is not empty`, {
      fix: 'name a new folder with --out, or pass --force to overwrite',
    });
  }
  // Every value came through the readers' checks; this is the last look before any file is
  // written, so a value made on the way (a replayed row) cannot reach the disk as null.
  for (const seed of pack.seeds) checkImportedJson(seed, `the imported seed ${seed.name}`);
  for (const task of pack.tasks) checkImportedJson(task, `the imported task ${task.id}`);
  await mkdir(path.join(dir, 'seeds'), { recursive: true });
  await mkdir(path.join(dir, 'tasks'), { recursive: true });
  const write = (file: string, value: unknown, indent: number | undefined = 2) =>
    writeFile(path.join(dir, file), `${JSON.stringify(value, null, indent)}\n`);
  await write('pack.json', pack.manifest);
  // Seeds are large and machine-read: no indentation.
  for (const seed of pack.seeds)
    await write(path.join('seeds', `${seed.name}.json`), seed, undefined);
  for (const task of pack.tasks) await write(path.join('tasks', `${task.id}.json`), task);
  await write(IMPORT_REPORT_FILE, pack.report);
}
