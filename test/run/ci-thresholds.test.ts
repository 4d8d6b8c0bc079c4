import { describe, expect, it } from 'vitest';
import { parseCiThreshold } from '../../src/run/ci-thresholds.js';

describe('parseCiThreshold', () => {
  it('parses and merges CLI expressions', () => {
    let gates = parseCiThreshold('ba.related>=0.95');
    gates = parseCiThreshold('ba>=0.9', gates);
    gates = parseCiThreshold('baLower.source >= 0.8', gates);
    gates = parseCiThreshold('falseAccept<=0', gates);
    gates = parseCiThreshold('jointCorrect=all', gates);
    gates = parseCiThreshold('errors<=0', gates);
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
    expect(() => parseCiThreshold(expression)).toThrow(why);
    expect(() => parseCiThreshold(expression)).toThrow(`invalid gate "${expression}"`);
  });
});

describe('parseCiThreshold on execution gates', () => {
  it('parses execution.regressions<=N, execution.correctDelivery>=x and execution.gateErrors<=N', () => {
    let gates = parseCiThreshold('execution.regressions<=0');
    gates = parseCiThreshold('execution.correctDelivery>=0.8', gates);
    gates = parseCiThreshold('execution.gateErrors<=3', gates);
    expect(gates).toEqual({ execution: { regressions: 0, correctDelivery: 0.8, gateErrors: 3 } });
  });

  it('refuses the wrong direction and unknown names, listing the execution gates', () => {
    expect(() => parseCiThreshold('execution.regressions>=1')).toThrow(/is a maximum: use <=/);
    expect(() => parseCiThreshold('execution.speed<=1')).toThrow(
      /execution\.regressions, execution\.correctDelivery/,
    );
  });
});
