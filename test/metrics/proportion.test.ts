import { describe, expect, it } from 'vitest';
import { proportion } from '../../src/metrics/proportion.js';

describe('proportion', () => {
  it('keeps count and denominator beside the rate, and has no rate without a denominator', () => {
    expect(proportion(79, 96)).toEqual({ count: 79, total: 96, rate: 79 / 96 });
    expect(proportion(0, 0)).toEqual({ count: 0, total: 0, rate: null });
  });
});
