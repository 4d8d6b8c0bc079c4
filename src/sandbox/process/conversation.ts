import { constants as osConstants } from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { PublicTask } from '../../contract/verifier.js';
import type { EvaluationSession, VerifierOutcome } from '../evaluation-session.js';
import { MAX_MESSAGE_SIZE } from '../limits.js';
import { READY_LINE } from './confinement.js';
import { readLines } from './line-reader.js';
import { watchTreeMemory } from './memory-watch.js';
import {
  type HostMessage,
  PROTOCOL_VERSION,
  parseVerifierMessage,
  responseMessageText,
} from './protocol.js';

/** How a program ended: an exit status or a signal (from the OS or a PID 1 shell's 128 + n). */
export interface ProgramExit {
  exitCode?: number;
  signal?: string;
}

/**
 * One evaluation's program as the conversation sees it, however it was started: a fresh
 * process (cold-launch.ts) or a fork of the warm parent (warm-parent.ts).
 */
export interface SandboxedProgram {
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The wrapper writes READY_LINE to stdout before the program runs. */
  readonly announcesReady: boolean;
  /** The host pid whose process tree the memory watch samples (the fallback without cgroups). */
  readonly pid?: number;
  /** Resolves once the program has exited (with a PID namespace: once everything it started is gone). */
  readonly exited: Promise<void>;
  /** Resolves once stdout and stderr have closed. */
  readonly drained: Promise<void>;
  /** After `exited`: how it ended, or `undefined` when it never started. */
  exit(): ProgramExit | undefined;
  /** Why it never started (when `exit()` is `undefined`). */
  startFailure(): Promise<string>;
  /** End the program and everything it started; may be called again. */
  kill(): void;
  /**
   * Whether `kill` itself ends every process of the evaluation for good (SIGKILL to all of
   * them, synchronously), so an evaluation with an outcome need not wait for the kernel to
   * finish tearing it down.
   */
  readonly killIsFinal: boolean;
  /** After `exited`: end whatever outlived it (processes that left its group, in the fallback). */
  reap(): void;
  /** Stop reading its streams (a process that outlived it still holds them). */
  abandonStreams(): void;
}

const STDERR_TAIL_BYTES = 4096;
const STREAM_GRACE_MS = 1_000;

/** Speak the protocol with one program until it answers, fails, exits or runs out of time. */
export async function converse(
  program: SandboxedProgram,
  task: PublicTask,
  session: EvaluationSession,
  { namespaced, watchedMemoryBytes }: { namespaced: boolean; watchedMemoryBytes?: number },
): Promise<VerifierOutcome> {
  let outcome: VerifierOutcome | undefined;
  /** Whether the wrapper started the program (it announces it), and whether the program spoke at all. */
  let started = !program.announcesReady;
  let spoke = false;
  // Once the program runs (it announced itself), a final kill ends the evaluation at once.
  const endsAtOnce = () => outcome !== undefined && program.killIsFinal && started;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const settle = (value: VerifierOutcome) => {
    outcome ??= value;
    program.kill();
    if (endsAtOnce()) finish();
  };
  const sendText = (line: string) => {
    if (program.stdin.writable) program.stdin.write(`${line}\n`);
  };
  const send = (message: HostMessage) => sendText(JSON.stringify(message));
  program.stdin.on('error', () => undefined);
  let stderrTail = '';
  program.stderr.on('data', (chunk: Buffer) => {
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
    watchedMemoryBytes !== undefined && program.pid !== undefined
      ? watchTreeMemory(program.pid, watchedMemoryBytes, () =>
          settle({
            type: 'failed',
            kind: 'memory',
            message: `the verifier's processes together exceeded the memory limit of ${session.limits.memoryMb} MB`,
          }),
        )
      : () => undefined;
  readLines(
    program.stdout,
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
        // The request is fresh from parsing the line and the answer is serialised once.
        return sendText(
          responseMessageText(message.id, session.serveParsed(message.side, message.request)),
        );
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
  // A warm evaluation's sockets wait paused until the listeners above are attached.
  program.stdout.resume();
  program.stderr.resume();
  send({ type: 'start', protocol: PROTOCOL_VERSION, task });
  await Promise.race([program.exited, finished]);
  clearTimeout(timer);
  stopWatch();
  program.reap();
  if (endsAtOnce()) return outcome as VerifierOutcome;
  // Let the pipes drain (stderr's last line goes into the message); a child that wiped its
  // tag and still holds them is cut off after a grace period.
  let grace: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    program.drained.then(() => true),
    new Promise<false>((resolve) => {
      grace = setTimeout(resolve, STREAM_GRACE_MS, false);
    }),
  ]);
  clearTimeout(grace);
  if (!drained) program.abandonStreams();
  if (outcome !== undefined) return outcome;
  const exit = program.exit();
  if (exit === undefined)
    return { type: 'failed', kind: 'crash', message: await program.startFailure() };
  const message = describeExit(exit, namespaced, stderrTail);
  // A program that never spoke and exited as "cannot execute" / "not found" (or the sandbox
  // setup failing) did not run at all: the harness's failure. Any other ending is the program's own.
  if (!started)
    return {
      type: 'failed',
      kind: 'crash',
      message: `the sandbox could not be set up: ${message}`,
    };
  const notStarted =
    !spoke && (exit.exitCode === EXIT_NOT_EXECUTABLE || exit.exitCode === EXIT_NOT_FOUND);
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
  { exitCode, signal }: ProgramExit,
  namespaced: boolean,
  stderrTail: string,
): string {
  const lastLine = stderrTail.trim().split('\n').at(-1)?.trim();
  const said = lastLine ? `; stderr: ${lastLine.slice(0, 200)}` : '';
  if (signal !== undefined) return `killed by ${signal}${said}`;
  // In a PID namespace a PID 1 (the shell, or the warm evaluation's init) reports a signal death as 128 + signal number.
  const viaInit =
    namespaced && exitCode !== undefined && exitCode > 128 ? signalName(exitCode - 128) : undefined;
  if (viaInit !== undefined) return `killed by ${viaInit} (exit status ${exitCode})${said}`;
  if (exitCode === 0) return `exited without sending a result${said}`;
  return `exited with code ${exitCode}${said}`;
}
