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

  it('refuses missing or bad options with exit code 2 and says what is expected', async () => {
    expect(await run('latency', '--pack', 'starter')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--verifier is required'),
    });
    expect(await run('latency', '--verifier', 'x.ts', '--runtime', 'docker')).toMatchObject({
      code: 2,
      err: expect.stringContaining('expected one of isolate, process, inline'),
    });
    expect(await run('bench', '--verifier', 'x.ts', '--iterations', '0')).toMatchObject({
      code: 2,
      err: expect.stringContaining('positive whole number'),
    });
  });

  it('still answers to its former name, bench, without listing it', async () => {
    expect(await run('bench', '--verifier', 'x.ts', '--iterations', '0')).toMatchObject({
      code: 2,
      err: expect.stringContaining('positive whole number'),
    });
    const { out } = await run('--help');
    expect(out).toContain("latency           time a verifier on the pack's timing panel");
    expect(out).not.toMatch(/^\s+bench\b/m);
  });
});
