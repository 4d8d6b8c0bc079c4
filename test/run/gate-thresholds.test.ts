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
