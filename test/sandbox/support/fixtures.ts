import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VERIFIERS = path.join(REPO_ROOT, 'fixtures/verifiers');

export const okVerifier = (file: string) => path.join(VERIFIERS, 'ok', file);

/** What the hostile fixtures' process markers start with (they name the processes they leave). */
const FIXTURE_MARKER = 'agentproofbench-hostile-';

/**
 * The prefix of every process marker a hostile fixture sets in this test process. Tests look
 * for marked processes machine-wide (/proc), so two test runs on one machine (two clones'
 * CI at once) must not see each other's: each process marks with its own token.
 */
export const HOSTILE_MARKER_PREFIX = `${FIXTURE_MARKER}${process.pid}-${randomBytes(3).toString('hex')}-`;

const markedCopies = new Map<string, string>();

/**
 * A hostile fixture: the file itself, or for one that marks processes, a copy whose markers
 * start with `HOSTILE_MARKER_PREFIX` (same file name, in a temporary folder removed at exit).
 */
export function hostileVerifier(file: string): string {
  const original = path.join(VERIFIERS, 'hostile', file);
  const source = readFileSync(original, 'utf8');
  if (!source.includes(FIXTURE_MARKER)) return original;
  let copy = markedCopies.get(file);
  if (copy === undefined) {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-hostile-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    copy = path.join(dir, file);
    writeFileSync(copy, source.replaceAll(FIXTURE_MARKER, HOSTILE_MARKER_PREFIX));
    markedCopies.set(file, copy);
  }
  return copy;
}

/** Every fixture file name in `hostile/`, so a fixture without a test is noticed. */
export const hostileFixtureFiles = () => readdirSync(path.join(VERIFIERS, 'hostile')).sort();

/** Pids of live processes whose command line contains `marker` (reads /proc; Linux only). */
export function processesMatching(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (commandLine.includes(marker) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Poll until no process matches (the kernel tears a PID namespace down asynchronously). */
export async function waitUntilNoProcessMatches(
  marker: string,
  timeoutMs = 2_000,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = processesMatching(marker);
    if (live.length === 0 || Date.now() > deadline) return live;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The command line of a process runtime's warm parent (src/sandbox/process/warm-parent.ts). */
const WARM_PARENT = 'python3 agentproofbench_runner.py --warm';

/**
 * Live descendants of this process, except esbuild's long-lived service (the bundler's, not a
 * verifier's), the process runtime's warm parents with their wrappers (alive until the
 * runtime closes) and the child each prepares for its next evaluation. What a warm parent
 * forked for an evaluation that ran still counts.
 */
export function liveDescendants(): { pid: number; commandLine: string }[] {
  const parents = new Map<number, number>();
  const commandLines = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (/^State:\s+Z/m.test(status)) continue;
      parents.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      commandLines.set(
        Number(entry),
        readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
      );
    } catch {
      // Gone while we looked.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (
      let parent = parents.get(pid);
      parent !== undefined && parent > 1;
      parent = parents.get(parent)
    ) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const commandLine = (pid: number | undefined) => commandLines.get(pid ?? 0) ?? '';
  // The warm parent itself (exactly its command line) and its wrappers (ending in it).
  const isWarmParent = (pid: number) =>
    commandLine(pid).endsWith(WARM_PARENT) && commandLine(parents.get(pid)) !== WARM_PARENT;
  // The child a warm parent prepares for the next evaluation: its init (the warm parent's
  // child) with at most one child, the verifier process, childless and not yet given an
  // evaluation: their /tmp holds no runner (the verifier process writes it there only with
  // the evaluation, python/agentproofbench_warm.py). Any process of an evaluation that ran is
  // the init's child (orphans too: the init is their namespace's PID 1) in a /tmp that holds
  // the runner, and so is that evaluation's init: none of them matches.
  const awaitingEvaluation = (pid: number) =>
    !existsSync(`/proc/${pid}/root/tmp/agentproofbench_runner.py`);
  const prepared = new Set<number>();
  for (const pid of parents.keys()) {
    const parent = parents.get(pid) ?? 0;
    if (commandLine(pid) !== WARM_PARENT || commandLine(parent) !== WARM_PARENT) continue;
    if (isWarmParent(parent) === false || !awaitingEvaluation(pid)) continue;
    const verifiers = children.get(pid) ?? [];
    if (verifiers.length > 1) continue;
    if (!verifiers.every((verifier) => (children.get(verifier) ?? []).length === 0)) continue;
    if (!verifiers.every(awaitingEvaluation)) continue;
    for (const spare of [pid, ...verifiers]) prepared.add(spare);
  }
  return [...parents.keys()]
    .filter(
      (pid) =>
        isDescendant(pid) &&
        !isWarmParent(pid) &&
        !prepared.has(pid) &&
        !/esbuild/.test(commandLine(pid)),
    )
    .map((pid) => ({ pid, commandLine: commandLines.get(pid) ?? '' }));
}

/**
 * Poll until this process has no live descendants but the long-lived ones (a warm
 * evaluation ends once its processes are sent SIGKILL; the kernel reaps them just after).
 */
export async function waitUntilNoLiveDescendants(
  timeoutMs = 2_000,
): Promise<{ pid: number; commandLine: string }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = liveDescendants();
    if (live.length === 0 || Date.now() > deadline) return live;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Entries of a runtime's `tempDir` other than its warm parents' (which live until the runtime closes). */
export function evaluationWorkdirs(tempDir: string): string[] {
  return readdirSync(tempDir).filter((entry) => !entry.startsWith('agentproofbench-warm-'));
}
