import { describe, expect, it } from 'vitest';
import { validateVerifierResult } from '../../src/sandbox/result-shape.js';

const rejected = (value: unknown) => {
  const validation = validateVerifierResult(value);
  return validation.ok ? 'accepted' : validation.message;
};

describe('validateVerifierResult', () => {
  it('accepts the three verdicts with optional checks and explanation, keeping only contract fields', () => {
    for (const verdict of ['pass', 'fail', 'unknown'] as const) {
      expect(validateVerifierResult({ verdict })).toEqual({ ok: true, result: { verdict } });
    }
    expect(
      validateVerifierResult({
        verdict: 'fail',
        checks: [
          { name: 'status kept', ok: false, detail: 'Dormant became Active' },
          { name: 'assignee', ok: true },
        ],
        explanation: 'one check failed',
      }),
    ).toEqual({
      ok: true,
      result: {
        verdict: 'fail',
        checks: [
          { name: 'status kept', ok: false, detail: 'Dormant became Active' },
          { name: 'assignee', ok: true },
        ],
        explanation: 'one check failed',
      },
    });
  });

  it('treats an undefined optional property as absent, like JSON does', () => {
    expect(
      validateVerifierResult({
        verdict: 'pass',
        explanation: undefined,
        checks: [{ name: 'a', ok: true, detail: undefined }],
      }),
    ).toEqual({
      ok: true,
      result: { verdict: 'pass', checks: [{ name: 'a', ok: true }] },
    });
  });

  it('names what is wrong with a verdict outside the contract', () => {
    expect(rejected({ verdict: 'PASS' })).toBe(
      'result.verdict must be "pass", "fail" or "unknown", got "PASS"',
    );
    expect(rejected({ verdict: true })).toBe(
      'result.verdict must be "pass", "fail" or "unknown", got true',
    );
    expect(rejected({})).toBe('result.verdict must be "pass", "fail" or "unknown", got undefined');
  });

  it('rejects results that are not objects', () => {
    expect(rejected('pass')).toBe(
      'result must be an object {verdict, checks?, explanation?}, got string',
    );
    expect(rejected(null)).toBe(
      'result must be an object {verdict, checks?, explanation?}, got null',
    );
    expect(rejected([{ verdict: 'pass' }])).toBe(
      'result must be an object {verdict, checks?, explanation?}, got an array',
    );
    expect(rejected(undefined)).toBe('result is undefined, not a JSON value');
  });

  it('rejects extra keys, wrongly typed checks and explanations', () => {
    expect(rejected({ verdict: 'pass', reason: 'looks fine' })).toBe(
      'result has unexpected key "reason" (allowed: verdict, checks, explanation)',
    );
    expect(rejected({ verdict: 'pass', checks: 'ok' })).toBe(
      'result.checks must be an array when present',
    );
    expect(rejected({ verdict: 'pass', checks: [{ name: 'a', ok: 'yes' }] })).toBe(
      'result.checks[0].ok must be a boolean',
    );
    expect(rejected({ verdict: 'pass', checks: [{ ok: true }] })).toBe(
      'result.checks[0].name must be a string',
    );
    expect(rejected({ verdict: 'pass', checks: [{ name: 'a', ok: true, detail: 3 }] })).toBe(
      'result.checks[0].detail must be a string when present',
    );
    expect(rejected({ verdict: 'pass', checks: [{ name: 'a', ok: true, weight: 2 }] })).toBe(
      'result.checks[0] has unexpected key "weight" (allowed: name, ok, detail)',
    );
    expect(rejected({ verdict: 'pass', checks: [null] })).toBe(
      'result.checks[0] must be an object {name, ok, detail?}',
    );
    expect(rejected({ verdict: 'pass', explanation: ['x'] })).toBe(
      'result.explanation must be a string when present',
    );
  });

  it('rejects values JSON cannot carry faithfully, wherever they are', () => {
    expect(
      rejected({ verdict: 'pass', checks: [{ name: 'n', ok: true, detail: Number.NaN }] }),
    ).toBe('result.checks[0].detail is NaN, not a JSON number');
    expect(rejected({ verdict: 'pass', explanation: () => 'x' })).toBe(
      'result.explanation is a function, not a JSON value',
    );
    expect(rejected({ verdict: 'pass', checks: [{ name: 'big', ok: true, detail: 10n }] })).toBe(
      'result.checks[0].detail is a bigint, not a JSON value',
    );
    expect(rejected({ verdict: 'pass', explanation: new Date(0) })).toBe(
      'result.explanation is a class instance, not a plain object',
    );
    const cyclic: Record<string, unknown> = { verdict: 'pass' };
    cyclic.checks = [cyclic];
    expect(rejected(cyclic)).toBe('result.checks[0] is a circular reference');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    expect(rejected({ verdict: 'pass', checks: [, { name: 'a', ok: true }] })).toBe(
      'result.checks[0] is a hole in a sparse array',
    );
  });

  it('accepts an object without a prototype (e.g. from Object.create(null))', () => {
    const bare = Object.assign(Object.create(null) as object, { verdict: 'unknown' });
    expect(validateVerifierResult(bare)).toEqual({ ok: true, result: { verdict: 'unknown' } });
  });

  it('refuses nesting deeper than a result can have without walking it', () => {
    let deep: unknown = [];
    for (let level = 0; level < 1_000_000; level += 1) deep = [deep];
    expect(rejected({ verdict: 'pass', checks: deep })).toBe(
      'result.checks[0][0] nests deeper than a result can (at most 3 levels: result, checks, check)',
    );
    expect(rejected({ verdict: 'pass', checks: [{ name: 'n', ok: true, detail: { a: 1 } }] })).toBe(
      'result.checks[0].detail nests deeper than a result can (at most 3 levels: result, checks, check)',
    );
    expect(rejected({ verdict: 'pass', extra: { a: { b: {} } } })).toBe(
      'result.extra.a.b nests deeper than a result can (at most 3 levels: result, checks, check)',
    );
  });

  it('never throws: a getter or proxy that throws while read is a malformed result', () => {
    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new TypeError('no keys for you');
        },
      },
    );
    expect(rejected(trap)).toBe('result could not be read (TypeError: no keys for you)');
    const getter = {
      verdict: 'pass',
      get explanation(): string {
        throw Object.create(null);
      },
    };
    expect(rejected(getter)).toBe('result could not be read (object)');
  });
});
