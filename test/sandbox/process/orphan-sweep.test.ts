import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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
      // Tags of this run only: the sweep looks machine-wide, and another test run on the same
      // machine (two clones' CI at once) must not own a process with the same tag.
      const tag = () => randomBytes(4).toString('hex');
      const [taggedTag, otherTag, unusedTag] = [tag(), tag(), tag()];
      const tagged = start(taggedTag);
      const other = start(otherTag);
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        expect(killTaggedProcesses(taggedTag)).toBe(1);
        await new Promise((resolve) => tagged.once('exit', resolve));
        expect(tagged.signalCode).toBe('SIGKILL');
        expect(other.exitCode === null && other.signalCode === null).toBe(true);
        expect(killTaggedProcesses(unusedTag)).toBe(0);
      } finally {
        other.kill('SIGKILL');
      }
    },
  );
});
