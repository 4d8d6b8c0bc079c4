// How every generator script of the built-in pack runs: as a module it only *returns* its
// files (`generate()`), so scripts/packs/generate-all.ts and the regenerate-and-compare
// test can call it; run directly (`npx tsx scripts/tasks/box.ts`) it writes them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GeneratedFile, writeGeneratedFiles } from '../../src/authoring/index.js';

/** The repository root: generated file paths are relative to it. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The built-in pack's folder, relative to the repository root. */
export const BUILTIN_PACK = 'fixtures/packs/builtin';

/**
 * Where generators write: the repository, or the folder in `APB_GENERATE_INTO` when
 * scripts/packs/generate-all.ts regenerates everything elsewhere to compare it with git.
 */
export function outputRoot(): string {
  return process.env.APB_GENERATE_INTO ?? REPO_ROOT;
}

/** Whether the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && path.resolve(started) === fileURLToPath(moduleUrl);
}

/** Writes `generate()`'s files when the module is run as a script; does nothing on import. */
export async function writeWhenMain(
  moduleUrl: string,
  generate: () => GeneratedFile[] | Promise<GeneratedFile[]>,
): Promise<void> {
  if (!isMain(moduleUrl)) return;
  for (const file of writeGeneratedFiles(outputRoot(), await generate()))
    console.log(`wrote ${file}`);
}
