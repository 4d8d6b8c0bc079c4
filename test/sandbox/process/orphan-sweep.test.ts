import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  killTaggedProcesses,
  SANDBOX_TAG_VARIABLE,
} from '../../../src/sandbox/process/orphan-sweep.js';

describe('killTaggedProcesses', () => {
  it.runIf(process.platform === 'linux')(
    'kills exactly the processes that carry the tag',
    async () => {
      const start = (tag: string) =>
        spawn('sh', ['-c', 'exec sleep 30'], {
          env: { PATH: '/usr/bin:/bin', [SANDBOX_TAG_VARIABLE]: tag },
          detached: true,
          stdio: 'ignore',
        });
      const tagged = start('aaaa1111');
      const other = start('bbbb2222');
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        expect(killTaggedProcesses('aaaa1111')).toBe(1);
        await new Promise((resolve) => tagged.once('exit', resolve));
        expect(tagged.signalCode).toBe('SIGKILL');
        expect(other.exitCode === null && other.signalCode === null).toBe(true);
        expect(killTaggedProcesses('cccc3333')).toBe(0);
      } finally {
        other.kill('SIGKILL');
      }
    },
  );
});
