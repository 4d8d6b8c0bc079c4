import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { type CgroupLayout, EvaluationCgroup, openRunCgroups } from './cgroups.js';
import {
  type MinimalRootRequest,
  prepareMinimalRoot,
  ROOT_LAYOUT,
  SANDBOX_HOME,
} from './minimal-root.js';

export { SANDBOX_HOME };

/** OS measures the process runtime found usable on this machine (probed once, for real). */
export interface Confinement {
  /**
   * Network, mount, PID, IPC, UTS and cgroup namespaces via `unshare`, and a minimal root
   * file system (`pivot_root`): only the system directories, nothing else of the host.
   */
  namespaces: boolean;
  /** Drop to an unprivileged uid, one per evaluation, with no capabilities via `setpriv` (needs root and namespaces). */
  unprivileged: boolean;
  /** `prlimit --as`: every process's own address-space limit. */
  addressSpaceLimit: boolean;
  /** Memory and process count of all the evaluation's processes together, in its own cgroup (needs root). */
  cgroups: boolean;
  /** The sandbox gets SIGKILL when the thread that started it dies (`setpriv --pdeathsig`). */
  parentDeathSignal: boolean;
  /** A bash prelude closes every descriptor above stderr the host inherited (e.g. from its shell). */
  closesDescriptors: boolean;
  /**
   * A session keyring of the evaluation's own and a seccomp filter on the key calls, set up
   * by the shipped runner (keyrings.ts; found by the runtime, which knows the interpreter).
   */
  keyrings: boolean;
}

/** Processes (and threads) one evaluation may have at once: room for a verifier's helpers, not a fork bomb. */
export const PROCESS_LIMIT = 64;

export interface LaunchPlan {
  file: string;
  args: string[];
  /** The wrapper writes READY_LINE to stdout before the command runs. */
  announcesReady: boolean;
}

export interface LaunchRequest extends MinimalRootRequest {
  command: string;
  args: readonly string[];
  memoryMb: number;
  /** `cgroup.procs` files the sandbox joins before anything else runs. */
  cgroupProcs: readonly string[];
}

const TOOL_PATH = '/usr/sbin:/usr/bin:/sbin:/bin';

/**
 * Runs first (bash): join the evaluation's cgroups, so everything after is accounted, and
 * close every descriptor above stderr (Node hands non-CLOEXEC descriptors it inherited,
 * e.g. `3<secret` from a shell, to its children).
 */
const PRELUDE = `set -e
groups=$1; shift
while [ "$groups" -gt 0 ]; do echo $$ > "$1"; groups=$((groups - 1)); shift; done
for fd in /proc/$$/fd/*; do fd=\${fd##*/}; if [ "$fd" -gt 2 ]; then exec {fd}>&- || true; fi; done`;

/**
 * The wrapper's first stdout line, written just before the command starts: the host
 * consumes it, so an exit before it is the sandbox failing to start (a harness failure)
 * and anything after it is the program's own doing. Not JSON, so never a protocol message.
 */
export const READY_LINE = 'agentproofbench-sandbox-ready';

/** Without namespaces the prelude hands over to the command at once. */
const FALLBACK_SCRIPT = `${PRELUDE}
echo ${READY_LINE}
exec env -u _ -u SHLVL "$@"`;

/**
 * Runs as PID 1 of the new namespaces, as root, before dropping privileges: build the new
 * root the host prepared in the workdir (minimal-root.ts: a tmpfs, the skeleton copied
 * on, then one mount table), copy the staged files into the scratch tmpfs, `pivot_root`
 * into it and detach the host's tree, so no other host path exists any more; then run the
 * command as a child (not `exec`), so a verifier killing itself is seen as a signal death
 * and its orphans die with PID 1. Six processes in all, whatever the number of mounts.
 */
const NAMESPACE_SCRIPT = `${PRELUDE}
sandbox_path=$PATH; PATH=${TOOL_PATH}
mount --all --fstab "$PWD/${ROOT_LAYOUT.rootTable}"
cp -a "$PWD/${ROOT_LAYOUT.skeleton}/." "$PWD/${ROOT_LAYOUT.root}/"
mount --all --fstab "$PWD/${ROOT_LAYOUT.mountTable}"
shopt -s nullglob; staged=("$PWD/${ROOT_LAYOUT.stage}"/*); shopt -u nullglob
if [ \${#staged[@]} -gt 0 ]; then cp -- "\${staged[@]}" "$PWD/${ROOT_LAYOUT.root}${SANDBOX_HOME}/"; fi
cd "$PWD/${ROOT_LAYOUT.root}"
pivot_root . .
umount -l .
cd /
mount -o remount,ro /
cd ${SANDBOX_HOME}
unset OLDPWD
PATH=$sandbox_path
echo ${READY_LINE}
set +e
env -u _ -u SHLVL "$@"
exit $?`;

/** Namespaces the sandbox gets, defined once for the probe and the launch. */
const UNSHARE_ARGS = [
  '--net',
  '--mount',
  '--pid',
  '--ipc',
  '--uts',
  '--cgroup',
  '--fork',
  '--kill-child',
  '--mount-proc',
];

/** Run as `uid` with no groups, capabilities or way to regain privileges (probe and launch). */
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

const PROBE_TIMEOUT_MS = 5_000;

async function succeeds(file: string, args: string[], cwd?: string): Promise<boolean> {
  try {
    const result = await execa(file, args, {
      reject: false,
      timeout: PROBE_TIMEOUT_MS,
      stdin: 'ignore',
      env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
      extendEnv: false,
      ...(cwd ? { cwd } : {}),
    });
    return result.exitCode === 0;
  } catch {
    return false;
  }
}

/** Probed once per process; the run-level cgroup directories with it. */
interface Probed {
  confinement: Confinement;
  cgroups: CgroupLayout | undefined;
}

let probed: Promise<Probed> | undefined;

const NONE: Confinement = {
  namespaces: false,
  unprivileged: false,
  addressSpaceLimit: false,
  cgroups: false,
  parentDeathSignal: false,
  closesDescriptors: false,
  keyrings: false,
};

/** A dry run of the full launch (`true` as the command) in a scratch workdir. */
async function dryRun(confinement: Confinement, layout?: CgroupLayout): Promise<boolean> {
  const workdir = mkdtempSync(path.join(tmpdir(), 'agentproofbench-probe-'));
  let group: EvaluationCgroup | undefined;
  try {
    group = layout
      ? EvaluationCgroup.create(layout, { memoryBytes: 64 * 1024 * 1024, processes: 16 })
      : undefined;
    const request: LaunchRequest = {
      command: 'true',
      args: [],
      workdir,
      hiddenPaths: [workdir],
      exposedPaths: [],
      memoryMb: 256,
      scratchMb: 1,
      uid: 65534,
      cgroupProcs: group?.procsFiles ?? [],
    };
    if (confinement.namespaces) prepareMinimalRoot(request);
    const plan = planLaunch(confinement, request);
    return await succeeds(plan.file, plan.args, workdir);
  } catch {
    return false;
  } finally {
    await group?.close();
    rmSync(workdir, { recursive: true, force: true });
  }
}

async function probe(): Promise<Probed> {
  if (process.platform !== 'linux') return { confinement: NONE, cgroups: undefined };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const found: Confinement = { ...NONE };
  found.addressSpaceLimit = await succeeds('prlimit', ['--as=1073741824', '--', 'true']);
  found.parentDeathSignal = await succeeds('setpriv', ['--pdeathsig', 'KILL', '--', 'true']);
  found.closesDescriptors = await dryRun({ ...NONE, closesDescriptors: true });
  found.namespaces =
    isRoot &&
    found.closesDescriptors &&
    (await dryRun({ ...NONE, closesDescriptors: true, namespaces: true }));
  found.unprivileged =
    found.namespaces && (await succeeds('setpriv', [...dropPrivileges(65534), '--', 'true']));
  const layout = isRoot && found.closesDescriptors ? openRunCgroups() : undefined;
  found.cgroups = layout !== undefined && (await dryRun({ ...found, cgroups: true }, layout));
  return { confinement: found, cgroups: found.cgroups ? layout : undefined };
}

/** Try each measure for real (a dry run of the wrapper) instead of trusting the platform. */
export async function probeConfinement(): Promise<Confinement> {
  probed ??= probe();
  return (await probed).confinement;
}

/** The run's cgroup directories, when the probe proved them usable. */
export async function runCgroups(): Promise<CgroupLayout | undefined> {
  probed ??= probe();
  return (await probed).cgroups;
}

/** The command line that runs `request.command` under every measure in `confinement`. */
export function planLaunch(confinement: Confinement, request: LaunchRequest): LaunchPlan {
  const inner: string[] = [];
  if (confinement.unprivileged) {
    inner.push('setpriv', ...dropPrivileges(request.uid), '--');
  }
  if (confinement.addressSpaceLimit) {
    inner.push('prlimit', `--as=${request.memoryMb * 1024 * 1024}`);
    // RLIMIT_NPROC counts every process of the uid: a bound per evaluation once each
    // evaluation runs as its own unprivileged uid (root ignores it).
    if (confinement.unprivileged) inner.push(`--nproc=${PROCESS_LIMIT}`);
    inner.push('--');
  }
  inner.push(request.command, ...request.args);
  const groups = confinement.cgroups ? request.cgroupProcs : [];
  const outer = confinement.parentDeathSignal ? ['setpriv', '--pdeathsig', 'KILL', '--'] : [];
  let launch: string[];
  const announcesReady = confinement.namespaces || confinement.closesDescriptors;
  if (confinement.namespaces) {
    launch = [
      'unshare',
      ...UNSHARE_ARGS,
      '--',
      '/bin/bash',
      '-c',
      NAMESPACE_SCRIPT,
      'agentproofbench-sandbox',
      String(groups.length),
      ...groups,
      ...inner,
    ];
  } else if (confinement.closesDescriptors) {
    launch = [
      '/bin/bash',
      '-c',
      FALLBACK_SCRIPT,
      'agentproofbench-sandbox',
      String(groups.length),
      ...groups,
      ...inner,
    ];
  } else {
    launch = inner;
  }
  const [file = request.command, ...args] = [...outer, ...launch];
  return { file, args, announcesReady };
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
    'ipc-uts-cgroup-namespaces',
    'minimal-root-filesystem',
    'no-host-files-or-unix-sockets',
    'mount-namespace-hides-pack',
    'read-only-root',
    'size-limited-scratch',
  ]);
  add(confinement.unprivileged, ['unprivileged-uid', 'no-capabilities']);
  add(confinement.unprivileged && confinement.addressSpaceLimit, ['process-count-limit']);
  add(confinement.cgroups, ['evaluation-memory-cgroup', 'evaluation-process-cgroup']);
  if (!confinement.cgroups) measures.push('evaluation-memory-watch');
  add(confinement.closesDescriptors, ['inherited-descriptors-closed']);
  add(confinement.keyrings, ['session-keyring-per-evaluation', 'keyring-calls-filtered']);
  add(confinement.parentDeathSignal, ['killed-with-host']);
  if (!confinement.namespaces)
    measures.push('process-group-kill', 'environment-tagged-orphan-kill');
  return { measures, missing };
}
