import { describe, expect, it } from 'vitest';
import { reportDifferences } from '../../scripts/same-report.js';

const report = {
  summary: { ba: { estimate: 0.9, lower: 0.8 } },
  tasks: [
    { id: 'linear_1', outcomes: [{ verdict: 'pass', durationMs: 3.2, checks: [] }] },
    { id: 'slack_1', outcomes: [{ verdict: 'fail', durationMs: 1.1, checks: ['a'] }] },
  ],
  comparison: { sets: [{ set: 'judge', medianLatencyMs: 40 }] },
};
const copy = () => structuredClone(report);

describe('reportDifferences', () => {
  it('finds none between runs that differ only in measured times', () => {
    const after = copy();
    after.tasks[0]!.outcomes[0]!.durationMs = 9.9;
    after.comparison.sets[0]!.medianLatencyMs = 12;
    expect(reportDifferences(report, after)).toEqual([]);
  });

  it('names the path of every other difference: a value, a missing field, a longer list', () => {
    const after = copy() as Record<string, unknown> & typeof report;
    after.tasks[1]!.outcomes[0]!.verdict = 'pass';
    delete (after.summary.ba as Partial<typeof report.summary.ba>).lower;
    after.tasks[1]!.outcomes[0]!.checks.push('b');
    after.extra = null;
    expect(reportDifferences(report, after)).toEqual([
      '$.summary.ba.lower',
      '$.tasks[1].outcomes[0].verdict',
      '$.tasks[1].outcomes[0].checks[1]',
      '$.extra',
    ]);
  });

  it('tells a number from the same digits as text, and null from absent', () => {
    expect(reportDifferences({ a: 1 }, { a: '1' })).toEqual(['$.a']);
    expect(reportDifferences({ a: null }, {})).toEqual(['$.a']);
  });
});
