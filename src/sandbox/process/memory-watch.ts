import { readFileSync } from 'node:fs';
import { processParents } from './process-table.js';

function residentBytes(pid: number): number {
  try {
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of `rootPid` and every process below it, bytes. */
export function treeResidentBytes(rootPid: number): number {
  const parents = processParents();
  const children = new Map<number, number[]>();
  for (const [pid, parent] of parents) children.set(parent, [...(children.get(parent) ?? []), pid]);
  let total = 0;
  const pending = [rootPid];
  const seen = new Set<number>();
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    if (seen.has(pid) || !parents.has(pid)) continue;
    seen.add(pid);
    total += residentBytes(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** How often the fallback samples; an allocation faster than this can overshoot until the next sample. */
export const MEMORY_WATCH_INTERVAL_MS = 50;

/**
 * The measured fallback where no cgroup is available: sample the resident memory of the
 * sandbox's whole process tree and call `onExceeded` once it passes `limitBytes` (a
 * per-process rlimit alone lets forked children multiply it). Returns `stop`.
 */
export function watchTreeMemory(
  rootPid: number,
  limitBytes: number,
  onExceeded: (bytes: number) => void,
): () => void {
  const timer = setInterval(() => {
    const bytes = treeResidentBytes(rootPid);
    if (bytes <= limitBytes) return;
    clearInterval(timer);
    onExceeded(bytes);
  }, MEMORY_WATCH_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
