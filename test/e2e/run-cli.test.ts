import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, readReport, tempDir } from './support/run-vitest.js';

describe('agentproofbench run (the CLI starts Vitest itself)', () => {
  it('runs a verifier pattern on a pack, writes the report and exits 1 naming the failed gate', async () => {
    const report = path.join(tempDir('run-cli'), 'report.json');
    const result = await execa(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(REPO_ROOT, 'src/cli/bin.ts'),
        'run',
        '--verifier',
        'fixtures/verifiers/starter/stale/{task}.ts',
        '--pack',
        'starter',
        '--task',
        'starter_1',
        '--json',
        report,
        '--gate',
        'jointCorrect=all',
        '--gate',
        'ba.source>=0.9',
      ],
      {
        cwd: REPO_ROOT,
        reject: false,
        all: true,
        env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
        timeout: 240_000,
      },
    );
    expect(result.exitCode, result.all).toBe(1);
    expect(result.all).toContain('✗ jointCorrect 0/1, not all (1 program × task short)');
    const saved = readReport(report);
    expect(saved.tasks.map((task) => task.id)).toEqual(['starter_1']);
    expect(saved.run.mode).toBe('gate');
    expect(saved.gates.map((gate) => [gate.gate, gate.passed])).toEqual([
      ['ba.source', true],
      ['jointCorrect', false],
      ['allRecorded', true],
    ]);
  });

  const runCli = (args: string[]) =>
    execa(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli/bin.ts'), ...args], {
      cwd: REPO_ROOT,
      reject: false,
      all: true,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
      timeout: 240_000,
    });

  it('fails a verifier that does not parse, printing the error kind and first message; an errors gate relaxes it', async () => {
    const report = path.join(tempDir('run-cli'), 'report.json');
    const args = [
      'run',
      '--verifier',
      'fixtures/verifiers/broken/syntax-error.ts',
      '--pack',
      'starter',
      '--json',
      report,
    ];
    const broken = await runCli(args);
    expect(broken.exitCode, broken.all).toBe(1);
    const evaluations = readReport(report).summary.cases;
    expect(evaluations).toBeGreaterThan(0);
    expect(broken.all).toContain(
      `agentproofbench: every one of ${evaluations} evaluations errored:\n  exception ×${evaluations}, first at starter_1 › background › `,
    );
    expect(broken.all).toContain('cannot bundle the verifier: Expected "}" but found ";"');
    expect(broken.all).toContain(
      `✗ errors: every one of the ${evaluations} evaluations errored (default gate; set gates.errors, or --gate errors<=N, to allow it)`,
    );

    // The errors gate counts every case (witness and prefix ones too), as allCases does.
    const counted = readReport(report).summary.allCases.errors.total;
    expect(counted).toBe(evaluations);
    const allowed = await runCli([...args, '--gate', `errors<=${counted}`]);
    expect(allowed.exitCode, allowed.all).toBe(0);
    expect(allowed.all).toContain(`✓ gate errors ${counted} <= ${counted}`);
  });
});
