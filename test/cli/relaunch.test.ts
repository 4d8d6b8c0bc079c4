import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_NODE_SNAPSHOT } from '../../src/sandbox/isolate/node-snapshot.js';
import { REPO_ROOT } from '../sandbox/support/fixtures.js';

/**
 * A CLI stand-in: without the flag it relaunches itself as bin.ts does; relaunched, it prints
 * its node flags and arguments, then exits with the status its first argument names, or
 * waits to be signalled when that is `wait`.
 */
const STAND_IN = `
import { needsRelaunch, relaunchWithoutNodeSnapshot } from ${JSON.stringify(path.join(REPO_ROOT, 'src/cli/relaunch.ts'))};
const argv = process.argv.slice(2);
if (needsRelaunch()) process.exitCode = await relaunchWithoutNodeSnapshot(argv);
else {
  process.stdout.write(JSON.stringify({ execArgv: process.execArgv, argv }) + '\\n');
  if (argv[0] === 'wait') await new Promise(() => undefined);
  process.exitCode = Number(argv[0]);
}`;

async function run(args: string[], signal?: NodeJS.Signals) {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-relaunch-'));
  const file = path.join(dir, 'stand-in.mts');
  writeFileSync(file, STAND_IN);
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Signalled once the relaunched CLI runs: the stand-in alone, not its process group.
      if (signal && stdout.includes('\n')) child.kill(signal);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    return { code, printed: JSON.parse(stdout.split('\n')[0] ?? '{}') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(Number(process.versions.node.split('.')[0]) >= 20)(
  'relaunchWithoutNodeSnapshot',
  () => {
    it("starts the CLI again with Node's snapshot off, keeping its loaders and arguments, and exits with its status", async () => {
      const { code, printed } = await run(['7', '--pack', 'builtin']);
      expect(code).toBe(7);
      expect(printed.execArgv).toEqual(['--import', 'tsx', NO_NODE_SNAPSHOT]);
      expect(printed.argv).toEqual(['7', '--pack', 'builtin']);
    }, 30_000);

    it('passes a SIGTERM sent to it alone on to the relaunched CLI', async () => {
      const { code } = await run(['wait'], 'SIGTERM');
      expect(code).toBe(143);
    }, 30_000);
  },
);
