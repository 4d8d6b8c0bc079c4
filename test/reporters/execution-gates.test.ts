import { describe, expect, it } from 'vitest';
import { evaluateGates, type GateInputs, parseGate } from '../../reporters/gates.js';

const inputs: GateInputs = {
  ba: {
    overall: { estimate: 1, lower: 1 },
    source: { estimate: 1, lower: 1 },
    background: { estimate: 1, lower: 1 },
    related: { estimate: 1, lower: 1 },
  },
  falseAccept: 0,
  validAccept: 1,
  jointCorrect: { count: 1, total: 1 },
  errors: 0,
  unknown: 0,
  evaluations: { total: 0, errored: 0 },
};

// The smallest execution section the gates read: the program gate's `all` row and its gate behaviour.
const section = (regressions: number, rate: number, disagreements: number) =>
  ({
    policies: [
      {
        policy: 'program-gate',
        set: 'default',
        cohort: 'all',
        regressions,
        correct: { count: 0, total: 0, rate, lower: null, upper: null },
      },
    ],
    gates: { program: { disagreements } },
  }) as unknown as NonNullable<GateInputs['execution']>;

describe('execution gates', () => {
  it('parses execution.regressions<=N, execution.correctDelivery>=x and execution.gateErrors<=N', () => {
    let gates = parseGate('execution.regressions<=0');
    gates = parseGate('execution.correctDelivery>=0.8', gates);
    gates = parseGate('execution.gateErrors<=3', gates);
    expect(gates).toEqual({ execution: { regressions: 0, correctDelivery: 0.8, gateErrors: 3 } });
  });

  it('refuses the wrong direction and unknown names, listing the execution gates', () => {
    expect(() => parseGate('execution.regressions>=1')).toThrow(/is a maximum: use <=/);
    expect(() => parseGate('execution.speed<=1')).toThrow(
      /execution\.regressions, execution\.correctDelivery/,
    );
  });

  it('passes and fails on the program gate of the first set', () => {
    const gates = parseGate(
      'execution.correctDelivery>=0.8',
      parseGate('execution.regressions<=0'),
    );
    const passing = evaluateGates(gates, { ...inputs, execution: section(0, 0.9, 1) });
    expect(passing.map((gate) => gate.passed)).toEqual([true, true]);
    const failing = evaluateGates(gates, { ...inputs, execution: section(3, 0.5, 9) });
    expect(failing.map((gate) => gate.message)).toEqual([
      'execution.regressions 3 > 0 (over by 3)',
      'execution.correctDelivery 0.5 < 0.8 (short by 0.3)',
    ]);
  });

  it('fails when the run has no execution study to judge', () => {
    const [gate] = evaluateGates(parseGate('execution.regressions<=0'), {
      ...inputs,
      execution: null,
    });
    expect(gate).toMatchObject({ passed: false, actual: null });
    expect(gate!.message).toBe('execution.regressions: no value in this run (needs <= 0)');
  });
});
