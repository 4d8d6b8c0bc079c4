// Vitest reporter for `npm test` (scripts/test.mjs): the skipped tests with their reasons and
// the closing "Tests: N passed, N failed" line, computed from the run itself (no results file).
import path from 'node:path';
import { closingLines, summarizeModules } from './test-summary.mjs';

export default class ClosingReporter {
  onTestRunEnd(modules, unhandledErrors, reason) {
    const summary = summarizeModules(modules, unhandledErrors.length, reason);
    const relative = (file) => path.relative(process.cwd(), file);
    process.stdout.write(`${closingLines(summary, relative).join('\n')}\n`);
  }
}
