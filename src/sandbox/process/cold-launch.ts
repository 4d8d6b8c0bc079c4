import { randomBytes } from 'node:crypto';
import { execa } from 'execa';
import { internalError } from '../../contract/error.js';
import { describeThrown } from '../verify-export.js';
import type { EvaluationCgroup } from './cgroups.js';
import type { LaunchPlan } from './confinement.js';
import type { SandboxedProgram } from './conversation.js';
import { killTaggedProcesses, SANDBOX_TAG_VARIABLE } from './orphan-sweep.js';
import { scrubbedEnvironment } from './scrubbed-environment.js';

/**
 * Start one evaluation's program as a fresh process under the wrapper `plan` describes (the
 * cold mode: interpreter start and confinement paid per evaluation).
 */
export function launchCold(
  plan: LaunchPlan,
  {
    cwd,
    home,
    namespaced,
    cgroup,
  }: {
    cwd: string;
    home: string;
    namespaced: boolean;
    cgroup?: EvaluationCgroup;
  },
): SandboxedProgram {
  // Namespaced, the PID namespace ends every process; otherwise a tag finds the escapees.
  const tag = namespaced ? undefined : randomBytes(8).toString('hex');
  const child = execa(plan.file, plan.args, {
    cwd,
    env: { ...(tag ? { [SANDBOX_TAG_VARIABLE]: tag } : {}), ...scrubbedEnvironment(home) },
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
  const { stdin, stdout, stderr } = child;
  if (!stdin || !stdout || !stderr) throw internalError('execa gave no stdio pipes');
  const kill = () => {
    cgroup?.killAll();
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const completed = child.then((result) => result);
  return {
    stdin,
    stdout,
    stderr,
    announcesReady: plan.announcesReady,
    ...(child.pid === undefined ? {} : { pid: child.pid }),
    // The process's own exit, not execa's completion: that also waits for stdout/stderr to
    // close, which a detached child holding the pipes would put off indefinitely.
    exited: new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', () => resolve());
      void completed.then(() => resolve());
    }),
    drained: completed.then(() => undefined),
    exit: () =>
      child.exitCode === null && child.signalCode === null
        ? undefined
        : {
            ...(child.exitCode === null ? {} : { exitCode: child.exitCode }),
            ...(child.signalCode === null ? {} : { signal: child.signalCode }),
          },
    startFailure: async () => {
      const failure = await completed;
      return `cannot start ${plan.file}: ${failure.shortMessage ?? describeThrown(failure)}`;
    },
    kill,
    // Without a PID namespace of its own, the group kill can miss a process that left it.
    killIsFinal: false,
    // Without a PID namespace, children that stayed in the group are still running: end them
    // too, and the ones that left the group by their tag.
    reap: () => {
      kill();
      if (tag) killTaggedProcesses(tag);
    },
    abandonStreams: () => {
      stdout.destroy();
      stderr.destroy();
    },
  };
}
