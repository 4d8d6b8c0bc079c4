import { describe, expect, it } from 'vitest';
import { jointCorrectness } from '../../src/metrics/joint.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel, witness } from '../support/case-results.js';

const unit = (n: number) => ({ task: `t${n}`, family: 'f', program: `t${n}.r1` });
const correctRelated = [
  ['complete', 'pass'],
  ['fault', 'fail'],
] as const;

describe('jointCorrectness', () => {
  it('needs the related panel fully correct and the witness right', () => {
    const { units, panels, witnesses } = collectResults([
      ...panel(unit(1), 'related', ...correctRelated),
      ...witness(unit(1), 'pass', 'fail'), // jointly correct
      ...panel(unit(2), 'related', ...correctRelated),
      ...witness(unit(2), 'pass', 'pass'), // panel right, witness stale
      ...panel(unit(3), 'related', ['complete', 'pass'], ['fault', 'pass']),
      ...witness(unit(3), 'pass', 'fail'), // witness right, panel wrong
      ...panel(unit(4), 'related', ...correctRelated), // no witness: not applicable
      ...panel(unit(5), 'source', ...correctRelated),
      ...witness(unit(5), 'pass', 'fail'), // no related panel: not applicable
    ]);
    const result = jointCorrectness(units, panels, witnesses);
    expect(result.jointlyCorrect).toEqual({ count: 1, total: 3, rate: 1 / 3 });
    expect(result.notApplicable).toBe(2);
    expect(result.failing).toEqual([
      { program: 't2.r1', task: 't2', relatedPanelCorrect: true, witnessRight: false },
      { program: 't3.r1', task: 't3', relatedPanelCorrect: false, witnessRight: true },
    ]);
  });
});
