import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { constants as osConstants } from 'node:os';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { AgentProofBenchError } from '../../contract/error.js';
import { type CgroupLayout, EvaluationCgroup } from './cgroups.js';
import {
  type Confinement,
  type LaunchPlan,
  planLaunch,
  READY_LINE,
  SANDBOX_HOME,
} from './confinement.js';
import type { ProgramExit, SandboxedProgram } from './conversation.js';
import { readLines } from './line-reader.js';
import { prepareMinimalRoot, ROOT_LAYOUT } from './minimal-root.js';
import { scrubbedEnvironment } from './scrubbed-environment.js';

/** Where the host's directories appear in the warm parent's /tmp (python/agentproofbench_warm.py). */
const CHANNEL_TARGET = `${SANDBOX_HOME}/apb-channel`;
const cgroupTarget = (index: number) => `${SANDBOX_HOME}/apb-cgroup-${index}`;
const SOCKET_NAME = 'socket';
/** Where the warm parent's processes mark the steps of each evaluation, when asked (python/agentproofbench_warm.py). */
const TIMINGS_NAME = 'timings';
/** A connection's first bytes: the evaluation's token (32 hex digits), its role, a newline. */
const TOKEN_BYTES = 16;
const HANDSHAKE_BYTES = TOKEN_BYTES * 2 + 2;
type Role = 'c' | 'p' | 'e' | 'g';
const ROLES: readonly Role[] = ['c', 'p', 'e', 'g'];
/** The warm parent's own scratch: the runner, its module and the mount points. */
const PARENT_SCRATCH_MB = 4;
/** Starting the warm parent, or an evaluation's three connections, takes milliseconds; past this it is broken. */
const SETUP_TIMEOUT_MS = 15_000;

export interface WarmParentRequest {
  python: string;
  /** The shipped runner and the warm module, staged into the warm parent's /tmp. */
  runnerFile: string;
  warmFile: string;
  hiddenPaths: readonly string[];
  exposedPaths: readonly string[];
  tempDir: string;
  confinement: Confinement;
  cgroups: CgroupLayout;
  evaluations: WarmEvaluationSettings;
  /** Have each evaluation's processes mark their steps (`timings()`; the bench's breakdown). */
  recordTimings?: boolean;
}

/** What each evaluation of a warm parent gets, fixed per runtime. */
export interface WarmEvaluationSettings {
  scratchMb: number;
  processes: number;
  /** A uid of its own per evaluation (or the runtime's fixed one), and its release. */
  acquireUid(): number;
  releaseUid(uid: number): void;
}

/** One step of a warm evaluation, marked by the process that took it. */
export interface WarmTiming {
  token: string;
  step: string;
  ns: bigint;
  /** The process the CPU figure is of, and its CPU time since its fork, ns. */
  pid: number;
  cpuNs: number;
}

/** One evaluation forked from a warm parent: its program, its cgroup, and what ends it. */
export interface WarmLaunch {
  program: SandboxedProgram;
  cgroup: EvaluationCgroup;
  /** Release its uid and remove its cgroup once the record is made. */
  release(): void;
}

/** A child forked and confined ahead of its evaluation, waiting for the go. */
interface Prepared {
  sockets: Record<Role, Socket>;
  cgroup: EvaluationCgroup;
  uid: number;
  memoryBytes: number;
  reaped: Promise<void>;
}

interface Pending {
  sockets: Partial<Record<Role, Socket>>;
  connected(): void;
  failed(message: string): void;
}

/**
 * A warm, confined parent for Python verifiers (docs/sandbox.md, "Warm and cold"): one
 * interpreter started once inside the sandbox's namespaces and minimal root, as root, that
 * forks a fresh child per evaluation, one ahead; the child joins the evaluation's cgroups,
 * gets its own mount, UTS, IPC, PID and network namespaces, a fresh /tmp and uid, and drops
 * every privilege before the verifier's code runs (python/agentproofbench_warm.py). Each
 * evaluation talks to the host over four Unix-socket connections (control, protocol,
 * stderr, go) to a socket only the warm parent can reach.
 */
export class WarmParent {
  readonly #server: Server;
  readonly #workdir: string;
  readonly #channelDir: string;
  readonly #cgroups: CgroupLayout;
  readonly #stage: Promise<unknown>;
  readonly #plan: LaunchPlan;
  readonly #pending = new Map<string, Pending>();
  readonly #settings: WarmEvaluationSettings;
  /** Whether each evaluation gets its own session keyring and the keyring filter. */
  readonly #keyrings: boolean;
  readonly #recordTimings: boolean;
  /** The next evaluation's child, forked and confined ahead. */
  #spare: Promise<Prepared> | undefined;
  /** Evaluations whose evaluation parent the warm parent has not reaped yet. */
  readonly #unreaped = new Map<string, () => void>();
  #stderrTail = '';
  /** Why it cannot take evaluations any more. */
  #dead: string | undefined;
  #child: ResultPromise | undefined;
  /** Evaluations running now, and whether to close once they are over. */
  #active = 0;
  #retiring = false;
  /** Fails the start while it waits for the parent's `ready`. */
  #onDeath: (message: string) => void = () => undefined;

  private constructor(request: WarmParentRequest) {
    this.#cgroups = request.cgroups;
    this.#settings = request.evaluations;
    this.#keyrings = request.confinement.keyrings;
    this.#recordTimings = request.recordTimings === true;
    this.#workdir = mkdtempSync(path.join(request.tempDir, 'agentproofbench-warm-'));
    this.#channelDir = path.join(this.#workdir, 'channel');
    mkdirSync(this.#channelDir, { mode: 0o700 });
    const stage = path.join(this.#workdir, ROOT_LAYOUT.stage);
    const controllerDirs = [...new Set([request.cgroups.memoryDir, request.cgroups.pidsDir])];
    const root = {
      workdir: this.#workdir,
      hiddenPaths: request.hiddenPaths,
      exposedPaths: request.exposedPaths,
      scratchMb: PARENT_SCRATCH_MB,
      uid: 0,
      binds: [
        { source: this.#channelDir, target: CHANNEL_TARGET },
        ...controllerDirs.map((dir, index) => ({ source: dir, target: cgroupTarget(index) })),
      ],
    };
    prepareMinimalRoot(root);
    this.#stage = Promise.all([
      copyFile(request.runnerFile, path.join(stage, path.basename(request.runnerFile))),
      copyFile(request.warmFile, path.join(stage, path.basename(request.warmFile))),
    ]);
    // The parent stays root (it forks, and each child drops to its own uid) and sets the
    // rlimits per child; the namespaces, the minimal root and the death signal are the cold mode's.
    this.#plan = planLaunch(
      { ...request.confinement, unprivileged: false, addressSpaceLimit: false, cgroups: false },
      {
        ...root,
        command: request.python,
        args: [path.basename(request.runnerFile), '--warm'],
        memoryMb: 0,
        cgroupProcs: [],
      },
    );
    this.#server = createServer((socket) => this.#accept(socket));
  }

  /** Start a warm parent and wait until it is ready to fork. */
  static async start(request: WarmParentRequest): Promise<WarmParent> {
    const parent = new WarmParent(request);
    try {
      await parent.#launch();
      return parent;
    } catch (error) {
      await parent.close();
      throw error;
    }
  }

  async #launch(): Promise<void> {
    await this.#stage;
    if (this.#recordTimings)
      await writeFile(path.join(this.#channelDir, TIMINGS_NAME), '', { mode: 0o600 });
    const socketPath = path.join(this.#channelDir, SOCKET_NAME);
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(socketPath, () => resolve());
    });
    chmodSync(socketPath, 0o600);
    const child = execa(this.#plan.file, this.#plan.args, {
      cwd: this.#workdir,
      env: scrubbedEnvironment(SANDBOX_HOME),
      extendEnv: false,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      detached: true,
      buffer: false,
      reject: false,
      cleanup: true,
    });
    this.#child = child;
    child.stdin?.on('error', () => undefined);
    child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderrTail = (this.#stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the warm parent did not start within ${SETUP_TIMEOUT_MS} ms`)),
        SETUP_TIMEOUT_MS,
      );
      const stop = (message: string) => {
        clearTimeout(timer);
        reject(new Error(message));
      };
      this.#onDeath = stop;
      if (child.stdout)
        readLines(
          child.stdout,
          1 << 20,
          (line) => {
            if (line === READY_LINE) return;
            let message: { type?: string; token?: string; message?: string };
            try {
              message = JSON.parse(line) as typeof message;
            } catch {
              return;
            }
            if (message.type === 'ready') {
              clearTimeout(timer);
              resolve();
            } else if (message.type === 'failed' && typeof message.token === 'string')
              this.#pending.get(message.token)?.failed(String(message.message));
            else if (message.type === 'reaped' && typeof message.token === 'string') {
              this.#unreaped.get(message.token)?.();
              this.#unreaped.delete(message.token);
            }
          },
          () => undefined,
        );
    });
    const died = () => {
      const lastLine = this.#stderrTail.trim().split('\n').at(-1)?.trim();
      this.#dead = `the warm parent exited${lastLine ? `; stderr: ${lastLine.slice(0, 200)}` : ''}`;
      this.#onDeath(this.#dead);
      for (const pending of this.#pending.values()) pending.failed(this.#dead);
      for (const reaped of this.#unreaped.values()) reaped();
      this.#unreaped.clear();
      this.#server.close();
    };
    child.once('exit', died);
    child.once('error', died);
    await ready;
  }

  /**
   * The steps its evaluations' processes marked so far, when started with `recordTimings`:
   * `{token, step, ns, pid, cpuNs}`, `ns` on the host's CLOCK_MONOTONIC (`process.hrtime.bigint()`'s clock).
   */
  async timings(): Promise<WarmTiming[]> {
    if (!this.#recordTimings) return [];
    const text = await readFile(path.join(this.#channelDir, TIMINGS_NAME), 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => {
        const [token = '', step = '', ns = '0', pid = '0', cpuNs = '0'] = line.split(' ');
        return { token, step, ns: BigInt(ns), pid: Number(pid), cpuNs: Number(cpuNs) };
      });
  }

  /** Whether it can still take evaluations (a dead parent is replaced by the runtime). */
  get alive(): boolean {
    return this.#dead === undefined && !this.#retiring;
  }

  /** Close once the evaluations it runs now are over (the runtime keeps a few parents only). */
  retire(): void {
    this.#retiring = true;
    if (this.#active === 0) void this.close();
  }

  #accept(socket: Socket): void {
    let head = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), SETUP_TIMEOUT_MS);
    socket.on('error', () => undefined);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      if (head.length < HANDSHAKE_BYTES) return;
      socket.off('data', onData);
      socket.pause();
      clearTimeout(timer);
      const rest = head.subarray(HANDSHAKE_BYTES);
      if (rest.length > 0) socket.unshift(rest);
      const token = head.subarray(0, TOKEN_BYTES * 2).toString('latin1');
      const role = head.subarray(TOKEN_BYTES * 2, TOKEN_BYTES * 2 + 1).toString('latin1') as Role;
      const pending = this.#pending.get(token);
      // A connection for no evaluation, or a role already taken: refused.
      if (!pending || !ROLES.includes(role) || pending.sockets[role]) {
        socket.destroy();
        return;
      }
      pending.sockets[role] = socket;
      if (ROLES.every((each) => pending.sockets[each])) pending.connected();
    };
    socket.on('data', onData);
  }

  /**
   * Run one evaluation in a fresh child: the one prepared ahead (forked, namespaced, in its
   * cgroup, with its fresh /tmp and uid, waiting), or a new one; and prepare the next.
   */
  async launch(verifierFile: string, memoryBytes: number): Promise<WarmLaunch> {
    if (this.#dead)
      throw new AgentProofBenchError('APB_HARNESS', this.#dead, {
        fix: 'the verifier is not at fault: the process runtime restarts its warm parent on the next run',
      });
    const spare = this.#spare;
    this.#spare = undefined;
    let prepared = await spare?.catch(() => undefined);
    prepared ??= await this.#prepare(memoryBytes);
    // The next evaluation's child, prepared while this one runs.
    if (!this.#dead) {
      const next = this.#prepare(memoryBytes);
      next.catch(() => undefined);
      this.#spare = next;
    }
    const { sockets, cgroup, uid } = prepared;
    this.#active += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      // Removing the group waits for the kernel to reap the killed processes: not the record's business.
      void cgroup.close();
      this.#settings.releaseUid(uid);
      this.#active -= 1;
      if (this.#retiring && this.#active === 0) void this.close();
    };
    try {
      if (memoryBytes !== prepared.memoryBytes) cgroup.setMemoryLimit(memoryBytes);
      const source = await readFile(verifierFile);
      sockets.g.end(Buffer.concat([Buffer.from(`${memoryBytes} ${source.length}\n`), source]));
    } catch (error) {
      this.#discard(prepared);
      release();
      throw error;
    }
    return {
      program: evaluationProgram(sockets, cgroup, prepared.reaped, () => this.#dead),
      cgroup,
      release,
    };
  }

  /** Fork a child for an evaluation to come; resolves once its channels are connected. */
  async #prepare(memoryBytes: number): Promise<Prepared> {
    const child = this.#child;
    if (this.#dead || !child?.stdin)
      throw new AgentProofBenchError('APB_HARNESS', this.#dead ?? 'the warm parent has no stdin', {
        fix: 'the verifier is not at fault: the process runtime restarts its warm parent on the next run',
      });
    const token = randomBytes(TOKEN_BYTES).toString('hex');
    const uid = this.#settings.acquireUid();
    let cgroup: EvaluationCgroup;
    try {
      cgroup = EvaluationCgroup.create(this.#cgroups, {
        memoryBytes,
        processes: this.#settings.processes,
      });
    } catch (error) {
      this.#settings.releaseUid(uid);
      throw error;
    }
    const sockets: Partial<Record<Role, Socket>> = {};
    // Over once the evaluation parent is reaped: it exits only after the evaluation's PID
    // namespace is empty.
    const reaped = new Promise<void>((resolve) => this.#unreaped.set(token, resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => fail(`the warm parent's child did not connect within ${SETUP_TIMEOUT_MS} ms`),
          SETUP_TIMEOUT_MS,
        );
        const fail = (message: string) => {
          clearTimeout(timer);
          this.#pending.delete(token);
          for (const socket of Object.values(sockets)) socket?.destroy();
          reject(new Error(message));
        };
        this.#pending.set(token, {
          sockets,
          connected: () => {
            clearTimeout(timer);
            this.#pending.delete(token);
            resolve();
          },
          failed: fail,
        });
        const request = {
          token,
          uid,
          keyrings: this.#keyrings,
          scratchMb: this.#settings.scratchMb,
          processes: this.#settings.processes,
          cgroups: cgroup.joinFiles(this.#cgroups),
        };
        child.stdin?.write(`${JSON.stringify(request)}\n`);
      });
    } catch (error) {
      void cgroup.close();
      this.#settings.releaseUid(uid);
      throw error;
    }
    return { sockets: sockets as Record<Role, Socket>, cgroup, uid, memoryBytes, reaped };
  }

  /** End a prepared child that will get no evaluation. */
  #discard(prepared: Prepared): void {
    prepared.cgroup.killAll();
    for (const socket of Object.values(prepared.sockets)) socket.destroy();
  }

  async close(): Promise<void> {
    this.#dead ??= 'the warm parent was closed';
    const spare = await this.#spare?.catch(() => undefined);
    this.#spare = undefined;
    if (spare) {
      this.#discard(spare);
      void spare.cgroup.close();
      this.#settings.releaseUid(spare.uid);
    }
    for (const pending of this.#pending.values()) pending.failed(this.#dead);
    const child = this.#child;
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
      await child.catch(() => undefined);
    }
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
    rmSync(this.#workdir, { recursive: true, force: true });
  }
}

/** One forked evaluation as the conversation sees it. */
function evaluationProgram(
  { c: control, p: program, e: errors }: Record<Role, Socket>,
  cgroup: EvaluationCgroup,
  reaped: Promise<void>,
  parentDeath: () => string | undefined,
): SandboxedProgram {
  let status: ProgramExit | undefined;
  control.setEncoding('latin1');
  let said = '';
  control.on('data', (text: string) => {
    said += text;
    const match = /^exited (-?\d+)\n/.exec(said);
    if (!match) return;
    const code = Number(match[1]);
    // The init's status: its code (128 + n for a verifier killed by signal n), or its own signal.
    status = code >= 0 ? { exitCode: code } : { signal: signalOf(-code) };
  });
  control.resume();
  const closed = (socket: Socket) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) resolve();
      else socket.once('close', () => resolve());
    });
  const exited = closed(control).then(() => reaped);
  // Every process of the evaluation is in its cgroup (the init joined before anything
  // else ran); SIGKILL to the init ends the rest of its PID namespace with it, also what
  // forks meanwhile. The evaluation parent, asked to stop too, reports once all are reaped.
  const kill = () => {
    cgroup.killAll();
    if (control.writable) control.write('k\n');
  };
  return {
    stdin: program,
    stdout: program,
    stderr: errors,
    announcesReady: true,
    exited,
    drained: Promise.all([closed(program), closed(errors)]).then(() => undefined),
    // Closed without a status: the evaluation parent (root, outside the verifier's reach) was
    // killed, by the warm parent's end or from the host: the harness's failure, not the verifier's.
    exit: () => status,
    startFailure: async () =>
      `the warm evaluation ended without a status (${parentDeath() ?? 'its parent process was killed'})`,
    kill,
    killIsFinal: true,
    reap: () => cgroup.killAll(),
    abandonStreams: () => {
      program.destroy();
      errors.destroy();
    },
  };
}

function signalOf(number: number): string {
  return (
    Object.entries(osConstants.signals).find(([, value]) => value === number)?.[0] ??
    `signal ${number}`
  );
}
