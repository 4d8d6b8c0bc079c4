import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import { summarize } from '../../src/metrics/index.js';
import { resultsFromReport } from '../../src/report/results-from-report.js';
import {
  correctRule,
  loadStarter,
  simulate,
  staleRule,
  starterReportOf,
} from './support/starter-results.js';

describe('resultsFromReport', () => {
  it('recovers records from which summarize gives the numbers of the original run', async () => {
    const pack = await loadStarter();
    // Mix verdicts and errors so every field the metrics read is exercised.
    const results = simulate(pack, (entry) =>
      entry.outcome === 'two-steps'
        ? 'error'
        : entry.condition === 'background'
          ? correctRule(entry)
          : staleRule(entry),
    );
    const report = starterReportOf(pack, results);
    const recovered = resultsFromReport(JSON.parse(JSON.stringify(report)));
    expect(recovered).toHaveLength(results.length);
    expect(summarize(recovered, { resamples: 200 })).toEqual(
      summarize(results, { resamples: 200 }),
    );
  });

  it('rebuilds every case result field by field; only the verifier checks and explanation stay out', async () => {
    const pack = await loadStarter();
    const results = simulate(pack, (entry) =>
      entry.outcome === 'two-steps' ? 'error' : staleRule(entry),
    );
    const report = starterReportOf(pack, results);
    const key = (result: CaseResult) =>
      JSON.stringify([
        result.program.set,
        result.program.id,
        result.task,
        result.kind,
        result.condition,
        result.outcome,
      ]);
    const sorted = (list: readonly CaseResult[]) =>
      [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const comparable = (result: CaseResult): CaseResult => {
      const { explanation: _explanation, ...record } = result.record;
      return { ...result, record: { ...record, checks: [] } };
    };
    const recovered = resultsFromReport(JSON.parse(JSON.stringify(report)));
    expect(sorted(recovered)).toEqual(sorted(results).map(comparable));
  });

  it('rejects a file that is not a report', () => {
    expect(() => resultsFromReport({ schemaVersion: 1, tasks: [] })).toThrow(/run/);
  });
});
