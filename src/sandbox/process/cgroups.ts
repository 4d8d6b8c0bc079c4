import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Per-evaluation control groups: one memory limit and one process cap for all the processes
 * of an evaluation together (a per-process rlimit lets forked children multiply it), and a
 * list of them to kill. Nested under the host's own cgroup, so the run never escapes the
 * limits it was given itself (docs/sandbox.md, "Process runtime").
 */
export interface CgroupLayout {
  version: 1 | 2;
  /** The host's own cgroup directory for the memory controller (v1) or for both (v2). */
  memoryDir: string;
  /** The host's own cgroup directory for the pids controller (the same as `memoryDir` on v2). */
  pidsDir: string;
  /** Name prefix of this host's evaluation groups, `agentproofbench-<pid>-`. */
  prefix: string;
}

/** What an evaluation's cgroup recorded once its processes are gone. */
export interface CgroupUsage {
  /** The kernel killed a process for exceeding the evaluation's memory limit. */
  oomKilled: boolean;
  /** Largest memory use of the evaluation's processes together, bytes (when the kernel reports it). */
  peakBytes?: number;
}

interface MountPoint {
  /** Where the hierarchy is mounted on this host. */
  mountPoint: string;
  /** The cgroup path the mount shows at its top (non-`/` inside containers). */
  root: string;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Mounted cgroup hierarchies: v1 ones keyed by controller, v2 under `''`. */
function cgroupMounts(): Map<string, MountPoint> {
  const mounts = new Map<string, MountPoint>();
  for (const line of (readText('/proc/self/mountinfo') ?? '').split('\n')) {
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) continue;
    const fields = before.split(' ');
    const [fsType, , superOptions = ''] = after.split(' ');
    const root = fields[3];
    const mountPoint = fields[4];
    if (root === undefined || mountPoint === undefined) continue;
    if (fsType === 'cgroup2') mounts.set('', { mountPoint, root });
    if (fsType === 'cgroup')
      for (const option of superOptions.split(','))
        if (option === 'memory' || option === 'pids') mounts.set(option, { mountPoint, root });
  }
  return mounts;
}

/** The host's own cgroup path per v1 controller, and under `''` for v2. */
function ownCgroups(): Map<string, string> {
  const own = new Map<string, string>();
  for (const line of (readText('/proc/self/cgroup') ?? '').split('\n')) {
    const match = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!match) continue;
    const [, controllers = '', cgroupPath = '/'] = match;
    if (controllers === '') own.set('', cgroupPath);
    for (const controller of controllers.split(',')) own.set(controller, cgroupPath);
  }
  return own;
}

function hostDirectory(mount: MountPoint | undefined, cgroupPath: string | undefined) {
  if (mount === undefined || cgroupPath === undefined) return undefined;
  const relative = path.posix.relative(mount.root, cgroupPath);
  if (relative.startsWith('..')) return undefined;
  return path.join(mount.mountPoint, relative);
}

const GROUP_PREFIX = 'agentproofbench-';

function processAlive(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}

/** Remove evaluation groups left by hosts that died mid-evaluation (their processes died with them). */
function sweepStale(parent: string): void {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = Number(/^agentproofbench-(\d+)-/.exec(entry)?.[1]);
    if (!Number.isInteger(pid) || processAlive(pid)) continue;
    try {
      rmdirSync(path.join(parent, entry));
    } catch {
      // Still in use or not ours to remove: leave it.
    }
  }
}

/**
 * Where this host's evaluation groups go (directly under its own cgroups, so an ended
 * evaluation leaves nothing behind), or `undefined` where the machine offers no writable
 * memory and pids controllers. The caller proves them with a real evaluation group before
 * relying on them.
 */
export function openRunCgroups(): CgroupLayout | undefined {
  if (process.platform !== 'linux') return undefined;
  const mounts = cgroupMounts();
  const own = ownCgroups();
  // A cgroup with children cannot be removed: leave none behind in the host's own.
  process.once('exit', () => {
    for (const group of closing) group.removeNow();
  });
  try {
    const memoryParent = hostDirectory(mounts.get('memory'), own.get('memory'));
    const pidsParent = hostDirectory(mounts.get('pids'), own.get('pids'));
    const prefix = `${GROUP_PREFIX}${process.pid}-`;
    if (memoryParent !== undefined && pidsParent !== undefined) {
      sweepStale(memoryParent);
      sweepStale(pidsParent);
      return { version: 1, memoryDir: memoryParent, pidsDir: pidsParent, prefix };
    }
    const unifiedParent = hostDirectory(mounts.get(''), own.get(''));
    if (unifiedParent === undefined) return undefined;
    const controllers = (readText(path.join(unifiedParent, 'cgroup.controllers')) ?? '').split(
      /\s+/,
    );
    if (!controllers.includes('memory') || !controllers.includes('pids')) return undefined;
    // v2 hands controllers down only through subtree_control, which refuses a cgroup that
    // still holds processes (the host's own, unless it is the root): then there is no cgroup.
    writeFileSync(path.join(unifiedParent, 'cgroup.subtree_control'), '+memory +pids');
    sweepStale(unifiedParent);
    return { version: 2, memoryDir: unifiedParent, pidsDir: unifiedParent, prefix };
  } catch {
    return undefined;
  }
}

function pidsIn(dir: string): number[] {
  return (readText(path.join(dir, 'cgroup.procs')) ?? '')
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

/** Groups whose processes are still being reaped (removed on the host's exit at the latest). */
const closing = new Set<EvaluationCgroup>();

const REMOVE_ATTEMPTS = 100;
const REMOVE_INTERVAL_MS = 20;

/** One evaluation's cgroup(s): create with limits, join by writing to `procsFiles`, then `close`. */
export class EvaluationCgroup {
  readonly #layout: CgroupLayout;
  readonly #dirs: string[];

  private constructor(layout: CgroupLayout, dirs: string[]) {
    this.#layout = layout;
    this.#dirs = dirs;
  }

  static create(
    layout: CgroupLayout,
    limits: { memoryBytes: number; processes: number },
  ): EvaluationCgroup {
    const name = `${layout.prefix}${randomBytes(6).toString('hex')}`;
    const memoryDir = path.join(layout.memoryDir, name);
    const pidsDir = path.join(layout.pidsDir, name);
    const dirs = [...new Set([memoryDir, pidsDir])];
    for (const dir of dirs) mkdirSync(dir);
    const group = new EvaluationCgroup(layout, dirs);
    try {
      const memory = String(limits.memoryBytes);
      if (layout.version === 1) {
        writeFileSync(path.join(memoryDir, 'memory.limit_in_bytes'), memory);
        // Swap counts too where the kernel accounts it (memsw must not be below the limit).
        const swap = path.join(memoryDir, 'memory.memsw.limit_in_bytes');
        if (existsSync(swap)) writeFileSync(swap, memory);
      } else {
        writeFileSync(path.join(memoryDir, 'memory.max'), memory);
        const swap = path.join(memoryDir, 'memory.swap.max');
        if (existsSync(swap)) writeFileSync(swap, '0');
      }
      writeFileSync(path.join(pidsDir, 'pids.max'), String(limits.processes));
    } catch (error) {
      group.removeNow();
      throw error;
    }
    return group;
  }

  /** Files a process writes its own pid to (`echo $$ >`) to join every controller. */
  get procsFiles(): string[] {
    return this.#dirs.map((dir) => path.join(dir, 'cgroup.procs'));
  }

  /**
   * For a single-threaded process joining from inside the warm parent's mounts: per
   * controller directory of `layout` (deduplicated, in order), the file to write `0` to,
   * relative to that directory. On v1 that is `tasks`, which moves the one thread without
   * the cgroup-wide lock a `cgroup.procs` write takes (about 20 ms on an idle machine).
   */
  joinFiles(layout: CgroupLayout): string[] {
    const file = layout.version === 1 ? 'tasks' : 'cgroup.procs';
    return this.#dirs.map((dir) => path.join(path.basename(dir), file));
  }

  /** Change the memory limit (before the evaluation's own code runs). */
  setMemoryLimit(bytes: number): void {
    const memoryDir = this.#dirs[0] ?? '';
    const memory = String(bytes);
    if (this.#layout.version === 2) {
      writeFileSync(path.join(memoryDir, 'memory.max'), memory);
      return;
    }
    // v1 keeps the limit at most the memory+swap limit: raise that first, lower it last.
    const limit = path.join(memoryDir, 'memory.limit_in_bytes');
    const swap = path.join(memoryDir, 'memory.memsw.limit_in_bytes');
    const files = existsSync(swap) ? [limit, swap] : [limit];
    const current = Number(readText(limit));
    for (const file of bytes > current ? files.reverse() : files) writeFileSync(file, memory);
  }

  /** SIGKILL every process still in the group (seen with host pids). */
  killAll(): void {
    for (const dir of this.#dirs)
      for (const pid of pidsIn(dir)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
  }

  usage(): CgroupUsage {
    const memoryDir = this.#dirs[0] ?? '';
    const counters = (file: string) =>
      new Map(
        (readText(path.join(memoryDir, file)) ?? '')
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
    if (this.#layout.version === 1) {
      const oomKills = Number(counters('memory.oom_control').get('oom_kill') ?? 0);
      const peak = Number(readText(path.join(memoryDir, 'memory.max_usage_in_bytes')));
      return { oomKilled: oomKills > 0, ...(Number.isFinite(peak) ? { peakBytes: peak } : {}) };
    }
    const oomKills = Number(counters('memory.events').get('oom_kill') ?? 0);
    const peak = Number(readText(path.join(memoryDir, 'memory.peak')));
    return { oomKilled: oomKills > 0, ...(Number.isFinite(peak) ? { peakBytes: peak } : {}) };
  }

  /** Kill what is left and remove the directories (the kernel releases them once the processes are reaped). */
  async close(): Promise<void> {
    closing.add(this);
    try {
      for (let attempt = 0; attempt < REMOVE_ATTEMPTS; attempt += 1) {
        this.killAll();
        if (this.removeNow()) return;
        await new Promise((resolve) => setTimeout(resolve, REMOVE_INTERVAL_MS).unref());
      }
    } finally {
      closing.delete(this);
    }
  }

  /** Remove the directories now; false while a process is still in them. */
  removeNow(): boolean {
    let removed = true;
    for (const dir of this.#dirs) {
      try {
        rmdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') removed = false;
      }
    }
    return removed;
  }
}
