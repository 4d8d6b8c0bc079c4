import { describe, expect, it } from 'vitest';
import { deepFreeze, isDeeplyFrozen } from '../../src/services/deep-freeze.js';

describe('deepFreeze', () => {
  it('freezes every object inside, including ones frozen only shallowly before', () => {
    const inner = Object.freeze({ list: [{ a: 1 }] });
    const value = deepFreeze({ inner, other: { b: [2] } });
    expect(Object.isFrozen(value.inner.list)).toBe(true);
    expect(Object.isFrozen(value.inner.list[0])).toBe(true);
    expect(Object.isFrozen(value.other.b)).toBe(true);
    expect(isDeeplyFrozen(value.inner)).toBe(true);
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
});
