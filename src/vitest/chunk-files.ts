import { randomUUID } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegex } from '../evaluation/programs.js';
import { generatedFolder } from '../run/generated-folder.js';
import type { RunPlan } from '../run/run-plan.js';

/** Where a project's generated test files live: a self-ignoring folder in the Vitest root. */
export function chunkDir(root: string, project: string): string {
  return path.join(root, '.agentproofbench', project);
}

/** The file inside a chunk folder that says which run holds it (never a chunk file). */
const CLAIM_FILE = '.run.json';

interface Claim {
  pid: number;
  host: string;
  token: string;
}

/** A chunk folder one run holds: its chunk files are its own until it releases them. */
export interface ChunkFolder {
  readonly dir: string;
  /** Remove the folder with its chunk files (once; later calls do nothing). */
  release(): void;
}

/**
 * Create the claim file if none exists, whole: written under a name of its own, then linked
 * into place (a link fails when the name exists), so no run ever reads half a claim.
 */
function createClaim(file: string, claim: Claim): boolean {
  const temporary = `${file}.${claim.token}.tmp`;
  writeFileSync(temporary, JSON.stringify(claim));
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // A file system without hard links: create it exclusively in one write instead.
    try {
      writeFileSync(file, JSON.stringify(claim), { flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Folders this process holds, released when it exits however its runs ended. */
const held = new Set<ChunkFolder>();
let releaseOnExit = false;

/** Whether a claim file names a run that may still be going (another host's is never known to be over). */
function claimLive(file: string): boolean {
  let claim: Partial<Claim>;
  try {
    claim = JSON.parse(readFileSync(file, 'utf8')) as Partial<Claim>;
  } catch {
    return false;
  }
  if (claim.host !== hostname() || typeof claim.pid !== 'number') return claim.host !== hostname();
  if (claim.pid === process.pid)
    return [...held].some((folder) => folder.dir === path.dirname(file));
  try {
    process.kill(claim.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claim a chunk folder of its own for one run (docs/architecture.md, "One plan per
 * process"): `.agentproofbench/<project>/`, the folder every name shown to the user is in,
 * unless another run that is still going holds it (a second `vitest` or `agentproofbench run`
 * in the same root, over other tasks); then `<project>.run-2/`, `.run-3/`… A run never
 * writes or removes the chunk files of another, and removes its own when it releases its
 * folder (Vitest closes, or the process exits). A claim whose run is over (its process is
 * gone) is taken over.
 */
export function claimChunkDir(root: string, project: string): ChunkFolder {
  const base = chunkDir(root, project);
  const claim: Claim = { pid: process.pid, host: hostname(), token: randomUUID() };
  for (let run = 1; ; run++) {
    const dir = run === 1 ? base : `${base}.run-${run}`;
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, CLAIM_FILE);
    if (!createClaim(file, claim)) {
      if (claimLive(file)) continue;
      rmSync(file, { force: true });
      if (!createClaim(file, claim)) continue; // another run took it over first
    }
    let released = false;
    const folder: ChunkFolder = {
      dir,
      release() {
        if (released) return;
        released = true;
        held.delete(folder);
        try {
          const now = JSON.parse(readFileSync(file, 'utf8')) as Claim;
          if (now.token === claim.token) rmSync(dir, { recursive: true, force: true });
        } catch {}
      },
    };
    held.add(folder);
    if (!releaseOnExit) {
      releaseOnExit = true;
      process.once('exit', () => {
        for (const folder of [...held]) folder.release();
      });
    }
    return folder;
  }
}

/** Task ids as a file name: up to three, then how many more. */
function taskListName(tasks: readonly string[]): string {
  const shown = tasks.slice(0, 3).join('+');
  return tasks.length > 3 ? `${shown}+${tasks.length - 3}-more` : shown;
}

/**
 * The file name of each chunk, after the tasks it runs (`linear_1+slack_1.test.mjs`), so
 * Vitest's output, test locations and JUnit class names name what the user tests rather
 * than a file inside the package. Without a plan (the run cannot start) one `setup` file.
 */
export function chunkNames(plan: RunPlan | undefined, chunks: number): string[] {
  if (!plan) return ['setup.test.mjs'];
  return Array.from({ length: chunks }, (_, chunk) => {
    const tasks = plan.tasks.filter((planned) => planned.chunk === chunk).map((p) => p.task.id);
    return `${taskListName(tasks)}.test.mjs`;
  });
}

/** The module that registers a chunk's cases: `register-chunk.ts` from source, `.js` when built. */
function registerModule(): string {
  const here = fileURLToPath(import.meta.url);
  return path.join(path.dirname(here), `register-chunk.${here.endsWith('.ts') ? 'ts' : 'js'}`);
}

/**
 * How the test workers load the registration and the library behind it. Built, it is
 * plain JavaScript: Node imports it natively (external), as it does `vitest` itself, so a
 * worker does not send the whole library through Vite's transform before its first case
 * (docs/sandbox.md, "Cost"). From source (`.ts`, this repository's own tests) Vite must
 * transform it.
 */
export function registrationDeps(): { external: RegExp[] } | { inline: RegExp[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { inline: [/agentproofbench[\\/]/] };
  // dist/src/vitest/chunk-files.js: the package's whole build (src, matchers, reporters).
  const built = path.resolve(path.dirname(here), '..', '..');
  return { external: [new RegExp(`^${escapeRegex(built + path.sep)}`)] };
}

/**
 * Write the chunk files (two lines each: import the registration, register chunk N) into
 * `dir`, rewriting only what changed and removing files of earlier plans, and a
 * `.gitignore` so the folder never reaches the user's repository. A chunk without a name
 * (watch mode dropped it, watch-chunks.ts) has no file.
 */
export function writeChunkFiles(dir: string, names: ReadonlyArray<string | undefined>): void {
  generatedFolder(path.dirname(path.dirname(dir)));
  mkdirSync(dir, { recursive: true });
  const target = registerModule();
  for (const [chunk, name] of names.entries()) {
    if (name === undefined) continue;
    const file = path.join(dir, name);
    const text = `// Generated by agentproofbench: the cases of chunk ${chunk} (see run-plan.ts). Do not edit.
import { registerChunk } from ${JSON.stringify(target)};

await registerChunk(${chunk});
`;
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  }
  // Files of this run's earlier plans (or of an earlier run that held the folder); the
  // folder is this run's own (claimChunkDir), so no other run's files are here.
  for (const stale of readdirSync(dir))
    if (stale !== CLAIM_FILE && !names.includes(stale))
      rmSync(path.join(dir, stale), { force: true });
}
