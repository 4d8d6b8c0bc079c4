import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalError } from '../contract/error.js';
import type { TaskChains } from '../execution/chain.js';
import { Pack } from '../pack/pack.js';
import { type PackSnapshot, readPackSnapshot } from '../pack/pack-file.js';
import type { TaskQualification } from '../pack/qualify.js';
import { packageRoot } from '../pack/resolve.js';
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
const FORMAT = 2;
/** Entries kept per root; the oldest beyond this are removed when one is written. */
const KEPT = 8;

/** The body of an entry file (below its seal). */
interface Entry {
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
  /**
   * The pack's files as hashed for the key: without an entry, load these, not the folder.
   * Handed out once and then forgotten, so the cache (kept as the run's companions) does
   * not hold the pack's bytes for the rest of the run.
   */
  takeSnapshot(): PackSnapshot | undefined;
  /** Why an entry found under the key was not used (and is planned afresh), for the user. */
  readonly notice: string | undefined;
  /** A task's analysis when the entry has it. */
  analysis(task: string): TaskAnalysis | undefined;
  /** Store the pack and these analyses (with those the entry had); never throws. */
  save(pack: Pack, analyses: ReadonlyMap<string, TaskAnalysis>): Promise<void>;
}

/**
 * Named values kept beside a plan cache entry, for what the layers above `src/run` compute
 * from the pack alone (the case explanations, src/report): each is a file of its own,
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
 * from source): code that reads the companions' values; `src/` (the entry's key) covers
 * the code that makes them (src/report) and the plan.
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

/** A hash of every file of the pack's snapshot (names and bytes): the bytes that are planned. */
function snapshotHash(snapshot: PackSnapshot): string {
  const hash = createHash('sha256');
  for (const [name, bytes] of [...snapshot.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash.update(`${name}\0${bytes.length}\0`).update(bytes);
  return hash.digest('hex');
}

/**
 * The first line of an entry or companion file: what it claims to be, and a digest of the
 * rest of the file bound to that claim, to the package's version and to the cache folder it
 * is kept in (docs/architecture.md, "One plan per process").
 */
interface Seal {
  format: typeof FORMAT;
  key: string;
  version: string;
  digest: string;
}

let version: string | undefined;
/** This package's version (package.json of its root). */
function packageVersion(): string {
  version ??= (
    JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return version;
}

function digestOf(dir: string, key: string, body: string): string {
  return createHash('sha256')
    .update(`${FORMAT}\0${packageVersion()}\0${path.resolve(dir)}\0${key}\0`)
    .update(body)
    .digest('hex');
}

/**
 * The text of a sealed file: the seal on its first line, then the body. Exported for tests
 * that stand a stored value in for a computed one (test/e2e/plan-cache-explanations.test.ts).
 */
export function seal(dir: string, key: string, body: string): string {
  const header: Seal = {
    format: FORMAT,
    key,
    version: packageVersion(),
    digest: digestOf(dir, key, body),
  };
  return `${JSON.stringify(header)}\n${body}`;
}

/**
 * The body of a sealed file when its seal holds for `key` here; otherwise why not (the
 * file was written by another version or format, for another key or folder, or edited).
 */
function unseal(
  dir: string,
  key: string,
  text: string,
): { ok: true; body: string } | { ok: false; why: string } {
  const newline = text.indexOf('\n');
  let header: Partial<Seal>;
  try {
    header = JSON.parse(newline === -1 ? text : text.slice(0, newline)) as Partial<Seal>;
  } catch {
    return { ok: false, why: 'it has no readable seal' };
  }
  if (header.format !== FORMAT) return { ok: false, why: `its format is ${header.format}` };
  if (header.key !== key) return { ok: false, why: 'it names another key than its file name' };
  if (header.version !== packageVersion())
    return { ok: false, why: `it was written by version ${header.version}` };
  const body = text.slice(newline + 1);
  if (newline === -1 || header.digest !== digestOf(dir, key, body))
    return {
      ok: false,
      why: 'its content does not match its digest (edited, or written for another folder)',
    };
  return { ok: true, body };
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
  let snapshot = await readPackSnapshot(packDir);
  if (!snapshot) return undefined;
  const content = snapshotHash(snapshot);
  const key = createHash('sha256')
    .update(`${FORMAT}\0${libraryFingerprint()}\0${path.resolve(packDir)}\0${content}`)
    .digest('hex')
    .slice(0, 32);
  const dir = planCacheDir(root);
  const file = path.join(dir, `${key}.json`);
  let entry: Entry | undefined;
  let notice: string | undefined;
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text !== undefined) {
    const opened = unseal(dir, key, text);
    try {
      if (!opened.ok) throw new Error(opened.why);
      entry = JSON.parse(opened.body) as Entry;
    } catch (error) {
      notice = `agentproofbench: the plan cache entry ${path.relative(root, file)} was not used: ${(error as Error).message}; the pack was planned afresh and the entry replaced`;
    }
  }
  const companionFile = (name: string) => {
    if (!COMPANION_NAME.test(name))
      throw internalError(
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
    takeSnapshot() {
      const taken = snapshot;
      snapshot = undefined;
      return taken;
    },
    notice,
    analysis: (task) =>
      entry && Object.hasOwn(entry.analyses, task) ? entry.analyses[task] : undefined,
    async save(planned, analyses) {
      const next: Entry = {
        manifest: planned.manifest,
        seeds: [...planned.seeds],
        tasks: [...planned.tasks],
        executions: [...planned.executions],
        analyses: { ...entry?.analyses, ...Object.fromEntries(analyses) },
      };
      try {
        generatedFolder(root);
        await mkdir(dir, { recursive: true });
        await writeWhole(file, seal(dir, key, JSON.stringify(next)));
        entry = next;
        await dropOldEntries(dir);
      } catch {
        // A cache that cannot be written (read-only checkout) only costs the next run time.
      }
    },
    async readCompanion(name) {
      const companion = companionFile(name);
      try {
        const opened = unseal(dir, keyOfCompanions(), await readFile(companion, 'utf8'));
        if (opened.ok) return JSON.parse(opened.body);
      } catch {}
      return undefined;
    },
    async writeCompanion(name, value) {
      const companion = companionFile(name);
      try {
        const stored = seal(dir, keyOfCompanions(), JSON.stringify(value));
        // Only beside an entry of this key: dropOldEntries removes a companion without one.
        await stat(file);
        await writeWhole(companion, stored);
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
