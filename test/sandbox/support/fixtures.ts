import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VERIFIERS = path.join(REPO_ROOT, 'fixtures/verifiers');

export const okVerifier = (file: string) => path.join(VERIFIERS, 'ok', file);
export const hostileVerifier = (file: string) => path.join(VERIFIERS, 'hostile', file);

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
 * verifier's) and the process runtime's warm parents with their wrappers (alive until the
 * runtime closes). What a warm parent forked for an evaluation still counts: its parent's
 * command line is the warm parent's own.
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
  const isWarmParent = (pid: number) =>
    (commandLines.get(pid) ?? '').endsWith(WARM_PARENT) &&
    commandLines.get(parents.get(pid) ?? 0) !== WARM_PARENT;
  return [...parents.keys()]
    .filter(
      (pid) =>
        isDescendant(pid) && !isWarmParent(pid) && !/esbuild/.test(commandLines.get(pid) ?? ''),
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
