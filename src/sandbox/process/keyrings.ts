import { accessSync, constants, readFileSync } from 'node:fs';
import { machine } from 'node:os';
import path from 'node:path';
import { scrubbedEnvironment } from './scrubbed-environment.js';

/**
 * Kernel keyrings (docs/sandbox.md, "Keyrings"): the shipped runner gives its process a
 * session keyring of its own and a seccomp filter on the key calls (`--keyrings`), before
 * a Python verifier loads or, with `--exec`, before a command replaces it.
 */
export const KEYRINGS_FLAG = '--keyrings';

/** The runner's arguments that run `command` under the keyring measures. */
export function keyringLauncherArgs(runnerFile: string, command: string, args: readonly string[]) {
  // -I -S: no site packages or environment to read; the launcher needs the standard library only.
  return ['-I', '-S', runnerFile, KEYRINGS_FLAG, '--exec', command, ...args];
}

/** Machines the runner's filter knows (python/agentproofbench_runner.py, KEY_SYSCALLS). */
const FILTERED_MACHINES = new Set(['x86_64', 'aarch64']);

function readable(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** `python` as the sandbox's PATH finds it (a path is taken as it is). */
function onSandboxPath(python: string): boolean {
  const candidates = python.includes('/')
    ? [python]
    : (scrubbedEnvironment('/').PATH ?? '').split(':').map((dir) => path.join(dir, python));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Whether the runner's keyring measures can work here: Linux, a machine the filter knows, a
 * kernel with keys (`/proc/keys`) and seccomp filters that return an errno, and the
 * interpreter on the sandbox's PATH. Read from the system, not tried with a dry run: an
 * interpreter start costs seconds on a loaded machine, and were a measure to fail anyway,
 * the runner stops before the verifier runs (the evaluation is a crash, never unconfined).
 */
export function keyringsUsable(python: string): boolean {
  return (
    process.platform === 'linux' &&
    FILTERED_MACHINES.has(machine()) &&
    readable('/proc/keys') !== undefined &&
    (readable('/proc/sys/kernel/seccomp/actions_avail') ?? '').split(/\s+/).includes('errno') &&
    onSandboxPath(python)
  );
}
