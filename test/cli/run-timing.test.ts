import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RUN_TIMING_ENV, type RunTiming, writeRunTiming } from '../../src/cli/run-timing.js';

describe('writeRunTiming', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-run-timing-'));
  const previous = process.env[RUN_TIMING_ENV];
  afterEach(() => {
    if (previous === undefined) delete process.env[RUN_TIMING_ENV];
    else process.env[RUN_TIMING_ENV] = previous;
  });

  it('writes nothing unless the bench names a file', () => {
    delete process.env[RUN_TIMING_ENV];
    expect(() => writeRunTiming({ runStartMs: 1 })).not.toThrow();
  });

  it("writes the reporter's phases, this process's CPU and its waited-for children's CPU", () => {
    const file = path.join(dir, 'timing.json');
    process.env[RUN_TIMING_ENV] = file;
    // A child that burns 300 ms of CPU, waited for: its time shows among the children's.
    execFileSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    writeRunTiming({ runStartMs: 10, runEndMs: 20 });
    const timing = JSON.parse(readFileSync(file, 'utf8')) as RunTiming;
    expect(timing).toMatchObject({ runStartAtMs: 10, runEndAtMs: 20, reportedAtMs: null });
    expect(timing.closedAtMs).toBeGreaterThan(0);
    expect(timing.mainCpuMs).toBeGreaterThan(0);
    if (process.platform === 'linux') expect(timing.workersCpuMs).toBeGreaterThanOrEqual(250);
    else expect(timing.workersCpuMs).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});
