import { describe, expect, it } from 'vitest';
import { crossConditionMatrix } from '../../src/metrics/cross-condition.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel } from '../support/case-results.js';

const right = [
  ['complete', 'pass'],
  ['fault', 'fail'],
] as const;
const half = [
  ['complete', 'pass'],
  ['fault', 'pass'],
] as const;

describe('crossConditionMatrix', () => {
  it('puts programs built on a (rows) evaluated on b (columns), replicates averaged per task', () => {
    const src1 = { task: 't1', family: 'f1', program: 't1.src.r1', builtOn: 'source' as const };
    const src2 = { task: 't1', family: 'f1', program: 't1.src.r2', builtOn: 'source' as const };
    const rel = { task: 't1', family: 'f1', program: 't1.rel', builtOn: 'related' as const };
    const other = { task: 't2', family: 'f2', program: 't2.src', builtOn: 'source' as const };
    const unknownBuild = { task: 't2', family: 'f2', program: 't2.any' };
    const { panels } = collectResults([
      ...panel(src1, 'source', ...right),
      ...panel(src1, 'related', ...half),
      ...panel(src2, 'related', ...right),
      ...panel(rel, 'related', ...right),
      ...panel(other, 'related', ...half),
      ...panel(unknownBuild, 'related', ...right),
    ]);
    const matrix = crossConditionMatrix(panels);
    expect(matrix.cells.source.source).toEqual({ ba: 1, tasks: 1, programs: 1 });
    // t1: (0.5 + 1)/2 = 0.75; t2: 0.5 → (0.75 + 0.5)/2
    expect(matrix.cells.source.related).toEqual({ ba: 0.625, tasks: 2, programs: 3 });
    expect(matrix.cells.related.related).toEqual({ ba: 1, tasks: 1, programs: 1 });
    expect(matrix.cells.background.related).toEqual({ ba: null, tasks: 0, programs: 0 });
    expect(matrix.panelsWithoutBuildCondition).toBe(1);
  });
});
