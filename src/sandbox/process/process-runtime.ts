import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalError } from '../../contract/error.js';
import type { EvaluationRecord } from '../../contract/record.js';
import type { PublicTask } from '../../contract/verifier.js';
import type { EvaluationSession, VerifierOutcome } from '../evaluation-session.js';
import type { IsolationMode } from '../isolate/isolate-runtime.js';
import type { Limits } from '../limits.js';
import { type RuntimeFrame, registerFrame, runEvaluation } from '../run-evaluation.js';
import type { EvaluationInput, IsolationReport, Runtime } from '../runtime-interface.js';
import type { SandboxedVerifierSpec } from '../verifier-spec.js';
import { describeThrown } from '../verify-export.js';
import { type CgroupLayout, EvaluationCgroup } from './cgroups.js';
import { launchCold } from './cold-launch.js';
import {
  type Confinement,
  describeConfinement,
  type LaunchRequest,
  PROCESS_LIMIT,
  planLaunch,
  probeConfinement,
  runCgroups,
  SANDBOX_HOME,
} from './confinement.js';
import { converse, type SandboxedProgram } from './conversation.js';
import { acquireEvaluationUid, releaseEvaluationUid } from './evaluation-uid.js';
import { KEYRINGS_FLAG, keyringLauncherArgs, keyringsUsable } from './keyrings.js';
import { prepareMinimalRoot, ROOT_LAYOUT } from './minimal-root.js';
import { type WarmLaunch, WarmParent, type WarmTiming } from './warm-parent.js';

export interface ProcessRuntimeOptions {
  /**
   * Interpreter for `.py` verifiers, looked up on the scrubbed PATH (default `python3`). It
   * must be reachable inside the sandbox: not under a hidden path (a virtualenv inside the
   * project is hidden with it) and readable by the unprivileged uid.
   */
  python?: string;
  /**
   * Directories the verifier must not reach, e.g. the pack, in addition to the current
   * directory (the project) and the Python verifier's own directory, which are always hidden.
   */
  hiddenPaths?: string[];
  /**
   * Unprivileged uid (and gid) the verifier runs as when the host is root. Default: a fresh
   * uid per evaluation from a high unused range, so the per-uid process cap is per evaluation.
   */
  uid?: number;
  /**
   * Directories shown read-only inside the sandbox besides the system ones (/usr, /bin,
   * /lib...), e.g. the prefix of an interpreter installed elsewhere (`/opt/python`).
   */
  exposedPaths?: string[];
  /** Size of the verifier's scratch tmpfs, MB (default 64). */
  scratchMb?: number;
  /** Where per-evaluation workdirs are created and removed (default: the OS temp directory). */
  tempDir?: string;
  /** Turn measures off (e.g. to test the fallback); a measure the probe did not find cannot be turned on. */
  confinement?: Partial<Confinement>;
  /**
   * `pooled` (default): Python verifiers fork from a warm, confined parent per verifier
   * folder, a fresh child (interpreter state, namespaces, /tmp, uid, cgroups) per
   * evaluation, where the machine gives every measure that needs (namespaces, a uid per
   * evaluation, cgroups); otherwise, and for commands, `fresh`: a new process per evaluation
   * (docs/sandbox.md, "Warm and cold").
   */
  isolation?: IsolationMode;
  /** Mark the steps of each warm evaluation for `warmTimings()` (the bench's breakdown; off by default). */
  recordWarmTimings?: boolean;
}

const RUNNER_FILE = 'agentproofbench_runner.py';
const WARM_FILE = 'agentproofbench_warm.py';
const STAGED_VERIFIER = 'verifier.py';
/** Warm parents kept at once (one per set of hidden paths, i.e. per verifier folder); the least recently used goes. */
const MAX_WARM_PARENTS = 4;
/** After this many warm parents in a row failed to start, the runtime stays cold. */
const MAX_WARM_START_FAILURES = 3;

/** The shipped runner, found upwards from this file (src/ when run from source, dist/src/ when built). */
function findRunner(file = RUNNER_FILE): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, 'python', file);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory)
      throw internalError(
        `python/${RUNNER_FILE} not found above ${fileURLToPath(import.meta.url)}`,
      );
    directory = parent;
  }
}

export async function createProcessRuntime(
  limits: Partial<Limits> = {},
  options: ProcessRuntimeOptions = {},
): Promise<ProcessRuntime> {
  const found = await probeConfinement();
  const confinement = { ...found };
  for (const key of Object.keys(found) as (keyof Confinement)[])
    confinement[key] = found[key] && options.confinement?.[key] !== false;
  // Dropping the uid without a mount namespace would leave the staged files unreadable.
  confinement.unprivileged &&= confinement.namespaces;
  // Joining the cgroups and closing descriptors is the bash prelude's work.
  confinement.cgroups &&= confinement.closesDescriptors;
  const cgroups = confinement.cgroups ? await runCgroups() : undefined;
  confinement.keyrings =
    options.confinement?.keyrings !== false && keyringsUsable(options.python ?? 'python3');
  return new ProcessRuntime(limits, options, confinement, cgroups);
}

/**
 * Any executable speaking the JSON-lines protocol, one fresh process per evaluation,
 * confined by whatever the OS allows here (see `isolation`). Python verifiers run
 * through the shipped stdlib-only runner.
 */
export class ProcessRuntime implements Runtime {
  readonly name = 'process';
  readonly isolation: IsolationReport;
  readonly #frame: RuntimeFrame;
  readonly #options: ProcessRuntimeOptions;
  readonly #confinement: Confinement;
  readonly #cgroups: CgroupLayout | undefined;
  readonly #runner = findRunner();
  readonly #warmModule = findRunner(WARM_FILE);
  /** Whether Python verifiers fork from warm parents (every measure they need is in force). */
  readonly mode: 'warm' | 'cold';
  readonly #warmParents = new Map<string, Promise<WarmParent>>();
  #warmStartFailures = 0;

  constructor(
    limits: Partial<Limits>,
    options: ProcessRuntimeOptions,
    confinement: Confinement,
    cgroups?: CgroupLayout,
  ) {
    this.#frame = { limits, run: (spec, task, session) => this.#run(spec, task, session) };
    registerFrame(this, this.#frame, ProcessRuntime.prototype.evaluate);
    this.#options = options;
    this.#confinement = { ...confinement, cgroups: confinement.cgroups && cgroups !== undefined };
    this.#cgroups = cgroups;
    const described = describeConfinement(this.#confinement);
    // A fixed uid is shared by concurrent evaluations, and so is its process count.
    if (this.#confinement.unprivileged)
      (options.uid === undefined ? described.measures : described.missing).push(
        'uid-per-evaluation',
      );
    this.isolation = { level: 'process', ...described };
    const c = this.#confinement;
    this.mode =
      options.isolation !== 'fresh' &&
      c.namespaces &&
      c.unprivileged &&
      c.cgroups &&
      c.closesDescriptors &&
      cgroups !== undefined
        ? 'warm'
        : 'cold';
  }

  evaluate(input: EvaluationInput): Promise<EvaluationRecord> {
    return runEvaluation(this.#frame, input);
  }

  /** The steps its warm evaluations marked, with `recordWarmTimings` (bench/warm-python.bench.ts). */
  async warmTimings(): Promise<WarmTiming[]> {
    const parents = await Promise.all(
      [...this.#warmParents.values()].map((parent) => parent.catch(() => undefined)),
    );
    const lists = await Promise.all(parents.map((parent) => parent?.timings() ?? []));
    return lists.flat();
  }

  async close(): Promise<void> {
    const parents = [...this.#warmParents.values()];
    this.#warmParents.clear();
    await Promise.all(
      parents.map((parent) => parent.then((warm) => warm.close()).catch(() => undefined)),
    );
  }

  /** The warm parent for these hidden paths, started on first use and replaced when it died. */
  async #warmParent(hiddenPaths: string[]): Promise<WarmParent | undefined> {
    if (this.#warmStartFailures >= MAX_WARM_START_FAILURES || !this.#cgroups) return undefined;
    const key = JSON.stringify(hiddenPaths);
    let parent = this.#warmParents.get(key);
    if (parent) {
      const alive = await parent.then((warm) => warm.alive).catch(() => false);
      if (!alive) {
        this.#warmParents.delete(key);
        void parent.then((warm) => warm.close()).catch(() => undefined);
        parent = undefined;
      }
    }
    if (!parent) {
      parent = WarmParent.start({
        python: this.#options.python ?? 'python3',
        runnerFile: this.#runner,
        warmFile: this.#warmModule,
        hiddenPaths,
        exposedPaths: (this.#options.exposedPaths ?? []).map((exposed) => path.resolve(exposed)),
        tempDir: this.#options.tempDir ?? tmpdir(),
        confinement: this.#confinement,
        cgroups: this.#cgroups,
        recordTimings: this.#options.recordWarmTimings === true,
        evaluations: {
          scratchMb: this.#options.scratchMb ?? 64,
          processes: PROCESS_LIMIT,
          acquireUid: () => this.#options.uid ?? acquireEvaluationUid(),
          releaseUid: (uid) => {
            if (this.#options.uid === undefined) releaseEvaluationUid(uid);
          },
        },
      });
      for (const [oldKey, old] of this.#warmParents)
        if (this.#warmParents.size >= MAX_WARM_PARENTS) {
          this.#warmParents.delete(oldKey);
          void old.then((warm) => warm.retire()).catch(() => undefined);
        }
    }
    // Most recently used last.
    this.#warmParents.delete(key);
    this.#warmParents.set(key, parent);
    try {
      const warm = await parent;
      this.#warmStartFailures = 0;
      return warm;
    } catch {
      this.#warmStartFailures += 1;
      this.#warmParents.delete(key);
      return undefined;
    }
  }

  async #run(
    spec: SandboxedVerifierSpec,
    task: PublicTask,
    session: EvaluationSession,
  ): Promise<VerifierOutcome> {
    if (spec.kind === 'module') {
      return {
        type: 'failed',
        kind: 'crash',
        message:
          'the process runtime runs Python files and commands; use the isolate runtime for a JS/TS module',
      };
    }
    if (spec.kind === 'python' && !existsSync(spec.path))
      return {
        type: 'failed',
        kind: 'exception',
        message: `cannot load the verifier module: ${spec.path} does not exist`,
      };
    const tempDir = this.#options.tempDir ?? tmpdir();
    const hiddenPaths = [
      ...new Set([
        process.cwd(),
        ...(this.#options.hiddenPaths ?? []),
        // The installed package (a global install lives under /usr) and the verifier's own folder.
        path.dirname(path.dirname(this.#runner)),
        ...(spec.kind === 'python' ? [path.dirname(spec.path)] : []),
      ]),
    ]
      .map((hidden) => path.resolve(hidden))
      // The sandbox's root is built in a directory under tempDir: none of its ancestors can be hidden.
      .filter(
        (hidden) =>
          hidden !== path.parse(hidden).root &&
          !path.join(tempDir, 'x').startsWith(`${hidden}${path.sep}`),
      );
    const memoryBytes = session.limits.memoryMb * 1024 * 1024;
    if (this.mode === 'warm' && spec.kind === 'python') {
      const warm = await this.#warmParent(hiddenPaths);
      let launched: WarmLaunch | undefined;
      if (warm)
        try {
          launched = await warm.launch(spec.path, memoryBytes);
        } catch (error) {
          // A parent that died meanwhile is replaced next time; this evaluation runs cold.
          if (warm.alive)
            return {
              type: 'failed',
              kind: 'crash',
              message: `the warm parent could not start the evaluation: ${describeThrown(error)}`,
            };
        }
      if (launched)
        try {
          return await this.#finish(launched.program, launched.cgroup, task, session);
        } finally {
          launched.release();
        }
    }
    const uid = this.#options.uid ?? acquireEvaluationUid();
    let cgroup: EvaluationCgroup | undefined;
    const workdir = await mkdtemp(path.join(tempDir, 'agentproofbench-'));
    try {
      if (this.#cgroups)
        cgroup = EvaluationCgroup.create(this.#cgroups, {
          memoryBytes,
          processes: PROCESS_LIMIT,
        });
      const program = await this.#launchCold(spec, workdir, hiddenPaths, uid, session, cgroup);
      return await this.#finish(program, cgroup, task, session);
    } finally {
      // Removing the group waits for the kernel to reap the killed processes: not the record's business.
      void cgroup?.close();
      if (this.#options.uid === undefined) releaseEvaluationUid(uid);
      await rm(workdir, { recursive: true, force: true });
    }
  }

  /** Converse with a started program; the kernel's memory verdict wins over its own ending. */
  async #finish(
    program: SandboxedProgram,
    cgroup: EvaluationCgroup | undefined,
    task: PublicTask,
    session: EvaluationSession,
  ): Promise<VerifierOutcome> {
    const outcome = await converse(program, task, session, {
      namespaced: this.#confinement.namespaces,
      // Without a cgroup the fallback measures the process tree itself.
      ...(cgroup ? {} : { watchedMemoryBytes: session.limits.memoryMb * 1024 * 1024 }),
    });
    // The kernel killing one of the evaluation's processes for memory decides the ending,
    // whatever the verifier made of it (a killed child, a killed self).
    if (cgroup?.usage().oomKilled)
      return {
        type: 'failed',
        kind: 'memory',
        message: `the verifier's processes together exceeded the memory limit of ${session.limits.memoryMb} MB`,
      };
    return outcome;
  }

  /** A new process for this evaluation, confined by the wrapper (the cold mode). */
  async #launchCold(
    spec: Exclude<SandboxedVerifierSpec, { kind: 'module' }>,
    workdir: string,
    hiddenPaths: string[],
    uid: number,
    session: EvaluationSession,
    cgroup: EvaluationCgroup | undefined,
  ): Promise<SandboxedProgram> {
    const namespaced = this.#confinement.namespaces;
    // Namespaced, the staged files go into the sandbox's scratch tmpfs (ROOT_LAYOUT.stage);
    // otherwise the verifier works in this fresh directory itself.
    const scratch = path.join(workdir, 'scratch');
    const stage = namespaced ? path.join(workdir, ROOT_LAYOUT.stage) : scratch;
    await mkdir(stage);
    let command: string;
    let args: string[];
    const python = this.#options.python ?? 'python3';
    const keyrings = this.#confinement.keyrings;
    // Staged copies under fixed names: the verifier never learns where it came from. A
    // command gets the runner too when it launches the command under the keyring measures.
    if (spec.kind === 'python' || keyrings)
      await copyFile(this.#runner, path.join(stage, RUNNER_FILE));
    if (spec.kind === 'python') {
      await copyFile(spec.path, path.join(stage, STAGED_VERIFIER));
      command = python;
      args = [RUNNER_FILE, ...(keyrings ? [KEYRINGS_FLAG] : []), STAGED_VERIFIER];
    } else if (keyrings) {
      command = python;
      args = keyringLauncherArgs(RUNNER_FILE, spec.command, spec.args ?? []);
    } else {
      command = spec.command;
      args = [...(spec.args ?? [])];
    }
    const request: LaunchRequest = {
      command,
      args,
      workdir,
      hiddenPaths,
      exposedPaths: (this.#options.exposedPaths ?? []).map((exposed) => path.resolve(exposed)),
      memoryMb: session.limits.memoryMb,
      scratchMb: this.#options.scratchMb ?? 64,
      uid,
      cgroupProcs: cgroup?.procsFiles ?? [],
    };
    if (namespaced) prepareMinimalRoot(request);
    // Namespaced, the wrapper starts in the workdir and moves into the new root.
    return launchCold(planLaunch(this.#confinement, request), {
      cwd: namespaced ? workdir : scratch,
      home: namespaced ? SANDBOX_HOME : scratch,
      namespaced,
      ...(cgroup ? { cgroup } : {}),
    });
  }
}
