import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');

describe('benchTimingPanel under `vitest bench`', () => {
  it('registers one benchmark per timing-panel state and runs each as evaluations', {
    timeout: 240_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apb-vitest-bench-'));
    try {
      const output = path.join(dir, 'bench.json');
      const run = await execa(
        process.execPath,
        [vitestBin, 'bench', '--run', '--outputJson', output],
        {
          cwd: path.join(root, 'fixtures/projects/starter-bench'),
          reject: false,
          env: { CI: 'true' },
        },
      );
      expect(run.exitCode, run.stderr).toBe(0);
      const report = JSON.parse(readFileSync(output, 'utf8')) as {
        files: Array<{
          groups: Array<{
            fullName: string;
            benchmarks: Array<{ name: string; sampleCount: number; median: number }>;
          }>;
        }>;
      };
      const groups = report.files.flatMap((file) => file.groups);
      expect(groups.map((group) => group.fullName)).toEqual([
        expect.stringContaining('timing panel of starter (inline runtime)'),
      ]);
      const benchmarks = groups.flatMap((group) => group.benchmarks);
      const pack = JSON.parse(
        readFileSync(path.join(root, 'fixtures/packs/starter/pack.json'), 'utf8'),
      ) as {
        timingPanel: Array<{ task: string; condition: string; outcome: string }>;
      };
      expect(benchmarks.map((entry) => entry.name)).toEqual(
        pack.timingPanel.map((ref) => `${ref.task} ${ref.condition}/${ref.outcome}`),
      );
      for (const entry of benchmarks) {
        expect(entry.sampleCount).toBeGreaterThanOrEqual(3);
        expect(entry.median).toBeGreaterThan(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
