import {
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/** The system directories a minimal root shows, read-only, where they exist (symlinks stay symlinks). */
export const SYSTEM_DIRECTORIES = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/** Device nodes the minimal root has (bound from the host's, writable: they are devices, not files). */
const DEVICES = ['null', 'zero', 'full', 'random', 'urandom'];

/** Host files the loader and the shell tools need; nothing in them describes the host. */
const SYSTEM_FILES = ['/etc/ld.so.cache', '/etc/alternatives'];

/** Where the sandbox's scratch tmpfs appears: a fixed path, so nothing the verifier sees varies between runs. */
export const SANDBOX_HOME = '/tmp';

export interface MinimalRootRequest {
  /** The evaluation's staging directory (host side); the root is built in it. */
  workdir: string;
  /** Directories besides SYSTEM_DIRECTORIES shown read-only (e.g. an interpreter's prefix). */
  exposedPaths: readonly string[];
  /** Directories that stay unreachable even where an exposed directory holds them. */
  hiddenPaths: readonly string[];
  scratchMb: number;
  uid: number;
  /**
   * Host directories bound read-write into the scratch at these paths (under SANDBOX_HOME),
   * for the warm parent only: its channel and cgroup directories, which every evaluation's
   * fresh /tmp then covers (warm-parent.ts).
   */
  binds?: readonly { source: string; target: string }[];
}

/** Names inside the workdir the namespace script relies on. */
export const ROOT_LAYOUT = {
  /** Mount point of the new root (a tmpfs). */
  root: 'root',
  /** Directories, symlinks and empty mount targets, copied onto the new root's tmpfs. */
  skeleton: 'skeleton',
  /** Files copied into the scratch tmpfs (the runner and the verifier). */
  stage: 'stage',
  /** The tmpfs of the new root itself. */
  rootTable: 'root.fstab',
  /** Everything mounted inside the new root, in order. */
  mountTable: 'mounts.fstab',
} as const;

/** fstab fields escape whitespace and backslashes in octal. */
function field(value: string): string {
  return value.replace(/[\s\\]/g, (char) => `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

function within(file: string, dir: string): boolean {
  return file === dir || file.startsWith(`${dir}${path.sep}`);
}

/**
 * Write what the namespace script needs to build the sandbox's root file system in one
 * `mount --all` per table instead of a process per mount: the skeleton (mount targets,
 * the system directories' symlinks, a two-line passwd) and the two mount tables. Only the
 * system directories, the exposed ones, a few device nodes, a private /proc that hides
 * other users' processes, a private /dev/shm and the scratch tmpfs exist in it; no other
 * host path (a pack checkout, /etc/passwd, a Unix socket under /var/tmp or /run).
 */
export function prepareMinimalRoot(request: MinimalRootRequest): void {
  const { workdir } = request;
  const root = path.join(workdir, ROOT_LAYOUT.root);
  const skeleton = path.join(workdir, ROOT_LAYOUT.skeleton);
  mkdirSync(root, { recursive: true });
  mkdirSync(path.join(workdir, ROOT_LAYOUT.stage), { recursive: true });
  const inSkeleton = (target: string) => path.join(skeleton, target);
  const inRoot = (target: string) => path.join(root, target);
  const mounts: string[] = [];
  const mount = (source: string, target: string, type: string, options: string) =>
    mounts.push(`${field(source)} ${field(inRoot(target))} ${type} ${options} 0 0`);
  const makeTarget = (target: string, directory: boolean) => {
    mkdirSync(inSkeleton(directory ? target : path.dirname(target)), { recursive: true });
    if (!directory) writeFileSync(inSkeleton(target), '');
  };
  const show = (source: string, options: string) => {
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(source);
    } catch {
      return;
    }
    if (stat.isSymbolicLink() && SYSTEM_DIRECTORIES.includes(source)) {
      mkdirSync(inSkeleton(path.dirname(source)), { recursive: true });
      symlinkSync(readlinkSync(source), inSkeleton(source));
      return;
    }
    const directory = stat.isDirectory() || (stat.isSymbolicLink() && existsSync(`${source}/.`));
    makeTarget(source, directory);
    mount(source, source, 'none', `bind,${options}`);
  };
  mkdirSync(skeleton, { recursive: true });
  const exposed = [...SYSTEM_DIRECTORIES, ...request.exposedPaths];
  for (const dir of exposed) show(dir, 'ro,nosuid,nodev');
  for (const hidden of request.hiddenPaths)
    if (exposed.some((dir) => within(hidden, dir)) && existsSync(hidden)) {
      mount('agentproofbench-hidden', hidden, 'tmpfs', 'ro,size=4k,mode=000');
    }
  for (const device of DEVICES) show(`/dev/${device}`, 'nosuid');
  for (const [link, target] of [
    ['fd', '/proc/self/fd'],
    ['stdin', '/proc/self/fd/0'],
    ['stdout', '/proc/self/fd/1'],
    ['stderr', '/proc/self/fd/2'],
  ] as const)
    symlinkSync(target, inSkeleton(`/dev/${link}`));
  makeTarget('/dev/shm', true);
  mount('agentproofbench-shm', '/dev/shm', 'tmpfs', 'size=16m,mode=1777,nosuid,nodev');
  makeTarget('/proc', true);
  mount('proc', '/proc', 'proc', 'hidepid=2,nosuid,nodev,noexec');
  for (const file of SYSTEM_FILES) show(file, 'ro,nosuid,nodev');
  const { uid } = request;
  writeFileSync(
    inSkeleton('/etc/passwd'),
    `root:x:0:0::/:/usr/sbin/nologin\nsandbox:x:${uid}:${uid}::${SANDBOX_HOME}:/usr/sbin/nologin\n`,
  );
  writeFileSync(inSkeleton('/etc/group'), `root:x:0:\nsandbox:x:${uid}:\n`);
  makeTarget(SANDBOX_HOME, true);
  mount(
    'agentproofbench-scratch',
    SANDBOX_HOME,
    'tmpfs',
    `size=${request.scratchMb}m,mode=0700,uid=${uid},gid=${uid},nosuid,nodev`,
  );
  for (const bind of request.binds ?? [])
    mount(bind.source, bind.target, 'none', 'bind,nosuid,nodev,X-mount.mkdir=0700');
  writeFileSync(
    path.join(workdir, ROOT_LAYOUT.rootTable),
    `agentproofbench-root ${field(root)} tmpfs size=1m,mode=0755,nosuid 0 0\n`,
  );
  writeFileSync(path.join(workdir, ROOT_LAYOUT.mountTable), `${mounts.join('\n')}\n`);
}
