import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from './support/run-vitest.js';

const VITEST_BIN = path.join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const TEST_SCRIPT = path.join(REPO_ROOT, 'scripts', 'test.mjs');

/** Files of the repository as a clone would have them: tracked plus new, not ignored. */
async function cloneFiles(): Promise<string[]> {
  const { stdout } = await execa('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
  });
  return stdout.split('\0').filter((file) => file !== '');
}

const run = (cwd: string, args: string[]) =>
  execa(process.execPath, args, {
    cwd,
    env: { CI: '1', NO_COLOR: '1', GITHUB_STEP_SUMMARY: '', AGENTPROOFBENCH_SHARED: '' },
    reject: false,
    all: true,
    // Collecting every file of three projects runs every describe body (packs opened and
    // derived from their calls), one fork per file: over 280 s on a 2-core CI machine at
    // load 4, 574 s at load 5-15.
    timeout: 1_200_000,
  });

describe('a fresh clone without ../shared beside it', () => {
  // <tmp>/repo with no <tmp>/shared: the data-dependent tests must skip, not break collection.
  const parent = tempDir('fresh-clone');
  const clone = path.join(parent, 'repo');
  beforeAll(async () => {
    for (const file of await cloneFiles()) {
      mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
      cpSync(path.join(REPO_ROOT, file), path.join(clone, file));
    }
    // Installed dependencies are not what this checks; `npm ci` would take minutes here.
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('collects every test file (unit and e2e) without an error', async () => {
    expect(readdirSync(parent)).toEqual(['repo']);

    // Collection runs every describe body; an error there is printed on stderr with exit 1.
    const listed = await run(clone, [VITEST_BIN, 'list', '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.exitCode, listed.all).toBe(0);
    const names = (JSON.parse(listed.stdout) as Array<{ name: string; file: string }>).map(
      (test) => test.name,
    );
    expect(names.length).toBeGreaterThan(500);
    const projects = (JSON.parse(listed.stdout) as Array<{ projectName: string }>).map(
      (test) => test.projectName,
    );
    expect(new Set(projects)).toEqual(new Set(['unit', 'unit-isolated', 'integration', 'e2e']));
    // Files that need the data still collect their other tests (`list` leaves skipped ones out).
    expect(names).toContain(
      'Agent-Diff Box seed loader > names the file it expected when the seed is missing',
    );
  }, 1_260_000);

  it('passes `npm test` on the data-dependent files, with a closing line that says so', async () => {
    const files = [
      'test/services/linear/agent-diff-parity.test.ts',
      'test/services/slack/agent-diff-parity.test.ts',
      'test/services/calendar/agent-diff-parity.test.ts',
      'test/import/agent-diff/box-seed.test.ts',
      'test/import/agent-diff/parity.test.ts',
    ];
    const tested = await run(clone, [
      path.join(clone, 'scripts/test.mjs'),
      '--project',
      'unit',
      ...files,
    ]);
    // One skipped test per data-dependent suite, titled with the reason.
    expect(tested.all).toMatch(/Tests: [1-9]\d* passed, 0 failed, 5 skipped\s*$/);
    expect(tested.exitCode, tested.all).toBe(0);
  });
});

describe('scripts/test.mjs', () => {
  const project = tempDir('test-script');
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('counts a test file that fails while collecting as failed, and exits 1', async () => {
    writeFileSync(path.join(project, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(project, 'vitest.config.js'), 'export default {};\n');
    writeFileSync(
      path.join(project, 'broken.test.js'),
      "import { describe, it } from 'vitest';\ndescribe('data', () => { const first = [][0].id; it('uses it', () => first); });\n",
    );
    writeFileSync(
      path.join(project, 'fine.test.js'),
      "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n",
    );
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(
      path.join(REPO_ROOT, 'node_modules', 'vitest'),
      path.join(project, 'node_modules', 'vitest'),
      'dir',
    );
    const result = await run(project, [TEST_SCRIPT]);
    expect(result.all).toContain('Failed suite (no test ran): broken.test.js');
    expect(result.all).toMatch(/Tests: 1 passed, 1 failed\s*$/);
    expect(result.exitCode).toBe(1);
  });
});
