import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { treeResidentBytes, watchTreeMemory } from '../../../src/sandbox/process/memory-watch.js';

const MB = 1024 * 1024;

/** A Python parent whose forked child holds `mb` MB (written, so resident) until killed. */
function startTree(mb: number) {
  const child = spawn(
    'python3',
    [
      '-c',
      `import os, sys, time
if os.fork() == 0:
    hoard = b"x" * (${mb} * 1024 * 1024)
    print("held", flush=True)
    time.sleep(30)
    os._exit(0)
os.wait()`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'], detached: true },
  );
  const held = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const stop = () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // Gone already.
    }
  };
  return { pid: child.pid ?? 0, held, stop };
}

describe.runIf(process.platform === 'linux')('treeResidentBytes', () => {
  it("counts the children's memory with the parent's", async () => {
    const tree = startTree(40);
    try {
      await tree.held;
      expect(treeResidentBytes(tree.pid)).toBeGreaterThan(40 * MB);
    } finally {
      tree.stop();
    }
  });

  it('is zero for a process that does not exist', () => {
    expect(treeResidentBytes(2 ** 22 + 12_345)).toBe(0);
  });
});

describe.runIf(process.platform === 'linux')('watchTreeMemory', () => {
  it('reports a tree over the limit once, and stays quiet under it', async () => {
    const tree = startTree(40);
    try {
      await tree.held;
      const over: number[] = [];
      const stopOver = watchTreeMemory(tree.pid, 20 * MB, (bytes) => over.push(bytes));
      const under: number[] = [];
      const stopUnder = watchTreeMemory(tree.pid, 500 * MB, (bytes) => under.push(bytes));
      await new Promise((resolve) => setTimeout(resolve, 300));
      stopOver();
      stopUnder();
      expect(over).toHaveLength(1);
      expect(over[0]).toBeGreaterThan(40 * MB);
      expect(under).toEqual([]);
    } finally {
      tree.stop();
    }
  });
});
