import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import { usageProfile } from '../../src/metrics/usage-profile.js';
import { panel } from '../support/case-results.js';

const program = { task: 't1', family: 'f1', program: 'p1', set: 'program' };
const judge = { task: 't1', family: 'f1', program: 'judge', set: 'judge' };

function withUsage(results: CaseResult[], durations: number[], costs: number[]): CaseResult[] {
  return results.map((result, index) => ({
    ...result,
    record: {
      ...result.record,
      durationMs: durations[index]!,
      usage: {
        rounds: index + 1,
        inputTokens: 1000,
        outputTokens: 50,
        costUsd: costs[index]!,
        model: 'm',
      },
    },
  }));
}

describe('usageProfile', () => {
  it('gives each set its median latency, and a judge set its rounds, tokens and mean cost per use', () => {
    const programs = panel(
      program,
      'source',
      ['complete', 'pass'],
      ['fault', 'fail'],
      ['fault', 'fail'],
    ).map((result, index) => ({
      ...result,
      record: { ...result.record, durationMs: [3, 9, 5][index]! },
    }));
    const judged = withUsage(
      panel(
        judge,
        'source',
        ['complete', 'pass'],
        ['fault', 'pass'],
        ['fault', 'fail'],
        ['fault', 'fail'],
      ),
      [20_000, 18_000, 25_000, 21_000],
      [0.004, 0.006, 0.002, 0.004],
    );
    expect(usageProfile([...judged, ...programs])).toEqual([
      {
        set: 'judge',
        evaluations: 4,
        medianLatencyMs: 20_500,
        model: {
          evaluations: 4,
          meanRounds: 2.5,
          inputTokens: 4000,
          outputTokens: 200,
          costUsd: 0.016,
          perUseCostUsd: 0.004,
        },
      },
      { set: 'program', evaluations: 3, medianLatencyMs: 5, model: null },
    ]);
  });

  it('spreads model cost over every use, including evaluations that made no call', () => {
    const [first, second] = panel(judge, 'source', ['complete', 'pass'], ['fault', 'fail']);
    const used = withUsage([first!], [10], [0.03]);
    const [entry] = usageProfile([...used, second!]);
    expect(entry!.model).toMatchObject({ evaluations: 1, costUsd: 0.03, perUseCostUsd: 0.015 });
  });
});
