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
  /** The run's own directory for the memory controller (v1) or for both (v2). */
  memoryDir: string;
  /** The run's own directory for the pids controller (the same as `memoryDir` on v2). */
  pidsDir: string;
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

const RUN_PREFIX = 'agentproofbench-';

function processAlive(pid: number): boolean {
  return existsSync(`/proc/${pid}`);
}

/** Remove run directories left by hosts that died (their evaluations are gone with them). */
function sweepStale(parent: string): void {
  let entries: string[];
  try {
    entries = readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = Number(entry.slice(RUN_PREFIX.length));
    if (!entry.startsWith(RUN_PREFIX) || !Number.isInteger(pid) || processAlive(pid)) continue;
    const dir = path.join(parent, entry);
    try {
      for (const child of readdirSync(dir, { withFileTypes: true }))
        if (child.isDirectory()) rmdirSync(path.join(dir, child.name));
      rmdirSync(dir);
    } catch {
      // Still in use or not ours to remove: leave it.
    }
  }
}

function makeRunDirectory(parent: string): string {
  sweepStale(parent);
  const dir = path.join(parent, `${RUN_PREFIX}${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // Empty by then (every evaluation removes its own); a host that dies instead is swept next time.
  process.once('exit', () => {
    try {
      rmdirSync(dir);
    } catch {
      // Still busy: the next host's sweep removes it.
    }
  });
  return dir;
}

/**
 * Create this host's run directories (once per process), or `undefined` where the machine
 * offers no writable memory and pids controllers. The caller proves them with a real
 * evaluation group before relying on them.
 */
export function openRunCgroups(): CgroupLayout | undefined {
  if (process.platform !== 'linux') return undefined;
  const mounts = cgroupMounts();
  const own = ownCgroups();
  try {
    const memoryParent = hostDirectory(mounts.get('memory'), own.get('memory'));
    const pidsParent = hostDirectory(mounts.get('pids'), own.get('pids'));
    if (memoryParent !== undefined && pidsParent !== undefined) {
      return {
        version: 1,
        memoryDir: makeRunDirectory(memoryParent),
        pidsDir: makeRunDirectory(pidsParent),
      };
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
    const dir = makeRunDirectory(unifiedParent);
    writeFileSync(path.join(dir, 'cgroup.subtree_control'), '+memory +pids');
    return { version: 2, memoryDir: dir, pidsDir: dir };
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
    const name = `e-${randomBytes(6).toString('hex')}`;
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
      group.#removeNow();
      throw error;
    }
    return group;
  }

  /** Files a process writes its own pid to (`echo $$ >`) to join every controller. */
  get procsFiles(): string[] {
    return this.#dirs.map((dir) => path.join(dir, 'cgroup.procs'));
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
    for (let attempt = 0; attempt < REMOVE_ATTEMPTS; attempt += 1) {
      this.killAll();
      if (this.#removeNow()) return;
      await new Promise((resolve) => setTimeout(resolve, REMOVE_INTERVAL_MS));
    }
  }

  #removeNow(): boolean {
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
