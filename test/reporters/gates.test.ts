import { describe, expect, it } from 'vitest';
import { evaluateGates, type GateInputs } from '../../reporters/gates.js';

const inputs: GateInputs = {
  ba: {
    overall: { estimate: 0.8, lower: 0.7 },
    source: { estimate: 1, lower: 1 },
    background: { estimate: 0.9, lower: 0.85 },
    related: { estimate: 0.5, lower: 0.25 },
  },
  falseAccept: 0.125,
  validAccept: 0.75,
  jointCorrect: { count: 3, total: 4 },
  errors: 2,
  unknown: 0,
};

describe('evaluateGates', () => {
  it('says which gate failed and by how much', () => {
    const results = evaluateGates(
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
    const results = evaluateGates({ ba: 0.8, baLower: { related: 0.3 } }, inputs);
    expect(results.map((r) => [r.gate, r.actual, r.passed])).toEqual([
      ['ba.overall', 0.8, true],
      ['baLower.related', 0.25, false],
    ]);
  });

  it("treats jointCorrect 'all' as every program × task, and a number as a minimum fraction", () => {
    expect(evaluateGates({ jointCorrect: 'all' }, inputs)[0]).toMatchObject({
      passed: false,
      message: 'jointCorrect 3/4, not all (1 program × task short)',
    });
    expect(evaluateGates({ jointCorrect: 0.75 }, inputs)[0]).toMatchObject({
      passed: true,
      actual: 0.75,
    });
    expect(
      evaluateGates({ jointCorrect: 'all' }, { ...inputs, jointCorrect: { count: 0, total: 0 } })[0]
        ?.passed,
    ).toBe(false);
  });

  it('fails a gate whose number the run does not have', () => {
    expect(evaluateGates({ validAccept: 0.5 }, { ...inputs, validAccept: null })[0]).toMatchObject({
      passed: false,
      message: 'validAccept: no value in this run (needs >= 0.5)',
    });
  });
});
