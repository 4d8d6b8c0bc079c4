// Runs every Vitest project once and ends with the skipped tests' reasons and a plain
// "N passed, N failed" line (scripts/closing-reporter.mjs), which CI reads as the summary.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const vitestBin = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const closing = fileURLToPath(new URL('./closing-reporter.mjs', import.meta.url));
const run = spawnSync(
  process.execPath,
  [vitestBin, 'run', '--reporter=default', `--reporter=${closing}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exitCode = run.status ?? 1;
