import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { constants as osConstants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { EvaluationRecord } from '../../contract/record.js';
import type { PublicTask } from '../../contract/verifier.js';
import type { EvaluationSession, VerifierOutcome } from '../evaluation-session.js';
import { type Limits, MAX_MESSAGE_SIZE } from '../limits.js';
import { runEvaluation } from '../run-evaluation.js';
import type { EvaluationInput, IsolationReport, Runtime } from '../runtime-interface.js';
import type { VerifierSpec } from '../verifier-spec.js';
import { describeThrown } from '../verify-export.js';
import { type CgroupLayout, EvaluationCgroup } from './cgroups.js';
import {
  type Confinement,
  describeConfinement,
  type LaunchPlan,
  type LaunchRequest,
  PROCESS_LIMIT,
  planLaunch,
  probeConfinement,
  READY_LINE,
  runCgroups,
  SANDBOX_HOME,
} from './confinement.js';
import { acquireEvaluationUid, releaseEvaluationUid } from './evaluation-uid.js';
import { readLines } from './line-reader.js';
import { watchTreeMemory } from './memory-watch.js';
import { prepareMinimalRoot, ROOT_LAYOUT } from './minimal-root.js';
import { killTaggedProcesses, SANDBOX_TAG_VARIABLE } from './orphan-sweep.js';
import { type HostMessage, PROTOCOL_VERSION, parseVerifierMessage } from './protocol.js';

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
}

const RUNNER_FILE = 'agentproofbench_runner.py';
const STAGED_VERIFIER = 'verifier.py';
const SCRUBBED_PATH = '/usr/local/bin:/usr/bin:/bin';
const STDERR_TAIL_BYTES = 4096;
const STREAM_GRACE_MS = 1_000;

/** The shipped runner, found upwards from this file (src/ when run from source, dist/src/ when built). */
function findRunner(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(directory, 'python', RUNNER_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory)
      throw new Error(`python/${RUNNER_FILE} not found above ${fileURLToPath(import.meta.url)}`);
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
  readonly #limits: Partial<Limits>;
  readonly #options: ProcessRuntimeOptions;
  readonly #confinement: Confinement;
  readonly #cgroups: CgroupLayout | undefined;
  readonly #runner = findRunner();

  constructor(
    limits: Partial<Limits>,
    options: ProcessRuntimeOptions,
    confinement: Confinement,
    cgroups?: CgroupLayout,
  ) {
    this.#limits = limits;
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
  }

  evaluate(input: EvaluationInput): Promise<EvaluationRecord> {
    return runEvaluation(input, this.#limits, (spec, task, session) =>
      this.#run(spec, task, session),
    );
  }

  async close(): Promise<void> {}

  async #run(
    spec: VerifierSpec,
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
    const workdir = await mkdtemp(path.join(this.#options.tempDir ?? tmpdir(), 'agentproofbench-'));
    const uid = this.#options.uid ?? acquireEvaluationUid();
    let cgroup: EvaluationCgroup | undefined;
    try {
      // Namespaced, the staged files go into the sandbox's scratch tmpfs (ROOT_LAYOUT.stage);
      // otherwise the verifier works in this fresh directory itself.
      const scratch = path.join(workdir, 'scratch');
      const stage = this.#confinement.namespaces ? path.join(workdir, ROOT_LAYOUT.stage) : scratch;
      await mkdir(stage);

      let command: string;
      let args: string[];
      if (spec.kind === 'python') {
        if (!existsSync(spec.path))
          return {
            type: 'failed',
            kind: 'exception',
            message: `cannot load the verifier module: ${spec.path} does not exist`,
          };
        // Staged copies under fixed names: the verifier never learns where it came from.
        await copyFile(this.#runner, path.join(stage, RUNNER_FILE));
        await copyFile(spec.path, path.join(stage, STAGED_VERIFIER));
        command = this.#options.python ?? 'python3';
        args = [RUNNER_FILE, STAGED_VERIFIER];
      } else {
        command = spec.command;
        args = [...(spec.args ?? [])];
      }
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
        .filter(
          (hidden) =>
            hidden !== path.parse(hidden).root && !workdir.startsWith(`${hidden}${path.sep}`),
        );
      const memoryBytes = session.limits.memoryMb * 1024 * 1024;
      if (this.#cgroups)
        cgroup = EvaluationCgroup.create(this.#cgroups, {
          memoryBytes,
          processes: PROCESS_LIMIT,
        });
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
      if (this.#confinement.namespaces) prepareMinimalRoot(request);
      const plan = planLaunch(this.#confinement, request);
      // Namespaced, the wrapper starts in the workdir and moves into the new root.
      const cwd = this.#confinement.namespaces ? workdir : scratch;
      const outcome = await converse(
        plan,
        { cwd, home: this.#confinement.namespaces ? SANDBOX_HOME : scratch },
        task,
        session,
        {
          namespaced: this.#confinement.namespaces,
          cgroup,
          // Without a cgroup the fallback measures the process tree itself.
          watchedMemoryBytes: cgroup ? undefined : memoryBytes,
        },
      );
      // The kernel killing one of the evaluation's processes for memory decides the ending,
      // whatever the verifier made of it (a killed child, a killed self).
      if (cgroup?.usage().oomKilled)
        return {
          type: 'failed',
          kind: 'memory',
          message: `the verifier's processes together exceeded the memory limit of ${session.limits.memoryMb} MB`,
        };
      return outcome;
    } finally {
      // Removing the group waits for the kernel to reap the killed processes: not the record's business.
      void cgroup?.close();
      if (this.#options.uid === undefined) releaseEvaluationUid(uid);
      await rm(workdir, { recursive: true, force: true });
    }
  }
}

async function converse(
  plan: LaunchPlan,
  { cwd, home }: { cwd: string; home: string },
  task: PublicTask,
  session: EvaluationSession,
  {
    namespaced,
    cgroup,
    watchedMemoryBytes,
  }: { namespaced: boolean; cgroup?: EvaluationCgroup; watchedMemoryBytes?: number },
): Promise<VerifierOutcome> {
  // Namespaced, the PID namespace ends every process; otherwise a tag finds the escapees.
  const tag = namespaced ? undefined : randomBytes(8).toString('hex');
  const child = execa(plan.file, plan.args, {
    cwd,
    env: {
      ...(tag ? { [SANDBOX_TAG_VARIABLE]: tag } : {}),
      PATH: SCRUBBED_PATH,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      HOME: home,
      TMPDIR: home,
      PYTHONDONTWRITEBYTECODE: '1',
      PYTHONHASHSEED: '0',
      PYTHONNOUSERSITE: '1',
    },
    extendEnv: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
    // Own process group, so a timeout kills the verifier and everything it started.
    detached: true,
    buffer: false,
    reject: false,
    cleanup: true,
  });
  let outcome: VerifierOutcome | undefined;
  /** Whether the wrapper started the program (it announces it), and whether the program spoke at all. */
  let started = !plan.announcesReady;
  let spoke = false;
  const killGroup = () => {
    cgroup?.killAll();
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const settle = (value: VerifierOutcome) => {
    outcome ??= value;
    killGroup();
  };
  const send = (message: HostMessage) => {
    if (child.stdin?.writable) child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  child.stdin?.on('error', () => undefined);
  let stderrTail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
  });
  const timer = setTimeout(
    () =>
      settle({
        type: 'failed',
        kind: 'timeout',
        message: `timed out after ${session.limits.timeoutMs} ms`,
      }),
    session.limits.timeoutMs,
  );
  const stopWatch =
    watchedMemoryBytes !== undefined && child.pid !== undefined
      ? watchTreeMemory(child.pid, watchedMemoryBytes, () =>
          settle({
            type: 'failed',
            kind: 'memory',
            message: `the verifier's processes together exceeded the memory limit of ${session.limits.memoryMb} MB`,
          }),
        )
      : () => undefined;
  if (child.stdout) {
    readLines(
      child.stdout,
      MAX_MESSAGE_SIZE,
      (line) => {
        if (outcome !== undefined) return;
        if (!started) {
          started = line === READY_LINE;
          if (started) return;
        }
        spoke = true;
        const parsed = parseVerifierMessage(line);
        // The program's own output: not a harness failure but an answer outside the contract.
        if (!parsed.ok)
          return settle({
            type: 'failed',
            kind: 'malformed',
            message: `protocol violation: ${parsed.error}`,
          });
        const message = parsed.message;
        // The program says it runs: from here on, any exit is its own doing.
        if (message.type === 'hello') return;
        if (message.type === 'call') {
          return send({
            type: 'response',
            id: message.id,
            response: session.serve(message.side, message.request),
          });
        }
        if (message.type === 'result') return settle({ type: 'returned', value: message.result });
        return settle({ type: 'failed', kind: message.kind, message: message.message });
      },
      () =>
        settle({
          type: 'failed',
          kind: 'malformed',
          message: `protocol violation: a stdout line longer than ${MAX_MESSAGE_SIZE} bytes`,
        }),
    );
  }
  send({ type: 'start', protocol: PROTOCOL_VERSION, task });
  // The process's own exit, not execa's completion: that also waits for stdout/stderr to
  // close, which a detached child holding the pipes would put off indefinitely.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  const completed = child.then((result) => result);
  await Promise.race([exited, completed]);
  clearTimeout(timer);
  stopWatch();
  // Without a PID namespace, children that stayed in the group are still running: end them
  // too, and the ones that left the group by their tag.
  killGroup();
  if (tag) killTaggedProcesses(tag);
  // Let the pipes drain (stderr's last line goes into the message); a child that wiped its
  // tag and still holds them is cut off after a grace period.
  let grace: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    completed,
    new Promise<undefined>((resolve) => {
      grace = setTimeout(resolve, STREAM_GRACE_MS, undefined);
    }),
  ]);
  clearTimeout(grace);
  if (drained === undefined) {
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
  if (outcome !== undefined) return outcome;
  if (child.exitCode === null && child.signalCode === null) {
    const failure = drained ?? (await completed);
    return {
      type: 'failed',
      kind: 'crash',
      message: `cannot start ${plan.file}: ${failure.shortMessage ?? describeThrown(failure)}`,
    };
  }
  const exitCode = child.exitCode ?? undefined;
  const message = describeExit(exitCode, child.signalCode ?? undefined, namespaced, stderrTail);
  // A program that never spoke and exited as "cannot execute" / "not found" (or the sandbox
  // setup failing) did not run at all: the harness's failure. Any other ending is the program's own.
  if (!started)
    return {
      type: 'failed',
      kind: 'crash',
      message: `the sandbox could not be set up: ${message}`,
    };
  const notStarted = !spoke && (exitCode === EXIT_NOT_EXECUTABLE || exitCode === EXIT_NOT_FOUND);
  if (notStarted)
    return {
      type: 'failed',
      kind: 'crash',
      message: `cannot start the verifier program: ${message}`,
    };
  return { type: 'failed', kind: 'exception', message };
}

/** Shell conventions for a command that could not be executed (also setpriv's and prlimit's). */
const EXIT_NOT_EXECUTABLE = 126;
const EXIT_NOT_FOUND = 127;

function signalName(code: number): string | undefined {
  return Object.entries(osConstants.signals).find(([, number]) => number === code)?.[0];
}

function describeExit(
  exitCode: number | undefined,
  signal: string | undefined,
  namespaced: boolean,
  stderrTail: string,
): string {
  const lastLine = stderrTail.trim().split('\n').at(-1)?.trim();
  const said = lastLine ? `; stderr: ${lastLine.slice(0, 200)}` : '';
  if (signal !== undefined) return `killed by ${signal}${said}`;
  // In a PID namespace a shell is PID 1 and reports a signal death as 128 + signal number.
  const viaShell =
    namespaced && exitCode !== undefined && exitCode > 128 ? signalName(exitCode - 128) : undefined;
  if (viaShell !== undefined) return `killed by ${viaShell} (exit status ${exitCode})${said}`;
  if (exitCode === 0) return `exited without sending a result${said}`;
  return `exited with code ${exitCode}${said}`;
}
