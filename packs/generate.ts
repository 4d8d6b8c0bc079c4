// Regenerates every committed pack from its generators, in one process, in dependency order
// (seeds, then tasks, then what reads tasks). `--check` writes into a temporary folder instead
// and lists every committed file that differs from what the generators produce now, is not
// produced any more (`extra`), or is produced but not committed (`missing`), so a pack edited
// by hand, a stale file left behind, or a generator changed without regenerating fails
// (test/packs/generate.test.ts runs it).
//
//   npx tsx packs/generate.ts           # regenerate in place
//   npx tsx packs/generate.ts --check   # compare, exit 1 on a difference
//
// The generators import the package by its own name (`agentproofbench/authoring`), which
// package.json "exports" resolves to dist/: build first (`npm run build`; npm test does).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareGeneratedTrees } from './lib/compare-trees.js';
import { GENERATED_PATHS, GENERATORS, REPO_ROOT } from './lib/generator.js';

/** What a generator module may export (packs/lib/generator.ts). */
interface GeneratorModule {
  generate?: () => unknown;
  writeInto?: (root: string) => void;
}

function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return newest;
}

/** The package's dist/ is what the generators import: refuse to generate from a missing or stale one. */
function builtPackageProblem(): string | undefined {
  const entry = path.join(REPO_ROOT, 'dist/src/authoring/index.js');
  if (!existsSync(entry)) return 'dist/ is missing';
  if (statSync(entry).mtimeMs < newestUnder(path.join(REPO_ROOT, 'src')))
    return 'dist/ is older than src/';
  return undefined;
}

async function runGenerators(root: string): Promise<void> {
  const { writeGeneratedFiles } = await import('agentproofbench/authoring');
  for (const file of GENERATORS) {
    const module = (await import(
      pathToFileURL(path.join(REPO_ROOT, file)).href
    )) as GeneratorModule;
    if (module.generate)
      writeGeneratedFiles(
        root,
        (await module.generate()) as Parameters<typeof writeGeneratedFiles>[1],
      );
    else if (module.writeInto) module.writeInto(root);
    else
      throw new Error(
        `${file} exports neither generate() nor writeInto(root): it is listed in GENERATORS (packs/lib/generator.ts) but generates nothing`,
      );
  }
}

const problem = builtPackageProblem();
if (problem) {
  console.error(
    `${problem}: the generators import agentproofbench from dist/; run npm run build first`,
  );
  process.exitCode = 1;
} else if (!process.argv.includes('--check')) {
  await runGenerators(REPO_ROOT);
  console.log(`regenerated ${GENERATED_PATHS.join(', ')}`);
} else {
  const into = mkdtempSync(path.join(tmpdir(), 'apb-generate-'));
  try {
    await runGenerators(into);
    const stale = compareGeneratedTrees(into, REPO_ROOT, GENERATED_PATHS);
    for (const file of stale) console.log(`${file.problem}: ${file.path}`);
    if (stale.length > 0) {
      console.log(
        `${stale.length} committed file(s) differ from their generators: run npx tsx packs/generate.ts and commit the result`,
      );
      process.exitCode = 1;
    } else console.log(`generated packs match the committed files (${GENERATED_PATHS.join(', ')})`);
  } finally {
    rmSync(into, { recursive: true, force: true });
  }
}
