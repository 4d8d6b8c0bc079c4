import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../support/cli.js';

const root = path.resolve(import.meta.dirname, '../..');
const run = runCliCaptured;

describe('agentproofbench latency', () => {
  it('prints a per-state latency table and writes the JSON profile', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-bench-'));
    try {
      const json = path.join(dir, 'profile.json');
      const verifier = path.join(root, 'fixtures/verifiers/starter/correct/{task}.ts');
      const { code, out } = await run(
        'latency',
        '--pack',
        'starter',
        '--verifier',
        verifier,
        '--runtime',
        'inline',
        '--iterations',
        '2',
        '--json',
        json,
      );
      expect(code).toBe(0);
      expect(out).toContain(
        'Latency profile — pack starter 1.0.0, timing panel, 2 states × 2 evaluations',
      );
      expect(out).toMatch(/overall \(\d+ evaluations\)/);
      const profile = JSON.parse(readFileSync(json, 'utf8'));
      expect(profile.states.map((state: { outcome: string }) => state.outcome)).toEqual([
        'complete',
        'other-priya',
      ]);
      expect(profile.runtime).toBe('inline');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs a .py verifier in the process runtime, as `run` does, when no --runtime is given', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-bench-'));
    try {
      const json = path.join(dir, 'profile.json');
      const { code, err } = await run(
        'latency',
        '--verifier',
        path.join(root, 'examples/verifiers/python/{task}.py'),
        '--iterations',
        '1',
        '--json',
        json,
      );
      // Only linear_1 has a Python example: the run says what it leaves out.
      expect(err).toBe(
        "agentproofbench latency: timing 2 of the panel's 24 states; no verifier for box_1, box_2, box_3, box_4, calendar_1, calendar_2, calendar_3, calendar_4, linear_2, linear_3, linear_4, slack_1, slack_2, slack_3, slack_4",
      );
      expect(code).toBe(0);
      const profile = JSON.parse(readFileSync(json, 'utf8'));
      expect(profile.runtime).toBe('process');
      const timed = profile.states as Array<{ task: string; verdict: string }>;
      expect(timed.length).toBeGreaterThan(0);
      expect(new Set(timed.map((state) => state.task))).toEqual(new Set(['linear_1']));
      expect(timed.filter((state) => state.verdict === 'error')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.each([
    ['syntax-error.ts', 'exception'],
    ['no-verify-export.ts', 'malformed|exception'],
  ])(
    'fails on a broken verifier (%s), naming the error kind and the first message',
    async (file, kinds) => {
      const verifier = path.join(root, 'fixtures/verifiers/broken', file);
      const args = ['latency', '--pack', 'starter', '--verifier', verifier, '--iterations', '1'];
      const broken = await run(...args);
      expect(broken.code).toBe(1);
      expect(broken.err).toMatch(
        new RegExp(
          `^agentproofbench latency: every one of 2 evaluations errored:\n  (${kinds}) ×2, first at starter_1 source/complete: \\S`,
        ),
      );
      expect(broken.err).toContain('every evaluation errored, so nothing was timed');
      expect((await run(...args, '--allow-errors')).code).toBe(0);
    },
  );

  it("names the panel's tasks and exits 1 with a code when no verifier matches one of them", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-bench-'));
    try {
      const { code, out, err } = await run(
        'latency',
        '--pack',
        'starter',
        '--verifier',
        path.join(dir, '{task}.ts'),
        '--runtime',
        'inline',
      );
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(err).toContain(
        `agentproofbench latency: APB_NO_PROGRAMS: no verifier program matches a task of pack starter's timing panel (${path.join(dir, '{task}.ts')}; the panel's 2 states are of starter_1, starter_2)`,
      );
      expect(err).toContain(`Fix: create one, e.g. ${path.join(dir, 'starter_1.ts')}`);
      expect(err).not.toMatch(/NaN/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses missing or bad options with exit code 2 and says what is expected', async () => {
    expect(await run('latency', '--pack', 'starter')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--verifier is required'),
    });
    expect(await run('latency', '--verifier', 'x.ts', '--runtime', 'docker')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--runtime must be one of isolate, process, inline'),
    });
    expect(await run('latency', '--verifier', 'x.ts', '--iterations', '0')).toMatchObject({
      code: 2,
      err: expect.stringContaining('positive whole number'),
    });
  });

  it('no longer answers to its former name, bench (removed before 1.0)', async () => {
    expect(await run('bench', '--verifier', 'x.ts')).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown command "bench"'),
    });
    const { out } = await run('--help');
    expect(out).toContain("latency           time a verifier on the pack's timing panel");
    expect(out).not.toMatch(/^\s+bench\b/m);
  });
});
