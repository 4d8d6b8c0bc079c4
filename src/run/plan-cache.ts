import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TaskChains } from '../execution/chain.js';
import { Pack } from '../pack/pack.js';
import type { TaskQualification } from '../pack/qualify.js';
import { registeredPredicates } from '../reference/predicates.js';
import { customReferenceKinds } from '../reference/reference-kinds.js';
import type { Executions } from '../schema/execution.js';
import type { Manifest } from '../schema/manifest.js';
import type { Seed } from '../schema/seed.js';
import type { Task } from '../schema/task.js';
import { generatedFolder } from './generated-folder.js';

/** What planning computes for one task from the pack alone: its qualification and labelled executions. */
export interface TaskAnalysis {
  qualification: TaskQualification;
  executions: TaskChains;
}

/** Bump when the entry's shape changes, so older entries are never read as this one. */
const FORMAT = 1;
/** Entries kept per root; the oldest beyond this are removed when one is written. */
const KEPT = 8;

interface Entry {
  format: typeof FORMAT;
  key: string;
  manifest: Manifest;
  seeds: Array<[name: string, seed: Seed]>;
  tasks: Task[];
  executions: Array<[task: string, executions: Executions]>;
  analyses: Record<string, TaskAnalysis>;
}

/**
 * The plan cache of one pack (docs/architecture.md, "One plan per process"): loading,
 * validating and qualifying a pack depend only on the pack's files and on this library's
 * code, so a run keeps what they computed in `.agentproofbench/.plans/` of its root, keyed
 * by a hash of both, and the next run over the same pack reads it instead of computing it
 * again. Any change to any file of the pack (or an update of the library) is another key.
 */
export interface PlanCache {
  /** The validated pack of a cached entry; undefined when the entry is new. */
  readonly pack: Pack | undefined;
  /** A task's analysis when the entry has it. */
  analysis(task: string): TaskAnalysis | undefined;
  /** Store the pack and these analyses (with those the entry had); never throws. */
  save(pack: Pack, analyses: ReadonlyMap<string, TaskAnalysis>): Promise<void>;
}

let codeFingerprint: string | undefined;

/**
 * This library's planning code as a hash of its files' paths, sizes and modification
 * times (the folder of `src/` this module runs from, built or not), with its version.
 */
function libraryFingerprint(): string {
  if (codeFingerprint) return codeFingerprint;
  const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const hash = createHash('sha256');
  for (const file of (readdirSync(src, { recursive: true }) as string[]).sort()) {
    const stats = statSync(path.join(src, file));
    if (stats.isFile()) hash.update(`${file}\0${stats.size}\0${stats.mtimeMs}\0`);
  }
  codeFingerprint = hash.digest('hex');
  return codeFingerprint;
}

/**
 * A hash of every file of the pack folder (names and bytes); undefined when the folder
 * holds anything but plain files and folders (a link: the loader refuses it, and says why).
 */
async function packContentHash(dir: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(dir, { recursive: true })).sort();
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = lstatSync(file);
    if (stats.isDirectory()) continue;
    if (!stats.isFile()) return undefined;
    hash.update(`${name}\0${stats.size}\0`);
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
}

/** The cache folder of a run's root (beside the generated chunk files, self-ignoring). */
export function planCacheDir(root: string): string {
  return path.join(root, '.agentproofbench', '.plans');
}

/**
 * Open the plan cache of the pack at `packDir` for a run rooted at `root`; undefined when
 * the plan cannot be cached: reference kinds or predicates registered by the user are code
 * this cache cannot see, so a pack planned with them is planned afresh every time.
 */
export async function openPlanCache(root: string, packDir: string): Promise<PlanCache | undefined> {
  if (registeredPredicates().length > 0 || customReferenceKinds().length > 0) return undefined;
  const content = await packContentHash(packDir);
  if (!content) return undefined;
  const key = createHash('sha256')
    .update(`${FORMAT}\0${libraryFingerprint()}\0${path.resolve(packDir)}\0${content}`)
    .digest('hex')
    .slice(0, 32);
  const dir = planCacheDir(root);
  const file = path.join(dir, `${key}.json`);
  let entry: Entry | undefined;
  try {
    const read = JSON.parse(await readFile(file, 'utf8')) as Entry;
    if (read.format === FORMAT && read.key === key) entry = read;
  } catch {}
  const pack = entry
    ? new Pack(
        packDir,
        entry.manifest,
        new Map(entry.seeds),
        entry.tasks,
        new Map(entry.executions),
      )
    : undefined;
  return {
    pack,
    analysis: (task) =>
      entry && Object.hasOwn(entry.analyses, task) ? entry.analyses[task] : undefined,
    async save(planned, analyses) {
      const next: Entry = {
        format: FORMAT,
        key,
        manifest: planned.manifest,
        seeds: [...planned.seeds],
        tasks: [...planned.tasks],
        executions: [...planned.executions],
        analyses: { ...entry?.analyses, ...Object.fromEntries(analyses) },
      };
      try {
        generatedFolder(root);
        await mkdir(dir, { recursive: true });
        // Written whole under a temporary name, then renamed: a run that reads at the same
        // time sees the old entry or the new one, never half of one.
        const temporary = `${file}.${process.pid}.tmp`;
        await writeFile(temporary, JSON.stringify(next));
        await rename(temporary, file);
        entry = next;
        await dropOldEntries(dir);
      } catch {
        // A cache that cannot be written (read-only checkout) only costs the next run time.
      }
    },
  };
}

async function dropOldEntries(dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  if (files.length <= KEPT) return;
  const dated = await Promise.all(
    files.map(async (name) => ({ name, time: (await stat(path.join(dir, name))).mtimeMs })),
  );
  dated.sort((a, b) => b.time - a.time);
  for (const { name } of dated.slice(KEPT)) await rm(path.join(dir, name), { force: true });
}
