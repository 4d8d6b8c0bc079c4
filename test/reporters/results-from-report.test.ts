import { describe, expect, it } from 'vitest';
import { buildReport } from '../../reporters/aggregate.js';
import { resultsFromReport } from '../../reporters/results-from-report.js';
import { summarize } from '../../src/metrics/index.js';
import {
  correctRule,
  loadStarter,
  options,
  simulate,
  staleRule,
  starterQualifications,
  VERSIONS,
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
    const report = buildReport({
      results,
      options: options(),
      pack: pack.manifest,
      qualifications: starterQualifications(pack),
      isolation: null,
      versions: VERSIONS,
    });
    const recovered = resultsFromReport(JSON.parse(JSON.stringify(report)));
    expect(recovered).toHaveLength(results.length);
    expect(summarize(recovered, { resamples: 200 })).toEqual(
      summarize(results, { resamples: 200 }),
    );
  });

  it('rejects a file that is not a report', () => {
    expect(() => resultsFromReport({ schemaVersion: 1, tasks: [] })).toThrow(/run/);
  });
});
