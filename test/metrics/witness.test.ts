import { describe, expect, it } from 'vitest';
import { collectResults } from '../../src/metrics/panels.js';
import { isWitnessRight, witnessVerdicts } from '../../src/metrics/witness.js';
import { panel, witness } from '../support/case-results.js';

const unit = (n: number) => ({ task: `t${n}`, family: 'f', program: `t${n}.r1` });

describe('witnessVerdicts', () => {
  it('counts source acceptance, replay rejection and both, each over the units evaluated on it', () => {
    const [sourceCase] = witness(unit(4), 'pass', 'fail');
    const { units, witnesses } = collectResults([
      ...witness(unit(1), 'pass', 'fail'), // right
      ...witness(unit(2), 'pass', 'pass'), // stale: accepts the replay
      ...witness(unit(3), 'error:exception', 'fail'),
      sourceCase!, // replay never evaluated
      ...panel(unit(5), 'source', ['complete', 'pass']), // no witness at all
    ]);
    const result = witnessVerdicts(units, witnesses);
    expect(result.sourceAccepted).toEqual({ count: 3, total: 4, rate: 3 / 4 });
    expect(result.replayRejected).toEqual({ count: 2, total: 3, rate: 2 / 3 });
    expect(result.right).toEqual({ count: 1, total: 3, rate: 1 / 3 });
    expect(result.withoutPair).toBe(2);
  });

  it('treats Unknown on the replay as not rejecting it', () => {
    const { witnesses } = collectResults(witness(unit(1), 'pass', 'unknown'));
    expect(isWitnessRight(witnesses[0]!)).toBe(false);
  });
});
