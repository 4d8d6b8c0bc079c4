import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readReport, tempDir } from './support/run-vitest.js';

const runCli = (args: string[]) =>
  execa(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli/bin.ts'), 'run', ...args],
    {
      cwd: REPO_ROOT,
      reject: false,
      all: true,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
      timeout: 240_000,
    },
  );

describe('agentproofbench run on the built-in pack includes the execution study', () => {
  it('prints the table and the diagnostic for the stale verifiers, and the JSON report carries them', async () => {
    const report = path.join(tempDir('run-cli-execution'), 'report.json');
    const result = await runCli([
      '--pack',
      'builtin',
      '--verifier',
      'examples/verifiers/stale/{task}.ts',
      '--json',
      report,
      '--gate',
      'execution.regressions<=0',
    ]);
    expect(result.exitCode, result.all).toBe(1);
    const output = result.all ?? '';
    expect(output).toContain(
      'Execution study — 12 tasks, 24 recorded runs, 48 start points, 24 assignments',
    );
    for (const policy of [
      'actor stop',
      'fixed continuation',
      'program gate',
      'reference gate (ideal)',
    ])
      expect(output).toMatch(new RegExp(`^${policy.replace(/[()]/g, '\\$&')} +\\d+/24 `, 'm'));
    expect(output).toMatch(
      /related panel with errors {2}0\/24 0\.0% \[0\.0%, 0\.0%\]; gate errors \d+\/\d+ checks, regressions \d+/,
    );
    expect(output).toMatch(/✗ gate execution\.regressions \d+ > 0/);
    // Each stale verifier was right where it was built and is wrong after reuse: related BA
    // well below source, none jointly correct, and all but three accept their witness replay.
    // Those three replays changed when the pack was written as calls: the old ones went through
    // states no API call makes (calendar_5/6 cancelled an instance id that is no occurrence of
    // the series; slack_16 invited a deactivated account), and the reachable replays are ones
    // these stale verifiers happen to reject; they still fail their related panels.
    const { summary, tasks } = readReport(report);
    expect(summary.conditions.source.ba.estimate).toBe(1);
    expect(summary.conditions.related.ba.estimate).toBeLessThan(0.6);
    expect(summary.jointCorrect.count).toBe(0);
    expect(tasks.filter((task) => task.witness?.replay?.correct).map((task) => task.id)).toEqual([
      'calendar_5',
      'calendar_6',
      'slack_16',
    ]);
    const execution = readReport(report).execution!;
    expect(execution.diagnostic.panelErrors.assignments).toBe(24);
    expect(execution.diagnostic.panelErrors.regressions).toBeGreaterThanOrEqual(3);
    expect(execution.startPoints).toHaveLength(48);
  });

  it('pools two program sets and an online gate: the diagnostic difference gets an interval', async () => {
    const report = path.join(tempDir('run-cli-execution'), 'pooled.json');
    const result = await runCli([
      '--pack',
      'builtin',
      '--task',
      'linear_1',
      '--task',
      'slack_2',
      '--programs',
      'correct=examples/verifiers/{task}.ts',
      '--programs',
      'stale=examples/verifiers/stale/{task}.ts',
      '--online-gate',
      'examples/verifiers/{task}.ts',
      '--json',
      report,
    ]);
    expect(result.exitCode, result.all).toBe(0);
    expect(result.all).toMatch(/program gate \(correct\) /);
    expect(result.all).toMatch(/online gate: \d+ checks/);
    const { diagnostic } = readReport(report).execution!;
    expect(diagnostic.panelCorrect.assignments).toBe(4);
    expect(diagnostic.panelErrors.assignments).toBe(4);
    expect(diagnostic.difference.estimate).not.toBeNull();
    expect(diagnostic.difference.lower).not.toBeNull();
  });
});
