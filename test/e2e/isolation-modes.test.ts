// The pooled isolates and in-worker concurrency change how fast a run is, never what it
// reports: the built-in run gives the same report in both isolation modes (docs/sandbox.md).
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readReport, tempDir } from './support/run-vitest.js';

/** The report without what is meant to differ: durations, and the measure naming the mode. */
function comparable(report: unknown): unknown {
  return JSON.parse(
    JSON.stringify(report, (key, value) => (key === 'durationMs' ? undefined : value)).replace(
      /"fresh-v8-(?:isolate|context-in-warm-isolate)"/g,
      '"isolation-mode"',
    ),
  );
}

async function runBuiltin(extra: string[]): Promise<{ report: unknown; output: string }> {
  const file = path.join(tempDir('isolation-modes'), 'report.json');
  const result = await execa(
    process.execPath,
    [
      path.join(REPO_ROOT, 'dist/src/cli/bin.js'),
      'run',
      '--pack',
      'builtin',
      '--verifier',
      'examples/verifiers/{task}.ts',
      '--json',
      file,
      ...extra,
    ],
    {
      cwd: REPO_ROOT,
      reject: false,
      all: true,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
      timeout: 240_000,
    },
  );
  expect(result.exitCode, result.all).toBe(0);
  return { report: readReport(file), output: result.all ?? '' };
}

describe('isolation modes give the same built-in run', () => {
  it('pooled isolates with concurrent cases report exactly what fresh isolates one by one report (durations aside)', async () => {
    const fresh = await runBuiltin(['--isolation', 'fresh', '--concurrency', '1']);
    const pooled = await runBuiltin([]);
    const freshReport = fresh.report as { run: { runtime: { isolation: { measures: string[] } } } };
    const pooledReport = pooled.report as typeof freshReport;
    expect(freshReport.run.runtime.isolation.measures).toContain('fresh-v8-isolate');
    expect(pooledReport.run.runtime.isolation.measures).toContain(
      'fresh-v8-context-in-warm-isolate',
    );
    expect(comparable(pooled.report)).toEqual(comparable(fresh.report));
  });

  it('the example verifiers are right on every case of every built-in task', async () => {
    const { report } = await runBuiltin([]);
    const { summary, excluded } = report as {
      summary: {
        tasks: number;
        conditions: Record<string, { ba: { estimate: number } }>;
        jointCorrect: { count: number; total: number };
        witness: { right: { count: number; total: number } };
        errors: { total: number };
        unknown: number;
      };
      excluded: unknown[];
    };
    expect(excluded).toEqual([]);
    for (const condition of ['source', 'background', 'related'])
      expect(summary.conditions[condition]?.ba.estimate, condition).toBe(1);
    expect(summary.jointCorrect.count).toBe(summary.tasks);
    expect(summary.jointCorrect.total).toBe(summary.tasks);
    expect(summary.witness.right.count).toBe(summary.tasks);
    expect([summary.errors.total, summary.unknown]).toEqual([0, 0]);
  });
});
