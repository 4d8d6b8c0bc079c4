import { constants } from 'node:os';
import { processParents } from '../sandbox/process/process-table.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Run `work`; if the CLI is told to stop meanwhile (SIGTERM, Ctrl-C, a closed terminal),
 * kill its own child processes first and exit with 128 + the signal's number. Vitest's fork
 * workers would otherwise outlive the CLI (they are not in the signal's process group when
 * only the CLI is signalled), and with them the sandboxes they started; a sandbox dies with
 * the worker that started it (docs/sandbox.md, `killed-with-host`).
 */
export async function stoppingChildrenOnSignal<T>(work: () => Promise<T>): Promise<T> {
  const stop = (signal: (typeof STOP_SIGNALS)[number]) => {
    for (const [pid, parent] of processParents()) {
      if (parent !== process.pid) continue;
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    process.exit(128 + constants.signals[signal]);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, stop);
  try {
    return await work();
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, stop);
  }
}
