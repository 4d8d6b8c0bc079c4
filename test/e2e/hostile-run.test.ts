import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report-schema.js';
import { readReport, runVitest, tempDir } from './support/run-vitest.js';

/** Every outcome and witness side the report lists, as [verdict, error kind]. */
function recordedVerdicts(report: Report): Array<[string, string | null]> {
  return report.tasks.flatMap((task) => [
    ...Object.values(task.conditions).flatMap((condition) =>
      (condition?.outcomes ?? []).map((outcome): [string, string | null] => [
        outcome.verdict,
        outcome.errorKind,
      ]),
    ),
    ...[task.witness?.source, task.witness?.replay]
      .filter((side) => side !== null && side !== undefined)
      .map((side): [string, string | null] => [side!.verdict, side!.errorKind]),
  ]);
}

const HOSTILE_RUNS: Array<{ file: string; verdict: string; kind: string | null }> = [
  { file: 'nested-checks.ts', verdict: 'error', kind: 'malformed' },
  { file: 'forges_result.py', verdict: 'error', kind: 'malformed' },
  { file: 'huge-explanation.ts', verdict: 'fail', kind: null },
  { file: 'fragment-bomb.ts', verdict: 'fail', kind: null },
  { file: 'nested_graphql.py', verdict: 'fail', kind: null },
];

describe('a run with a hostile verifier records every planned case (real Vitest, starter pack)', () => {
  it.each(HOSTILE_RUNS)(
    '$file: every planned case has a record of its own',
    async ({ file, verdict, kind }) => {
      const report = path.join(tempDir('hostile-run'), 'report.json');
      const run = await runVitest('starter-hostile-results', [], {
        APB_VERIFIER: file,
        APB_OUTPUT: report,
        // Every evaluation of an error fixture errors: relax the default errors gate, so the
        // exit code speaks only of the records (allRecorded stays on).
        APB_GATES: JSON.stringify({ errors: 1_000_000 }),
      });
      const saved = readReport(report);
      const cases = saved.run.cases!;
      expect(cases.planned).toBeGreaterThan(0);
      expect(cases).toEqual({
        planned: cases.planned,
        recorded: cases.planned,
        missing: [],
        causes: [],
      });
      const verdicts = recordedVerdicts(saved);
      expect(verdicts).toHaveLength(cases.planned);
      expect(new Set(verdicts.map((pair) => pair.join(':')))).toEqual(
        new Set([`${verdict}:${kind ?? ''}`]),
      );
      if (kind) expect(saved.summary.errors.byKind[kind as 'malformed']).toBeGreaterThan(0);
      expect(saved.gates.find((gate) => gate.gate === 'allRecorded')?.passed).toBe(true);
      // Gate mode: the cases record, the gates decide; every gate passed.
      expect(run.exitCode, run.output).toBe(0);
    },
  );

  it('refuses a merged report when a shard lost cases, naming how many', async () => {
    const dir = tempDir('hostile-shards');
    const blobs = path.join(dir, 'blobs');
    // Both shards run only starter_1's cases (`-t`): starter_2's never get a record.
    for (const shard of ['1/2', '2/2']) {
      const run = await runVitest(
        'starter-hostile-results',
        [
          `--shard=${shard}`,
          '--reporter=blob',
          `--outputFile=${path.join(blobs, `blob-${shard.replace('/', '-')}.json`)}`,
          '-t',
          'starter_1',
        ],
        { APB_VERIFIER: 'huge-explanation.ts', APB_OUTPUT: path.join(dir, 'unused.json') },
      );
      expect(run.exitCode, run.output).toBe(0);
    }
    const merged = await runVitest('starter-hostile-results', [`--merge-reports=${blobs}`], {
      APB_VERIFIER: 'huge-explanation.ts',
      APB_OUTPUT: path.join(dir, 'merged.json'),
    });
    const report = readReport(path.join(dir, 'merged.json'));
    const cases = report.run.cases!;
    expect(cases.recorded).toBeLessThan(cases.planned);
    expect(cases.missing.length).toBeGreaterThan(0);
    expect(report.passed).toBe(false);
    expect(merged.exitCode).toBe(1);
    expect(merged.output).toContain(
      `✗ allRecorded ${cases.recorded}/${cases.planned}: ${cases.planned - cases.recorded} planned case(s) have no record`,
    );
  });
});
