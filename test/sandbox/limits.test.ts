import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, resolveLimits } from '../../src/sandbox/limits.js';

describe('resolveLimits', () => {
  it('defaults to the contract: 60 s, 1024 MB, 80 operations', () => {
    expect(resolveLimits()).toEqual({ timeoutMs: 60_000, memoryMb: 1024, operations: 80 });
    expect(resolveLimits()).not.toBe(DEFAULT_LIMITS);
  });

  it('overrides only what is given', () => {
    expect(resolveLimits({ timeoutMs: 300 })).toEqual({
      timeoutMs: 300,
      memoryMb: 1024,
      operations: 80,
    });
    expect(resolveLimits({ memoryMb: 64, operations: 5 })).toEqual({
      timeoutMs: 60_000,
      memoryMb: 64,
      operations: 5,
    });
  });

  it('rejects limits that would not mean what they say', () => {
    expect(() => resolveLimits({ timeoutMs: 0 })).toThrow(
      'limits.timeoutMs must be a positive integer, got 0',
    );
    expect(() => resolveLimits({ operations: 2.5 })).toThrow(
      'limits.operations must be a positive integer, got 2.5',
    );
    expect(() => resolveLimits({ memoryMb: '64' as unknown as number })).toThrow(
      'limits.memoryMb must be a positive integer, got "64"',
    );
    expect(() => resolveLimits({ memoryMb: 4 })).toThrow(
      'limits.memoryMb must be at least 8, got 4',
    );
  });
});
