// Regenerates every committed pack from its generator scripts, in dependency order (seeds,
// then tasks, then what reads tasks). `--check` writes into a temporary folder instead and
// lists every committed file that differs from what the generators produce now, so a pack
// edited by hand, or a generator changed without regenerating, fails
// (test/scripts/generate-all.test.ts runs it).
//
//   npx tsx scripts/packs/generate-all.ts           # regenerate in place
//   npx tsx scripts/packs/generate-all.ts --check   # compare, exit 1 on a difference
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../lib/generator.js';
import { compareGeneratedTrees } from './compare-trees.js';

/** Generator scripts in the order their outputs are read by the next ones. */
export const GENERATORS = [
  'scripts/seeds/linear.ts',
  'scripts/seeds/slack.ts',
  'scripts/seeds/box.ts',
  'scripts/seeds/calendar.ts',
  'scripts/tasks/linear.ts',
  'scripts/tasks/slack.ts',
  'scripts/tasks/box.ts',
  'scripts/tasks/calendar.ts',
  'scripts/executions/builtin.ts',
  'scripts/packs/builtin-manifest.ts',
  'scripts/packs/builtin-readme.ts',
  'scripts/packs/starter.ts',
  'scripts/packs/starter-executions.ts',
  'scripts/packs/broken.ts',
] as const;

/** Folders and files that only generators write: every committed file under them must be produced. */
export const GENERATED_PATHS = [
  'fixtures/packs/builtin',
  'fixtures/packs/starter',
  'fixtures/packs/starter-executions',
  'fixtures/packs/broken',
  'fixtures/packs/broken-executions',
] as const;

function runGenerators(into?: string): void {
  for (const script of GENERATORS)
    execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, script)], {
      cwd: REPO_ROOT,
      env: into ? { ...process.env, APB_GENERATE_INTO: into } : process.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
}

const check = process.argv.includes('--check');
if (!check) {
  runGenerators();
  console.log(`regenerated ${GENERATED_PATHS.join(', ')}`);
} else {
  const into = mkdtempSync(path.join(tmpdir(), 'apb-generate-'));
  try {
    runGenerators(into);
    const stale = compareGeneratedTrees(into, REPO_ROOT, GENERATED_PATHS);
    for (const file of stale) console.log(`${file.problem}: ${file.path}`);
    if (stale.length > 0) {
      console.log(
        `${stale.length} committed file(s) differ from their generators: run npx tsx scripts/packs/generate-all.ts and commit the result`,
      );
      process.exitCode = 1;
    } else console.log(`generated packs match the committed files (${GENERATED_PATHS.join(', ')})`);
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}
