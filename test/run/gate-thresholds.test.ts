import { describe, expect, it } from 'vitest';
import { parseGate } from '../../src/run/gate-thresholds.js';

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

describe('parseGate on execution gates', () => {
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
});
