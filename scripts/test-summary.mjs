// The closing line of `npm test`, from Vitest's JSON results.

/**
 * Count what passed and what failed. A test file that fails without a failed test (an
 * error while collecting it, or in a beforeAll/afterAll hook) counts as one failure, and so
 * does a non-zero Vitest exit with nothing else failed (an unhandled error): "0 failed"
 * must mean the run passed.
 * @param {any} results Vitest's `--reporter=json` output, or undefined when it is missing
 * @param {number | null} exitStatus Vitest's exit status
 */
export function summarizeResults(results, exitStatus) {
  if (!results) return { passed: 0, failed: 1, skipped: 0, failedFiles: [] };
  const failedFiles = (results.testResults ?? [])
    .filter(
      (file) =>
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    )
    .map((file) => ({ file: file.name, message: String(file.message ?? '').split('\n')[0] }));
  let failed = results.numFailedTests + failedFiles.length;
  if (exitStatus !== 0 && failed === 0) failed = 1;
  return {
    passed: results.numPassedTests,
    failed,
    skipped: results.numPendingTests + results.numTodoTests,
    failedFiles,
  };
}

/** `Tests: N passed, N failed[, N skipped]`: the line CI reads. */
export function closingLine({ passed, failed, skipped }) {
  return `Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}
