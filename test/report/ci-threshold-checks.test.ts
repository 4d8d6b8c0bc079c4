import { describe, expect, it } from 'vitest';
import { ERROR_KINDS } from '../../src/contract/record.js';
import {
  type CiThresholdSummary,
  checkCiThresholds,
} from '../../src/report/ci-threshold-checks.js';

// A report summary reduced to what gates read; every other number is irrelevant to them.
const interval = (estimate: number | null, lower: number | null) => ({
  estimate,
  lower,
  upper: null,
  confidence: 0.95,
  families: 1,
  tasks: 1,
});
const rate = (value: number | null) => ({
  count: 0,
  total: 0,
  rate: value,
  lower: null,
  upper: null,
});
const panelCorrect = { count: 0, total: 0 };
/** Every evaluation of the set: `errors` of them errored (all timeouts), `unknown` answered Unknown. */
function allCases(cases: number, errors: number, unknown: number): CiThresholdSummary['allCases'] {
  const none = { cases: 0, unknown: 0, errors: 0 };
  return {
    cases,
    unknown,
    errors: {
      total: errors,
      byKind: {
        ...Object.fromEntries(ERROR_KINDS.map((kind) => [kind, 0])),
        timeout: errors,
      } as CiThresholdSummary['allCases']['errors']['byKind'],
    },
    byPanel: { primary: { cases, unknown, errors }, witness: none, natural: none, prefix: none },
  };
}
const inputs: CiThresholdSummary = {
  ba: interval(0.8, 0.7),
  conditions: {
    source: { ba: interval(1, 1), panelCorrect },
    background: { ba: interval(0.9, 0.85), panelCorrect },
    related: { ba: interval(0.5, 0.25), panelCorrect },
  },
  falseAccept: rate(0.125),
  validAccept: rate(0.75),
  jointCorrect: { count: 3, total: 4, notApplicable: 0 },
  allCases: allCases(40, 2, 0),
};

describe('checkCiThresholds', () => {
  it('says which gate failed and by how much', () => {
    const results = checkCiThresholds(
      { ba: { related: 0.95, source: 0.9 }, falseAccept: 0, errors: 0 },
      inputs,
    );
    expect(results.map((r) => [r.gate, r.passed, r.message])).toEqual([
      ['ba.related', false, 'ba.related 0.5 < 0.95 (short by 0.45)'],
      ['ba.source', true, 'ba.source 1 >= 0.9'],
      ['falseAccept', false, 'falseAccept 0.125 > 0 (over by 0.125)'],
      ['errors', false, 'errors 2 > 0 (over by 2)'],
    ]);
  });

  it('reads a bare number as the overall BA and baLower from the interval', () => {
    const results = checkCiThresholds({ ba: 0.8, baLower: { related: 0.3 } }, inputs);
    expect(results.map((r) => [r.gate, r.actual, r.passed])).toEqual([
      ['ba.overall', 0.8, true],
      ['baLower.related', 0.25, false],
    ]);
  });

  it("treats jointCorrect 'all' as every program × task, and a number as a minimum fraction", () => {
    expect(checkCiThresholds({ jointCorrect: 'all' }, inputs)[0]).toMatchObject({
      passed: false,
      message: 'jointCorrect 3/4, not all (1 program × task short)',
    });
    expect(checkCiThresholds({ jointCorrect: 0.75 }, inputs)[0]).toMatchObject({
      passed: true,
      actual: 0.75,
    });
    expect(
      checkCiThresholds(
        { jointCorrect: 'all' },
        { ...inputs, jointCorrect: { count: 0, total: 0, notApplicable: 0 } },
      )[0]?.passed,
    ).toBe(false);
  });

  it('fails a gate whose number the run does not have', () => {
    expect(
      checkCiThresholds({ validAccept: 0.5 }, { ...inputs, validAccept: rate(null) })[0],
    ).toMatchObject({
      passed: false,
      message: 'validAccept: no value in this run (needs >= 0.5)',
    });
  });
});

describe('the default errors gate', () => {
  it('fails a run whose every evaluation errored, and says how to allow it', () => {
    const [gate, ...others] = checkCiThresholds({}, { ...inputs, allCases: allCases(40, 40, 0) });
    expect(others).toEqual([]);
    expect(gate).toMatchObject({ gate: 'errors', passed: false, actual: 40, threshold: 39 });
    expect(gate!.message).toBe(
      'errors: every one of the 40 evaluations errored (default gate; set gates.errors, or --gate errors<=N, to allow it)',
    );
  });

  it('stays out of a run with one evaluation that did not error, or with no evaluations', () => {
    expect(checkCiThresholds({}, { ...inputs, allCases: allCases(40, 39, 0) })).toEqual([]);
    expect(checkCiThresholds({}, { ...inputs, allCases: allCases(0, 0, 0) })).toEqual([]);
  });

  it('is replaced by an explicit errors gate', () => {
    expect(checkCiThresholds({ errors: 40 }, { ...inputs, allCases: allCases(40, 40, 0) })).toEqual(
      [expect.objectContaining({ gate: 'errors', passed: true, message: 'errors 40 <= 40' })],
    );
  });
});

describe('the allRecorded gate', () => {
  it('reads the report’s planned and recorded cases, and names what is missing', () => {
    const cases = { planned: 10, recorded: 9, causes: ['chunk 1 crashed'] };
    expect(checkCiThresholds({}, inputs, { cases })).toEqual([
      expect.objectContaining({
        gate: 'allRecorded',
        passed: false,
        message: 'allRecorded 9/10: 1 planned case(s) have no record: chunk 1 crashed',
      }),
    ]);
    expect(checkCiThresholds({ allRecorded: false }, inputs, { cases })).toEqual([]);
    expect(checkCiThresholds({}, inputs, { cases: null })).toEqual([]);
  });
});
