import { execa } from 'execa';

/** OS measures the process runtime found usable on this machine (probed once). */
export interface Confinement {
  /** Network, mount and PID namespaces via `unshare`, with a read-only root and hidden paths. */
  namespaces: boolean;
  /** Drop to an unprivileged uid with no capabilities via `setpriv` (needs root and namespaces). */
  unprivileged: boolean;
  /** `prlimit --as` for the memory limit. */
  addressSpaceLimit: boolean;
}

/** Processes the unprivileged uid may have at once: room for a verifier's helpers, not a fork bomb. */
export const PROCESS_LIMIT = 64;

export interface LaunchPlan {
  file: string;
  args: string[];
}

export interface LaunchRequest {
  command: string;
  args: readonly string[];
  /** Directory holding the staged files; the verifier works in a fresh `scratch/` inside it. */
  workdir: string;
  /** Directories made unreachable (an empty read-only mount over each). */
  hiddenPaths: readonly string[];
  memoryMb: number;
  /** Size of the scratch tmpfs (namespaced runs only). */
  scratchMb: number;
  uid: number;
}

/** Where the scratch mount appears inside the namespaces: a fixed path, so nothing the verifier sees varies between runs. */
export const SANDBOX_HOME = '/tmp';

/**
 * Runs as PID 1 of the new namespaces, as root, before dropping privileges: hide the
 * pack, give the verifier a size-limited scratch tmpfs holding copies of the staged
 * files at SANDBOX_HOME, make everything else read-only, then run the command as a child (not `exec`,
 * so a verifier killing itself is seen as a signal death and its orphans die with PID 1).
 */
const NAMESPACE_SCRIPT = `set -e
scratch_mb=$1; uid=$2; hidden=$3; shift 3
while [ "$hidden" -gt 0 ]; do
  [ -d "$1" ] && mount -t tmpfs -o ro,size=4k,mode=000 agentproofbench-hidden "$1"
  hidden=$((hidden - 1)); shift
done
mount -t tmpfs -o size="$scratch_mb"m,mode=0700,uid="$uid",gid="$uid" agentproofbench-scratch "$PWD/scratch"
for f in "$PWD"/*; do [ -f "$f" ] && cp "$f" "$PWD/scratch/"; done
mount --move "$PWD/scratch" ${SANDBOX_HOME}
cd ${SANDBOX_HOME}
unset OLDPWD
mount -o remount,bind,ro /
if mountpoint -q /var/tmp; then mount -o remount,bind,ro /var/tmp; fi
mount -t tmpfs -o size=16m agentproofbench-shm /dev/shm
set +e
"$@"
exit $?`;

const PROBE_TIMEOUT_MS = 5_000;

async function succeeds(file: string, args: string[]): Promise<boolean> {
  try {
    const result = await execa(file, args, {
      reject: false,
      timeout: PROBE_TIMEOUT_MS,
      stdin: 'ignore',
      env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
      extendEnv: false,
    });
    return result.exitCode === 0;
  } catch {
    return false;
  }
}

/** New network, mount and PID namespaces: the probe tries exactly what a launch uses. */
const UNSHARE_FLAGS = ['--net', '--mount', '--pid', '--fork', '--kill-child', '--mount-proc'];

/** Run as `uid` with no groups, capabilities or way to regain privileges. */
function dropPrivileges(uid: number): string[] {
  return [
    `--reuid=${uid}`,
    `--regid=${uid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
  ];
}

let probed: Promise<Confinement> | undefined;

/** Try each measure for real (a dry run of the wrapper) instead of trusting the platform. */
export function probeConfinement(): Promise<Confinement> {
  probed ??= (async () => {
    const addressSpaceLimit =
      process.platform === 'linux' &&
      (await succeeds('prlimit', ['--as=1073741824', '--', 'true']));
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const namespaces =
      process.platform === 'linux' &&
      isRoot &&
      (await succeeds('unshare', [
        ...UNSHARE_FLAGS,
        '--',
        '/bin/sh',
        '-c',
        'mount -o remount,bind,ro / && mount -t tmpfs -o size=1m probe /dev/shm',
      ]));
    const unprivileged =
      namespaces && (await succeeds('setpriv', [...dropPrivileges(65534), '--', 'true']));
    return { namespaces, unprivileged, addressSpaceLimit };
  })();
  return probed;
}

/** The command line that runs `request.command` under every measure in `confinement`. */
export function planLaunch(confinement: Confinement, request: LaunchRequest): LaunchPlan {
  const inner: string[] = [];
  if (confinement.unprivileged) {
    inner.push('setpriv', ...dropPrivileges(request.uid), '--');
  }
  if (confinement.addressSpaceLimit) {
    inner.push('prlimit', `--as=${request.memoryMb * 1024 * 1024}`);
    // RLIMIT_NPROC counts every process of the uid, so it only bounds a fork bomb once the
    // verifier runs as its own unprivileged uid (root ignores it).
    if (confinement.unprivileged) inner.push(`--nproc=${PROCESS_LIMIT}`);
    inner.push('--');
  }
  inner.push(request.command, ...request.args);
  if (!confinement.namespaces) return { file: inner[0] ?? request.command, args: inner.slice(1) };
  return {
    file: 'unshare',
    args: [
      ...UNSHARE_FLAGS,
      '--',
      '/bin/sh',
      '-c',
      NAMESPACE_SCRIPT,
      'agentproofbench-sandbox',
      String(request.scratchMb),
      String(request.uid),
      String(request.hiddenPaths.length),
      ...request.hiddenPaths,
      ...inner,
    ],
  };
}

/** Names of the measures in force, for the isolation report. */
export function describeConfinement(confinement: Confinement): {
  measures: string[];
  missing: string[];
} {
  const measures = [
    'separate-process',
    'wall-clock-timeout',
    'scrubbed-environment',
    'fresh-empty-workdir',
    'fresh-operation-budget',
    'write-detection',
  ];
  const missing: string[] = ['cpu-quota'];
  const add = (present: boolean, names: string[]) => (present ? measures : missing).push(...names);
  add(confinement.addressSpaceLimit, ['memory-limit']);
  add(confinement.namespaces, [
    'network-namespace',
    'pid-namespace-kills-orphans',
    'mount-namespace-hides-pack',
    'read-only-root',
    'size-limited-scratch',
  ]);
  add(confinement.unprivileged, ['unprivileged-uid', 'no-capabilities']);
  add(confinement.unprivileged && confinement.addressSpaceLimit, ['process-count-limit']);
  if (!confinement.namespaces)
    measures.push('process-group-kill', 'environment-tagged-orphan-kill');
  return { measures, missing };
}
