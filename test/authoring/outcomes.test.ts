import { describe, expect, it } from 'vitest';
import { alternative, complete, fault, prefix } from '../../src/authoring/outcomes.js';

describe('outcome builders', () => {
  it('label outcomes by role and type faults', () => {
    expect(complete('done', 'd', []).label).toBe('valid');
    expect(alternative('other', 'd', []).label).toBe('valid');
    expect(prefix('half', 'd', []).label).toBe('invalid');
    expect(fault('wrong', 'identity', 'd', [])).toMatchObject({
      role: 'fault',
      label: 'invalid',
      fault: 'identity',
    });
  });
});
