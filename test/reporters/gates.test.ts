import { describe, expect, it } from 'vitest';
import { evaluateGates, type GateInputs, parseGate } from '../../reporters/gates.js';

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
  evaluations: { total: 40, errored: 2 },
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

describe('the default errors gate', () => {
  it('fails a run whose every evaluation errored, and says how to allow it', () => {
    const [gate, ...others] = evaluateGates(
      {},
      { ...inputs, errors: 30, evaluations: { total: 40, errored: 40 } },
    );
    expect(others).toEqual([]);
    expect(gate).toMatchObject({ gate: 'errors', passed: false, actual: 40, threshold: 39 });
    expect(gate!.message).toBe(
      'errors: every one of the 40 evaluations errored (default gate; set gates.errors, or --gate errors<=N, to allow it)',
    );
  });

  it('stays out of a run with one evaluation that did not error, or with no evaluations', () => {
    expect(evaluateGates({}, { ...inputs, evaluations: { total: 40, errored: 39 } })).toEqual([]);
    expect(evaluateGates({}, { ...inputs, evaluations: { total: 0, errored: 0 } })).toEqual([]);
  });

  it('is replaced by an explicit errors gate', () => {
    const everyError = { ...inputs, errors: 30, evaluations: { total: 40, errored: 40 } };
    expect(evaluateGates({ errors: 30 }, everyError)).toEqual([
      expect.objectContaining({ gate: 'errors', passed: true, message: 'errors 30 <= 30' }),
    ]);
  });
});

describe('parseGate', () => {
  it('parses and merges CLI expressions', () => {
    let gates = parseGate('ba.related>=0.95');
    gates = parseGate('ba>=0.9', gates);
    gates = parseGate('baLower.source >= 0.8', gates);
    gates = parseGate('falseAccept<=0', gates);
    gates = parseGate('jointCorrect=all', gates);
    gates = parseGate('errors<=0', gates);
    expect(gates).toEqual({
      ba: { related: 0.95, overall: 0.9 },
      baLower: { source: 0.8 },
      falseAccept: 0,
      jointCorrect: 'all',
      errors: 0,
    });
  });

  it.each([
    ['ba.related<=0.9', 'ba is a minimum: use >='],
    ['falseAccept>=0', 'falseAccept is a maximum: use <='],
    ['ba.sideways>=0.9', 'unknown condition "sideways"'],
    ['speed>=1', 'unknown metric "speed"'],
    ['ba.related>=1.5', 'ba.related'],
    ['errors.related<=0', 'errors takes no condition'],
    ['ba related 0.9', 'expected <metric>[.<condition>] <op> <value>'],
  ])('rejects %s', (expression, why) => {
    expect(() => parseGate(expression)).toThrow(why);
    expect(() => parseGate(expression)).toThrow(`invalid gate "${expression}"`);
  });
});
