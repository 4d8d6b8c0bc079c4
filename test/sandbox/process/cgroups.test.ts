import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { EvaluationCgroup } from '../../../src/sandbox/process/cgroups.js';
import { runCgroups } from '../../../src/sandbox/process/confinement.js';

const layout = await runCgroups();
const skipped = layout
  ? ''
  : ' (SKIPPED: needs root and writable memory and pids cgroup controllers)';
const MB = 1024 * 1024;

/**
 * Run `script` with bash inside the group: it joins every controller first, like the
 * sandbox's prelude. The PATH is the sandbox's (scrubbed-environment.ts): a `python3` shim of
 * a version manager (pyenv's is a bash script) would fork a dozen helpers into the group and
 * stall on its process cap under load.
 */
const runInside = (group: EvaluationCgroup, script: string) =>
  execa(
    'bash',
    ['-c', `for f in "$@"; do echo $$ > "$f"; done; ${script}`, 'joiner', ...group.procsFiles],
    { reject: false, env: { PATH: '/usr/local/bin:/usr/bin:/bin' } },
  );

describe.runIf(layout)(`EvaluationCgroup${skipped}`, () => {
  it('nests under the host cgroup and writes the limits', async () => {
    if (!layout) return;
    const group = EvaluationCgroup.create(layout, { memoryBytes: 64 * MB, processes: 8 });
    const [memoryDir = '', pidsDir = ''] = group.procsFiles.map((file) => path.dirname(file));
    try {
      expect(path.dirname(memoryDir)).toBe(layout.memoryDir);
      expect(path.basename(memoryDir)).toMatch(
        new RegExp(`^agentproofbench-${process.pid}-[0-9a-f]{12}$`),
      );
      expect(readFileSync(path.join(pidsDir, 'pids.max'), 'utf8').trim()).toBe('8');
      const memoryFile = layout.version === 1 ? 'memory.limit_in_bytes' : 'memory.max';
      expect(Number(readFileSync(path.join(memoryDir, memoryFile), 'utf8'))).toBe(64 * MB);
    } finally {
      await group.close();
    }
    expect(existsSync(memoryDir)).toBe(false);
    expect(existsSync(pidsDir)).toBe(false);
  });

  it('counts the memory of all its processes together and records the kill', async () => {
    if (!layout) return;
    const group = EvaluationCgroup.create(layout, { memoryBytes: 64 * MB, processes: 16 });
    try {
      // Three children of 30 MB each: every one under the limit, together over it. They hold
      // their memory until the group is closed, and the test watches the group's counters
      // instead of guessing how long a loaded machine takes to start all three.
      const running = runInside(
        group,
        `for i in 1 2 3; do python3 -c 'import time; b = b"x" * (30 << 20); time.sleep(60)' & done; wait`,
      );
      let finished = false;
      void running.finally(() => {
        finished = true;
      });
      for (let poll = 0; poll < 600 && !finished && !group.usage().oomKilled; poll += 1)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const usage = group.usage();
      expect(usage.oomKilled, `peak ${usage.peakBytes} bytes, limit ${64 * MB}`).toBe(true);
      expect(usage.peakBytes).toBeLessThanOrEqual(64 * MB);
      await group.close();
      await running;
    } finally {
      await group.close();
    }
  });

  it('caps the processes of the group, not of the uid', async () => {
    if (!layout) return;
    const group = EvaluationCgroup.create(layout, { memoryBytes: 256 * MB, processes: 4 });
    try {
      const result = await runInside(group, 'for i in 1 2 3 4 5 6; do sleep 1 & done; wait');
      expect(result.stderr).toMatch(/fork|Resource temporarily unavailable/);
      expect(group.usage().oomKilled).toBe(false);
    } finally {
      await group.close();
    }
  });

  it('kills whatever is left on close', async () => {
    if (!layout) return;
    const group = EvaluationCgroup.create(layout, { memoryBytes: 64 * MB, processes: 8 });
    const running = runInside(group, 'sleep 30');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await group.close();
    expect((await running).signal).toBe('SIGKILL');
  });
});
