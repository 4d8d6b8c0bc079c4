import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  processesMatching,
  REPO_ROOT,
  waitUntilNoProcessMatches,
} from '../sandbox/support/fixtures.js';

/** A CLI stand-in: inside `stoppingChildrenOnSignal`, it starts a marked child and waits forever. */
function startStandIn(marker: string) {
  const script = `
import { spawn } from 'node:child_process';
import { stoppingChildrenOnSignal } from ${JSON.stringify(path.join(REPO_ROOT, 'src/cli/stop-on-signal.ts'))};
await stoppingChildrenOnSignal(async () => {
  spawn('/bin/sh', ['-c', 'while :; do sleep 1; done', process.env.STOP_TEST_MARKER], { stdio: 'ignore' });
  process.stdout.write('started\\n');
  await new Promise(() => undefined);
});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    // In the environment, not the script: the stand-in's own command line must not match.
    env: { ...process.env, STOP_TEST_MARKER: marker },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, started, exited };
}

describe.runIf(process.platform === 'linux')('stoppingChildrenOnSignal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)(
    'on %s kills the children it started and exits with %i',
    async (signal, status) => {
      const marker = `agentproofbench-test-stop-${randomBytes(4).toString('hex')}`;
      const standIn = startStandIn(marker);
      await standIn.started;
      const deadline = Date.now() + 5_000;
      while (processesMatching(marker).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 25));
      // At least one: the shell, and for a moment its fork before it becomes `sleep`.
      expect(processesMatching(marker).length).toBeGreaterThan(0);
      // Only the CLI is signalled, as `kill <pid>` or a supervisor does (not its process group).
      standIn.child.kill(signal);
      expect(await standIn.exited).toBe(status);
      expect(await waitUntilNoProcessMatches(marker)).toEqual([]);
    },
    20_000,
  );
});
