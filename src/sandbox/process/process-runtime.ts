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
import {
  type Confinement,
  describeConfinement,
  planLaunch,
  probeConfinement,
  SANDBOX_HOME,
} from './confinement.js';
import { readLines } from './line-reader.js';
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
  /** Unprivileged uid (and gid) the verifier runs as when the host is root (default 65534, nobody). */
  uid?: number;
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
  const confinement: Confinement = {
    namespaces: found.namespaces && options.confinement?.namespaces !== false,
    unprivileged: found.unprivileged && options.confinement?.unprivileged !== false,
    addressSpaceLimit: found.addressSpaceLimit && options.confinement?.addressSpaceLimit !== false,
  };
  // Dropping the uid without a mount namespace would leave the staged files unreadable.
  confinement.unprivileged &&= confinement.namespaces;
  return new ProcessRuntime(limits, options, confinement);
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
  readonly #runner = findRunner();

  constructor(limits: Partial<Limits>, options: ProcessRuntimeOptions, confinement: Confinement) {
    this.#limits = limits;
    this.#options = options;
    this.#confinement = confinement;
    this.isolation = { level: 'process', ...describeConfinement(confinement) };
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
    try {
      const scratch = path.join(workdir, 'scratch');
      await mkdir(scratch);
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
        const stageIn = this.#confinement.namespaces ? workdir : scratch;
        await copyFile(this.#runner, path.join(stageIn, RUNNER_FILE));
        await copyFile(spec.path, path.join(stageIn, STAGED_VERIFIER));
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
          ...(spec.kind === 'python' ? [path.dirname(spec.path)] : []),
        ]),
      ]
        .map((hidden) => path.resolve(hidden))
        .filter(
          (hidden) =>
            hidden !== path.parse(hidden).root && !workdir.startsWith(`${hidden}${path.sep}`),
        );
      const plan = planLaunch(this.#confinement, {
        command,
        args,
        workdir,
        hiddenPaths,
        memoryMb: session.limits.memoryMb,
        scratchMb: this.#options.scratchMb ?? 64,
        uid: this.#options.uid ?? 65534,
      });
      // Namespaced, the wrapper starts in the workdir and moves into its own scratch mount.
      const cwd = this.#confinement.namespaces ? workdir : scratch;
      return await converse(
        plan,
        { cwd, home: this.#confinement.namespaces ? SANDBOX_HOME : scratch },
        task,
        session,
        this.#confinement.namespaces,
      );
    } finally {
      await rm(workdir, { recursive: true, force: true });
    }
  }
}

async function converse(
  plan: { file: string; args: string[] },
  { cwd, home }: { cwd: string; home: string },
  task: PublicTask,
  session: EvaluationSession,
  namespaced: boolean,
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
  const killGroup = () => {
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
  if (child.stdout) {
    readLines(
      child.stdout,
      MAX_MESSAGE_SIZE,
      (line) => {
        if (outcome !== undefined) return;
        const parsed = parseVerifierMessage(line);
        if (!parsed.ok)
          return settle({
            type: 'failed',
            kind: 'crash',
            message: `protocol violation: ${parsed.error}`,
          });
        const message = parsed.message;
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
          kind: 'crash',
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
  return {
    type: 'failed',
    kind: 'crash',
    message: describeExit(
      child.exitCode ?? undefined,
      child.signalCode ?? undefined,
      namespaced,
      stderrTail,
    ),
  };
}

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
