import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
const closing = path.join(root, 'scripts/closing-reporter.mjs');

describe("npm test's closing lines (scripts/closing-reporter.mjs)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apb-closing-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists each skipped test with its reason, counts a file that failed to collect, and writes no results file', () => {
    writeFileSync(
      path.join(dir, 'cases.test.mjs'),
      [
        "it('adds', () => expect(1 + 1).toBe(2));",
        "it('fails', () => expect(1).toBe(2));",
        "it.skip('needs the data (SKIPPED: /nowhere is not on this machine)', () => {});",
        "it('needs a browser', (context) => context.skip('no chromium here'));",
      ].join('\n'),
    );
    writeFileSync(path.join(dir, 'broken.test.mjs'), 'throw new Error("cannot collect");\n');
    const run = spawnSync(
      process.execPath,
      [vitestBin, 'run', '--globals', '--root', dir, '--reporter=default', `--reporter=${closing}`],
      { encoding: 'utf8', cwd: dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' } },
    );
    const out = run.stdout;
    expect(run.status).toBe(1);
    expect(out).toContain('Skipped (2), with the reason each gives:');
    expect(out).toContain('  - needs the data (SKIPPED: /nowhere is not on this machine)\n');
    expect(out).toContain('  - needs a browser (no chromium here)\n');
    expect(out).toContain('Failed suite (no test ran): broken.test.mjs\n  Error: cannot collect');
    expect(out.trimEnd().split('\n').at(-1)).toBe('Tests: 1 passed, 2 failed, 2 skipped');
    expect(out).not.toMatch(/JSON report written/);
  });
});
