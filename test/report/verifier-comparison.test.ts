import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import { comparisonSection } from '../../src/report/verifier-comparison.js';
import { panel } from '../support/case-results.js';

const program = { task: 't1', family: 'f1', program: 'p1', set: 'program' };
const judge = { task: 't1', family: 'f1', program: 'judge', set: 'judge' };

const judged = (results: CaseResult[], costUsd: number): CaseResult[] =>
  results.map((result) => ({
    ...result,
    record: {
      ...result.record,
      durationMs: 20_000,
      usage: { rounds: 3, inputTokens: 900, outputTokens: 60, costUsd, model: 'm' },
    },
  }));

const cost = {
  currency: 'USD',
  perSecond: 0,
  perOperation: 0,
  alternativePerUse: 0.004,
  uses: [1],
  withoutConstructionCost: 0,
  programs: [
    {
      set: 'program',
      program: 'p1',
      evaluations: 2,
      construction: 0.3,
      perUse: 0,
      amortised: [],
      breakEvenUses: 75,
      netBreakEvenUses: 75,
    },
    {
      set: 'judge',
      program: 'judge',
      evaluations: 2,
      construction: 0,
      perUse: 0.004,
      amortised: [],
      breakEvenUses: 0,
      netBreakEvenUses: 0,
    },
  ],
  sets: [
    { set: 'program', median: { construction: 0.3, perUse: 0, breakEvenUses: 75 } },
    { set: 'judge', median: { construction: 0, perUse: 0.004, breakEvenUses: 0 } },
  ],
};

describe('comparisonSection', () => {
  it('is null when no set called a model', () => {
    const results = panel(program, 'source', ['complete', 'pass'], ['fault', 'fail']);
    expect(comparisonSection(results, ['program'], null)).toBeNull();
  });

  it('puts each set’s latency, cost per use, C and break-even in run order; break-even only for programs', () => {
    const results = [
      ...panel(program, 'source', ['complete', 'pass'], ['fault', 'fail']),
      ...judged(panel(judge, 'source', ['complete', 'pass'], ['fault', 'pass']), 0.004),
    ];
    expect(comparisonSection(results, ['program', 'judge'], cost)).toEqual({
      sets: [
        {
          set: 'program',
          judge: false,
          evaluations: 2,
          medianLatencyMs: 5,
          perUseCost: 0,
          medianConstruction: 0.3,
          medianBreakEvenUses: 75,
          model: null,
        },
        {
          set: 'judge',
          judge: true,
          evaluations: 2,
          medianLatencyMs: 20_000,
          perUseCost: 0.004,
          medianConstruction: 0,
          medianBreakEvenUses: null,
          model: { meanRounds: 3, inputTokens: 1800, outputTokens: 120, costUsd: 0.008 },
        },
      ],
    });
  });
});
