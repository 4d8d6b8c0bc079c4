import { describe, expect, it } from 'vitest';
import { idSequence } from '../../src/authoring/id-sequence.js';
import { base, codeOf } from './tiny-seed.js';

describe('idSequence', () => {
  it('hands out formatted ids in order, the same on every new sequence', () => {
    const make = () => idSequence({ start: 8, format: (n) => `iss-${n}`, avoid: [base] });
    const first = make();
    const second = make();
    expect([first(), first(), first()]).toEqual(['iss-8', 'iss-9', 'iss-10']);
    expect(second()).toBe('iss-8');
  });

  it('refuses an id the seed already uses', () => {
    const next = idSequence({ start: 6, avoid: [base] });
    expect(next()).toBe('6');
    expect(codeOf(next)).toBe('APB_AUTHORING');
  });
});
