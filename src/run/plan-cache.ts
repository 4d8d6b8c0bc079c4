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
export interface PlanCache extends PlanCompanions {
  /** The validated pack of a cached entry; undefined when the entry is new. */
  readonly pack: Pack | undefined;
  /** A task's analysis when the entry has it. */
  analysis(task: string): TaskAnalysis | undefined;
  /** Store the pack and these analyses (with those the entry had); never throws. */
  save(pack: Pack, analyses: ReadonlyMap<string, TaskAnalysis>): Promise<void>;
}

/**
 * Named values kept beside a plan cache entry, for what the layers above `src/run` compute
 * from the pack alone (the matchers' case explanations): each is a file of its own,
 * `<key>.<name>.json`, so the entry is not rewritten for it, and it is keyed by the entry's
 * key and by the library's code beside `src/` as well (docs/architecture.md, "One plan per
 * process"): a value made by other code, or for another pack, is never read.
 */
export interface PlanCompanions {
  /** The value stored under `name`; undefined when absent, unreadable or made by other code. */
  readCompanion(name: string): Promise<unknown>;
  /** Store `value` (plain JSON) under `name`, replacing what was there; fails only on a bad name. */
  writeCompanion(name: string, value: unknown): Promise<void>;
}

/** The `src/` folder this module runs from (built in `dist/`, or not). */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The library's code folders beside `src/` (in `dist/`, or in the package's root when run
 * from source): they make the companions' values, `src/` alone makes the plan.
 */
const CODE_BESIDE_SRC = ['matchers', 'reporters', 'schema'];

const fingerprints = new Map<string, string>();

/**
 * Code as a hash of its files' paths, sizes and modification times, per folder (one that
 * does not exist hashes as empty); never what dependencies or a repository keep.
 */
function codeFingerprint(folders: readonly string[]): string {
  const id = folders.join('\0');
  const known = fingerprints.get(id);
  if (known) return known;
  const hash = createHash('sha256');
  for (const folder of folders) {
    hash.update(`${path.basename(folder)}\0`);
    let files: string[];
    try {
      files = (readdirSync(folder, { recursive: true }) as string[]).sort();
    } catch {
      continue;
    }
    for (const file of files) {
      if (file.split(path.sep).some((part) => part === 'node_modules' || part === '.git')) continue;
      const stats = statSync(path.join(folder, file));
      if (stats.isFile()) hash.update(`${file}\0${stats.size}\0${stats.mtimeMs}\0`);
    }
  }
  const fingerprint = hash.digest('hex');
  fingerprints.set(id, fingerprint);
  return fingerprint;
}

/** This library's planning code: the folder of `src/` this module runs from. */
const libraryFingerprint = () => codeFingerprint([SRC]);

/** The library's code folders beside `src/`, which make the companions' values. */
const codeBesideSrc = () => CODE_BESIDE_SRC.map((folder) => path.join(SRC, '..', folder));

/** Forget the code fingerprints, so that the next cache opened hashes the code again (tests edit it). */
export function forgetCodeFingerprints(): void {
  fingerprints.clear();
}

/** A companion's name becomes part of a file name: a plain lower-case word, hyphens allowed. */
const COMPANION_NAME_PATTERN = '[a-z][a-z0-9-]*';
const COMPANION_NAME = new RegExp(`^${COMPANION_NAME_PATTERN}$`);

interface Companion {
  format: typeof FORMAT;
  key: string;
  value: unknown;
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
export async function openPlanCache(
  root: string,
  packDir: string,
  /** The code that makes the companions' values (the library's own unless a test says otherwise). */
  companionCode: readonly string[] = codeBesideSrc(),
): Promise<PlanCache | undefined> {
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
  const companionFile = (name: string) => {
    if (!COMPANION_NAME.test(name))
      throw new Error(
        `plan cache: a companion's name is a lower-case word, not ${JSON.stringify(name)}`,
      );
    return path.join(dir, `${key}.${name}.json`);
  };
  // Computed on first use: a run that stores no companion does not hash the code beside src/.
  let companionKey: string | undefined;
  const keyOfCompanions = () => {
    companionKey ??= createHash('sha256')
      .update(`${key}\0${codeFingerprint(companionCode)}`)
      .digest('hex')
      .slice(0, 32);
    return companionKey;
  };
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
        await writeWhole(file, JSON.stringify(next));
        entry = next;
        await dropOldEntries(dir);
      } catch {
        // A cache that cannot be written (read-only checkout) only costs the next run time.
      }
    },
    async readCompanion(name) {
      const companion = companionFile(name);
      try {
        const read = JSON.parse(await readFile(companion, 'utf8')) as Companion;
        if (read.format === FORMAT && read.key === keyOfCompanions()) return read.value;
      } catch {}
      return undefined;
    },
    async writeCompanion(name, value) {
      const companion = companionFile(name);
      const stored: Companion = { format: FORMAT, key: keyOfCompanions(), value };
      try {
        // Only beside an entry of this key: dropOldEntries removes a companion without one.
        await stat(file);
        await writeWhole(companion, JSON.stringify(stored));
      } catch {}
    },
  };
}

/**
 * Written whole under a temporary name, then renamed: a run that reads at the same time
 * sees the old file or the new one, never half of one.
 */
async function writeWhole(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** An entry's file is `<key>.json`; its companions are `<key>.<name>.json`. */
const ENTRY_FILE = /^([0-9a-f]{32})\.json$/;
const COMPANION_FILE = new RegExp(`^([0-9a-f]{32})\\.${COMPANION_NAME_PATTERN}\\.json$`);

/** Keep the KEPT newest entries; remove the others with their companions, and companions left without an entry. */
async function dropOldEntries(dir: string): Promise<void> {
  const names = await readdir(dir);
  const entries = names.filter((name) => ENTRY_FILE.test(name));
  const dated = await Promise.all(
    entries.map(async (name) => ({
      key: ENTRY_FILE.exec(name)![1]!,
      time: (await stat(path.join(dir, name))).mtimeMs,
    })),
  );
  dated.sort((a, b) => b.time - a.time);
  const kept = new Set(dated.slice(0, KEPT).map((entry) => entry.key));
  for (const name of names) {
    const owner = ENTRY_FILE.exec(name)?.[1] ?? COMPANION_FILE.exec(name)?.[1];
    if (owner !== undefined && !kept.has(owner)) await rm(path.join(dir, name), { force: true });
  }
}
