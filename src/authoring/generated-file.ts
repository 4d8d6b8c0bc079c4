import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Seed, SeedSchema } from '../schema/seed.js';
import { type TaskFile, TaskSchema } from '../schema/task.js';

/** One file a pack generator produces: a path relative to the repository (or pack) root, and its text. */
export interface GeneratedFile {
  path: string;
  text: string;
}

/** A file that differs from what its generator produces now. */
export interface StaleFile {
  path: string;
  problem: 'missing' | 'differs';
}

/** Stable JSON text: the same value always gives the same bytes, ending in one newline. */
export function jsonText(value: unknown, indent = 2): string {
  return `${JSON.stringify(value, null, indent)}\n`;
}

/** `tasks/<id>.json` under `packDir`, after the task schema has checked (and defaulted) it. */
export function taskFile(packDir: string, task: TaskFile): GeneratedFile {
  const parsed = TaskSchema.parse(task);
  return { path: path.join(packDir, 'tasks', `${parsed.id}.json`), text: jsonText(parsed) };
}

/** `seeds/<name>.json` under `packDir`; seeds are large, so one-space indentation. */
export function seedFile(packDir: string, name: string, seed: Seed): GeneratedFile {
  return {
    path: path.join(packDir, 'seeds', `${name}.json`),
    text: jsonText(SeedSchema.parse(seed), 1),
  };
}

/** Writes every file (creating folders), relative to `root`; returns the paths written. */
export function writeGeneratedFiles(root: string, files: readonly GeneratedFile[]): string[] {
  for (const file of files) {
    const target = path.resolve(root, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.text);
  }
  return files.map((file) => file.path);
}

/** The files under `root` whose committed text is not what the generator produces. */
export function staleGeneratedFiles(root: string, files: readonly GeneratedFile[]): StaleFile[] {
  const stale: StaleFile[] = [];
  for (const file of files) {
    let committed: string;
    try {
      committed = readFileSync(path.resolve(root, file.path), 'utf8');
    } catch {
      stale.push({ path: file.path, problem: 'missing' });
      continue;
    }
    if (committed !== file.text) stale.push({ path: file.path, problem: 'differs' });
  }
  return stale;
}
