import { loadPackOrThrow } from '../pack/load.js';
import { type PackHandle, packHandleOf } from '../pack/pack-handle.js';
import { resolvePackDir } from '../pack/resolve.js';
import { openPlanCache } from './plan-cache.js';

export interface OpenPackOptions {
  /**
   * Keep the loaded pack in the plan cache of `cwd` and read it from there next time (as a
   * run does, docs/architecture.md, "One plan per process"); `false` loads it afresh every
   * time, like a run with `planCache: false`.
   */
  planCache?: boolean;
}

/**
 * Open a pack for hand-written tests: `const pack = await openPack('builtin')`, then
 * `await expect('verifiers/linear_1.ts').toRejectReplay(pack.task('linear_1').witness)`.
 * `pack` is a folder or a shipped pack name; relative folders resolve against `cwd`.
 *
 * Loading derives every state written as API calls (the built-in pack's 1,297 take seconds
 * of CPU), and each test file opens its pack again in a fresh worker, so the validated pack
 * is kept in the plan cache of `cwd`, under the key a run over the same pack uses: the bytes
 * of every file of the pack and the library's code. An unchanged pack is read back instead
 * of derived again; any edit is another key, and an entry that fails its seal is replaced,
 * with a warning that names it.
 */
export async function openPack(
  pack = 'builtin',
  cwd: string = process.cwd(),
  options: OpenPackOptions = {},
): Promise<PackHandle> {
  const packDir = resolvePackDir(pack, cwd);
  const cache = options.planCache === false ? undefined : await openPlanCache(cwd, packDir);
  if (cache?.notice) process.emitWarning(cache.notice);
  if (cache?.pack) return packHandleOf(cache.pack);
  // Load the very bytes the key was computed from, as a run does (src/run/run-plan.ts).
  const loaded = await loadPackOrThrow(packDir, { snapshot: cache?.takeSnapshot() });
  await cache?.save(loaded, new Map());
  return packHandleOf(loaded);
}
