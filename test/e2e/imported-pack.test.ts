import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { importAgentDiff } from '../../src/import/agent-diff/import-pack.js';
import { writeImportedPack } from '../../src/import/agent-diff/write-pack.js';
import { ReportSchema } from '../../src/report/report-schema.js';
import { MINI_DIR } from '../import/agent-diff/support/mini.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'apb-imported-project-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a user verifier on an imported pack (real `vitest --project agentproofbench` run)', () => {
  it('evaluates every outcome of the imported tasks and is right on each', {
    timeout: 240_000,
  }, async () => {
    const pack = path.join(work, 'pack');
    const output = path.join(work, 'report.json');
    const imported = await importAgentDiff({
      dataDir: MINI_DIR,
      suites: [path.join(MINI_DIR, 'testsuites/quill_bench.json')],
      runs: [path.join(MINI_DIR, 'runs')],
    });
    await writeImportedPack(pack, imported);

    const run = await execa(process.execPath, [VITEST_BIN, 'run', '--project', 'agentproofbench'], {
      cwd: path.join(MINI_DIR, 'project'),
      env: { APB_PACK: pack, APB_OUTPUT: output, CI: '1', NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
      reject: false,
      all: true,
      timeout: 200_000,
    });
    expect(run.exitCode, run.all).toBe(0);

    const report = ReportSchema.parse(JSON.parse(readFileSync(output, 'utf8')));
    expect(report.tasks.map((task) => task.id).sort()).toEqual([
      'linear_901',
      'linear_901-on-quill_busy',
    ]);
    for (const task of report.tasks) {
      const declared = imported.tasks.find((candidate) => candidate.id === task.id)!.outcomes
        .source;
      const evaluated = task.conditions.source?.outcomes ?? [];
      // Each imported outcome (start, natural endings) got the verdict its label calls for.
      expect(evaluated.map((outcome) => [outcome.id, outcome.verdict])).toEqual(
        declared.map((outcome) => [outcome.id, outcome.label === 'valid' ? 'pass' : 'fail']),
      );
      expect(evaluated.every((outcome) => outcome.correct)).toBe(true);
    }
    // Imported tasks have only natural and prefix panels; the summary scores them apart.
    const natural = report.tasks.flatMap((task) =>
      (task.conditions.source?.outcomes ?? []).filter((outcome) => outcome.role === 'natural'),
    );
    const valid = natural.filter((outcome) => outcome.label === 'valid').length;
    expect(report.summary.panels.natural).toMatchObject({
      validAccept: { count: valid, total: valid },
      falseAccept: { count: 0, total: natural.length - valid },
    });
    expect(report.summary.panels.natural?.ba.estimate).toBe(1);
  });
});
