import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { type Report, ReportSchema } from '../../../src/report/report-schema.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

export interface VitestRun {
  exitCode: number;
  output: string;
}

/** Run the real Vitest CLI in a fixture project folder, as a user would (`vitest run …`). */
export async function runVitest(
  project: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<VitestRun> {
  const cwd = path.join(REPO_ROOT, 'fixtures', 'projects', project);
  const result = await execa(process.execPath, [VITEST_BIN, 'run', ...args], {
    cwd,
    env: { ...env, CI: '1', NO_COLOR: '1', GITHUB_STEP_SUMMARY: '' },
    reject: false,
    all: true,
    timeout: 240_000,
  });
  return { exitCode: result.exitCode ?? -1, output: result.all ?? '' };
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `apb-${prefix}-`));
}

/** Read a JSON report and check it against the published schema. */
export function readReport(file: string): Report {
  return ReportSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** Run the package's CLI from source (`agentproofbench …` through tsx) in the repository root. */
export async function runCliFromSource(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 240_000,
): Promise<VitestRun> {
  const result = await execa(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli/bin.ts'), ...args],
    {
      cwd: REPO_ROOT,
      reject: false,
      all: true,
      env: { NO_COLOR: '1', GITHUB_STEP_SUMMARY: '', ...env },
      timeout: timeoutMs,
    },
  );
  return { exitCode: result.exitCode ?? -1, output: result.all ?? '' };
}
