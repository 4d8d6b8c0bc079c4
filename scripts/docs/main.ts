// What the docs generators (errors.ts, read-exposure.ts, write-operations.ts) share: the
// repository root their docs/ paths are relative to, and whether a module is the script node
// was started with (run directly it rewrites its doc; imported by a test it only computes it).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether the module at `moduleUrl` is the script node was started with. */
export function isMain(moduleUrl: string): boolean {
  const started = process.argv[1];
  return started !== undefined && path.resolve(started) === fileURLToPath(moduleUrl);
}
