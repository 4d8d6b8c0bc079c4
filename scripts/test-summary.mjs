// The closing lines of `npm test`: a Vitest reporter (it runs beside the default one) that
// lists every skipped test with its reason and ends with a plain "N passed, N failed" line,
// which CI reads as the closing summary (Vitest's own summary is not one of the formats it knows).

/**
 * Count what passed, failed and was skipped. A test file that fails without a failed test
 * (an error while collecting it, or in a beforeAll/afterAll hook) counts as one failure, and
 * so does an unhandled error or an interrupted run: "0 failed" must mean the run passed.
 * @param {ReadonlyArray<import('vitest/node').TestModule>} modules
 * @param {number} unhandledErrors
 * @param {string} reason Vitest's TestRunEndReason: passed | failed | interrupted
 */
export function summarizeModules(modules, unhandledErrors, reason) {
  let passed = 0;
  let failed = 0;
  /** @type {{ name: string; note: string | undefined }[]} */
  const skipped = [];
  /** @type {{ file: string; message: string }[]} */
  const failedFiles = [];
  for (const module of modules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'passed') passed += 1;
      else if (result.state === 'failed') failedHere += 1;
      else if (result.state === 'skipped') skipped.push({ name: test.fullName, note: result.note });
    }
    failed += failedHere;
    if (module.state() === 'failed' && failedHere === 0) {
      const [first] = module.errors();
      failedFiles.push({
        file: module.moduleId,
        message: first
          ? `${first.name ?? 'Error'}: ${String(first.message).split('\n')[0]}`
          : 'the file failed without a failed test',
      });
    }
  }
  failed += failedFiles.length + unhandledErrors;
  if (reason !== 'passed' && failed === 0) failed = 1;
  return { passed, failed, skipped, failedFiles };
}

/** `Tests: N passed, N failed[, N skipped]`: the line CI reads. */
export function closingLine({ passed, failed, skipped }) {
  return `Tests: ${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`;
}

/** The lines printed after Vitest's own summary. */
export function closingLines(summary, relative = (file) => file) {
  const lines = [];
  for (const { file, message } of summary.failedFiles)
    lines.push('', `Failed suite (no test ran): ${relative(file)}`, `  ${message}`);
  if (summary.skipped.length > 0) {
    lines.push('', `Skipped (${summary.skipped.length}), with the reason each gives:`);
    for (const { name, note } of summary.skipped)
      lines.push(`  - ${name}${note ? ` (${note})` : ''}`);
  }
  lines.push('', closingLine(summary));
  return lines;
}
