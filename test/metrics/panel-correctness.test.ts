import { describe, expect, it } from 'vitest';
import { isPanelCorrect, panelCorrectness } from '../../src/metrics/panel-correctness.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel } from '../support/case-results.js';

const p1 = { task: 't1', family: 'f1', program: 't1.r1' };
const p2 = { task: 't1', family: 'f1', program: 't1.r2' };
const p3 = { task: 't2', family: 'f2', program: 't2.r1' };

describe('isPanelCorrect', () => {
  it('needs every valid outcome passed and every invalid one failed; Unknown breaks it', () => {
    const [right, unsure] = collectResults([
      ...panel(p1, 'source', ['complete', 'pass'], ['fault', 'fail']),
      ...panel(p2, 'source', ['complete', 'pass'], ['fault', 'unknown']),
    ]).panels;
    expect(isPanelCorrect(right!.tally)).toBe(true);
    expect(isPanelCorrect(unsure!.tally)).toBe(false);
  });
});

describe('panelCorrectness', () => {
  it('counts fully correct panels per condition and source-qualified units over all units', () => {
    const { units, panels } = collectResults([
      ...panel(p1, 'source', ['complete', 'pass'], ['fault', 'fail']),
      ...panel(p1, 'related', ['complete', 'pass'], ['fault', 'pass']),
      ...panel(p2, 'source', ['complete', 'error:timeout'], ['fault', 'fail']),
      ...panel(p2, 'related', ['complete', 'pass'], ['fault', 'fail']),
      // p3 has only a related panel: it counts in the source-qualified denominator, unqualified.
      ...panel(p3, 'related', ['complete', 'pass'], ['fault', 'fail']),
    ]);
    const result = panelCorrectness(units, panels);
    expect(result.perCondition.source).toEqual({ count: 1, total: 2, rate: 0.5 });
    expect(result.perCondition.related).toEqual({ count: 2, total: 3, rate: 2 / 3 });
    expect(result.perCondition.background).toEqual({ count: 0, total: 0, rate: null });
    expect(result.sourceQualified).toEqual({ count: 1, total: 3, rate: 1 / 3 });
  });

  it('ignores natural and prefix panels', () => {
    const { units, panels } = collectResults(
      panel(p1, 'source', ['complete', 'pass'], ['fault', 'fail'], ['natural', 'fail', 'valid']),
    );
    expect(panelCorrectness(units, panels).perCondition.source).toEqual({
      count: 1,
      total: 1,
      rate: 1,
    });
  });
});
