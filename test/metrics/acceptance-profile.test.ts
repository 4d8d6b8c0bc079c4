import { describe, expect, it } from 'vitest';
import { acceptanceProfile } from '../../src/metrics/acceptance-profile.js';
import { collectResults } from '../../src/metrics/panels.js';
import { panel } from '../support/case-results.js';

describe('acceptanceProfile', () => {
  const { panels } = collectResults([
    ...panel(
      { task: 't1', family: 'f1', program: 't1.r1' },
      'source',
      ['complete', 'pass'],
      ['alternative', 'unknown'],
      ['fault', 'pass', 'identity'],
      ['fault', 'fail', 'identity'],
      ['fault', 'fail', 'preservation'],
    ),
    ...panel(
      { task: 't2', family: 'f2', program: 't2.r1' },
      'related',
      ['complete', 'pass'],
      ['fault', 'pass', 'preservation'],
      ['fault', 'error:memory', 'value'],
      ['natural', 'pass', 'invalid'], // not primary: never counted here
    ),
  ]);
  const profile = acceptanceProfile(panels, { resamples: 500, seed: 2 });

  it('pools valid acceptance and false acceptance over outcomes', () => {
    // valid: pass, unknown, pass → 2/3; invalid: 2 passes of 5 faults
    expect(profile.validAcceptance).toMatchObject({ count: 2, total: 3, rate: 2 / 3 });
    expect(profile.falseAcceptance).toMatchObject({ count: 2, total: 5, rate: 2 / 5 });
    expect(profile.falseAcceptance.interval.estimate).toBe(2 / 5);
  });

  it('splits false acceptance by fault category, with a null rate where there is no fault', () => {
    expect(profile.byFault.identity).toMatchObject({ count: 1, total: 2, rate: 0.5 });
    expect(profile.byFault.preservation).toMatchObject({ count: 1, total: 2, rate: 0.5 });
    expect(profile.byFault.value).toMatchObject({ count: 0, total: 1, rate: 0 });
    expect(profile.byFault.set).toMatchObject({ count: 0, total: 0, rate: null });
    expect(profile.byFault.set.interval).toMatchObject({
      estimate: null,
      lower: null,
      families: 0,
    });
  });

  it('resamples families: the identity interval spans f1 alone (1/2) to no family with it', () => {
    // identity faults all sit in f1; resamples without f1 are undefined, with f1 give 1/2.
    expect(profile.byFault.identity.interval).toMatchObject({
      lower: 0.5,
      upper: 0.5,
      families: 1,
    });
    expect(profile.falseAcceptance.interval.families).toBe(2);
  });
});
