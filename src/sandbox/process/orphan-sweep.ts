import { readdirSync, readFileSync } from 'node:fs';

/** Environment variable that marks every process of one evaluation (fallback mode only). */
export const SANDBOX_TAG_VARIABLE = 'AGENTPROOFBENCH_SANDBOX';

/**
 * Without a PID namespace, a child that called `setsid` has left the process group the
 * host kills. It still carries the evaluation's tag in its environment (unless it wiped
 * it), so kill every process whose environment has the tag. Linux only (reads /proc);
 * returns how many processes it killed.
 */
export function killTaggedProcesses(tag: string): number {
  if (process.platform !== 'linux') return 0;
  const needle = `${SANDBOX_TAG_VARIABLE}=${tag}\0`;
  let killed = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(needle)) continue;
      process.kill(Number(entry), 'SIGKILL');
      killed += 1;
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return killed;
}
