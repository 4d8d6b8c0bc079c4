import { readFileSync, writeFileSync } from 'node:fs';

/**
 * `npm run bench` (bench/speed.bench.ts) sets this to a file path: `run` then writes there
 * where the run's time went, which the bench cannot see from outside (the main process's
 * own CPU, the workers' CPU, when the first test started and the report was written).
 */
export const RUN_TIMING_ENV = 'AGENTPROOFBENCH_BENCH_TIMING';

/** Milliseconds; the `*AtMs` are since this process started. */
export interface RunTiming {
  /** The test run started (the reporter's onTestRunStart): CLI start, planning, Vitest start before it. */
  runStartAtMs: number | null;
  /** The last test ended (the reporter's onTestRunEnd began). */
  runEndAtMs: number | null;
  /** The report's files were written. */
  reportedAtMs: number | null;
  /** Vitest closed (workers stopped): the command is about to return. */
  closedAtMs: number;
  /** CPU time (user + system) of this, the main, process. */
  mainCpuMs: number;
  /** CPU time of the test workers (children this process waited for); null where the OS does not say. */
  workersCpuMs: number | null;
}

/** Linux's clock tick for /proc times (USER_HZ, 100 on every Linux architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** CPU time of the children this process has waited for, from /proc/self/stat (Linux only). */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (in parentheses, may hold spaces) from field 3,
    // the state, on: cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Write the run's timing to the file named by RUN_TIMING_ENV, when it names one. */
export function writeRunTiming(reporter: {
  runStartMs?: number;
  runEndMs?: number;
  reportedMs?: number;
}): void {
  const file = process.env[RUN_TIMING_ENV];
  if (!file) return;
  const cpu = process.cpuUsage();
  const timing: RunTiming = {
    runStartAtMs: reporter.runStartMs ?? null,
    runEndAtMs: reporter.runEndMs ?? null,
    reportedAtMs: reporter.reportedMs ?? null,
    closedAtMs: performance.now(),
    mainCpuMs: (cpu.user + cpu.system) / 1000,
    workersCpuMs: childrenCpuMs(),
  };
  writeFileSync(file, `${JSON.stringify(timing)}\n`);
}
