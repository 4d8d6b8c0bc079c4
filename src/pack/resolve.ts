import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentProofBenchError, internalError } from '../contract/error.js';

/** The package root (where package.json is), whether running from src/ or dist/src/. */
export function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (
    !existsSync(path.join(dir, 'package.json')) ||
    !existsSync(path.join(dir, 'fixtures', 'packs'))
  ) {
    const parent = path.dirname(dir);
    if (parent === dir) throw internalError('cannot find the agentproofbench package root');
    dir = parent;
  }
  return dir;
}

export const BUILTIN_PACK = 'builtin';

/** Names of the packs shipped in the package (`fixtures/packs/<name>`). */
export function builtinPackDir(name: string): string {
  return path.join(packageRoot(), 'fixtures', 'packs', name);
}

/**
 * A pack option is a folder path, or the name of a shipped pack (`builtin`, `starter`).
 * A path wins when both exist.
 */
export function resolvePackDir(pack: string = BUILTIN_PACK, cwd: string = process.cwd()): string {
  const candidate = path.resolve(cwd, pack);
  if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
  if (/^[\w-]+$/.test(pack)) {
    const shipped = builtinPackDir(pack);
    if (existsSync(shipped)) return shipped;
  }
  throw new AgentProofBenchError(
    'APB_PACK_NOT_FOUND',
    `no pack folder at ${candidate}${/^[\w-]+$/.test(pack) ? ` and no built-in pack named "${pack}"` : ''}`,
    { fix: 'pass a folder holding pack.json, or "builtin" / "starter"' },
  );
}
