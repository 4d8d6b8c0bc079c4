import { describe, expect, it } from 'vitest';
import { collectResults } from '../../src/metrics/panels.js';
import { transitionTable } from '../../src/metrics/transitions.js';
import { panel } from '../support/case-results.js';

const unit = (n: number) => ({ task: `t${n}`, family: 'f', program: `t${n}.r1` });
const right = [
  ['complete', 'pass'],
  ['fault', 'fail'],
] as const;
const wrong = [
  ['complete', 'pass'],
  ['fault', 'pass'],
] as const;

describe('transitionTable', () => {
  it('classifies each unit by source and related panel correctness over the full denominator', () => {
    const { units, panels } = collectResults([
      ...panel(unit(1), 'source', ...right),
      ...panel(unit(1), 'related', ...right), // both
      ...panel(unit(2), 'source', ...right),
      ...panel(unit(2), 'related', ...wrong), // source only: the stale-binding case
      ...panel(unit(3), 'source', ...right),
      ...panel(unit(3), 'related', ...wrong), // source only
      ...panel(unit(4), 'source', ...wrong),
      ...panel(unit(4), 'related', ...right), // related only
      ...panel(unit(5), 'source', ...wrong),
      ...panel(unit(5), 'related', ...wrong), // neither
      ...panel(unit(6), 'source', ...right), // incomplete
    ]);
    const table = transitionTable(units, panels);
    expect(table).toEqual({
      sourceOnly: { count: 2, total: 6, rate: 2 / 6 },
      relatedOnly: { count: 1, total: 6, rate: 1 / 6 },
      both: { count: 1, total: 6, rate: 1 / 6 },
      neither: { count: 1, total: 6, rate: 1 / 6 },
      incomplete: { count: 1, total: 6, rate: 1 / 6 },
    });
    const rows = Object.values(table).reduce((sum, row) => sum + row.count, 0);
    expect(rows).toBe(units.length);
  });

  it('has zero denominators and null rates with no units', () => {
    expect(transitionTable([], []).both).toEqual({ count: 0, total: 0, rate: null });
  });
});
