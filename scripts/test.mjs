// Runs every Vitest project once and ends with a plain "N passed, N failed" line, which
// CI reads as the closing summary (Vitest's own summary is not one of the formats it knows).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closingLine, summarizeResults } from './test-summary.mjs';

const vitestBin = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'apb-test-'));
const json = path.join(dir, 'results.json');
const run = spawnSync(
  process.execPath,
  [
    vitestBin,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let results;
try {
  results = JSON.parse(readFileSync(json, 'utf8'));
} catch {
  results = undefined;
}
rmSync(dir, { recursive: true, force: true });
const summary = summarizeResults(results, run.status);
for (const { file, message } of summary.failedFiles)
  console.log(`\nFailed suite (no test ran): ${path.relative(process.cwd(), file)}\n  ${message}`);
console.log(`\n${closingLine(summary)}`);
process.exitCode = run.status === 0 && summary.failed === 0 ? 0 : run.status || 1;
