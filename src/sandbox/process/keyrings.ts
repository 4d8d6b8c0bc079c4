import { execa } from 'execa';

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

const PROBE_TIMEOUT_MS = 10_000;
const probes = new Map<string, Promise<boolean>>();

/**
 * Whether `python` can run the runner's keyring measures here (Linux, a known machine, a
 * kernel that takes the filter): one dry run of the launcher with `true`, once per interpreter.
 */
export function probeKeyrings(python: string, runnerFile: string): Promise<boolean> {
  if (process.platform !== 'linux') return Promise.resolve(false);
  const key = JSON.stringify([python, runnerFile]);
  let probe = probes.get(key);
  if (!probe) {
    probe = execa(python, keyringLauncherArgs(runnerFile, 'true', []), {
      reject: false,
      timeout: PROBE_TIMEOUT_MS,
      stdin: 'ignore',
      env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
      extendEnv: false,
    }).then(
      (result) => result.exitCode === 0,
      () => false,
    );
    probes.set(key, probe);
  }
  return probe;
}
