import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen } from '../../src/services/deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes every object inside, including ones frozen only shallowly before', () => {
    const inner = Object.freeze({ list: [{ a: 1 }] });
    const value = deepFreeze({ inner, other: { b: [2] } });
    expect(Object.isFrozen(value.inner.list)).toBe(true);
    expect(Object.isFrozen(value.inner.list[0])).toBe(true);
    expect(Object.isFrozen(value.other.b)).toBe(true);
    expect(isDeeplyFrozen(value)).toBe(true);
    expect(() => {
      (value.other.b as number[]).push(3);
    }).toThrow(TypeError);
  });

  it('tells a deep freeze from a shallow one and ends on cycles', () => {
    expect(isDeeplyFrozen(Object.freeze({ a: {} }))).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(isDeeplyFrozen(deepFreeze(cycle))).toBe(true);
  });

  it('marks only the value given, so the marks grow with the values kept, not their insides', () => {
    const part = deepFreeze({ times: { start: 1 } });
    const whole = deepFreeze({ part, extra: { n: 2 } });
    expect(isDeeplyFrozen(whole)).toBe(true);
    expect(isDeeplyFrozen(part)).toBe(true);
    // Frozen all the same, but told by walking it (response-bound.ts counts it exactly).
    expect(Object.isFrozen(whole.extra)).toBe(true);
    expect(isDeeplyFrozen(whole.extra)).toBe(false);
  });
});
