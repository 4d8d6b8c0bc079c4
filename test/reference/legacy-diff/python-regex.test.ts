import { describe, expect, it } from 'vitest';
import {
  BOUNDED_PATTERN_TIME_MS,
  PatternTimeoutError,
} from '../../../src/reference/legacy-diff/bounded-regexp.js';
import { compilePythonPattern } from '../../../src/reference/legacy-diff/python-regex.js';
import { validateLegacyDiffSpec } from '../../../src/reference/legacy-diff/spec.js';

const compiled = (pattern: string) => {
  const result = compilePythonPattern(pattern);
  if (!result.ok) throw new Error(result.message);
  return result.pattern;
};

describe('Python patterns of imported suites', () => {
  it('run on the linear engine for Python flags, named groups, \\A and \\Z', () => {
    const report = compiled('(?si)Field Report 2:\\s*(?P<n>\\d+)\\Z');
    expect(report.engine).toBe('linear');
    expect(report.test('field report 2:\n 14')).toBe(true);
    expect(report.test('field report 2: 14\nmore')).toBe(false);
    expect(compiled('\\AD').test('Dune')).toBe(true);
    expect(compiled('\\AD').test('ADune')).toBe(false);
  });

  it('answer a catastrophic pattern without backtracking', () => {
    const pattern = compiled('^(a|a?)+$');
    expect(pattern.engine).toBe('linear');
    expect(pattern.test(`${'a'.repeat(40)}!`)).toBe(false);
  });

  it('run lookaround (used by real suites) on the bounded engine, with its result', () => {
    const zones = compiled('(?s)(?=.*Lagos)(?=.*Warsaw)Tokyo.*Kolkata');
    expect(zones.engine).toBe('bounded');
    expect(zones.test('Tokyo, Lagos, Kolkata, Warsaw')).toBe(true);
    expect(zones.test('Tokyo, Lagos, Kolkata')).toBe(false);
    expect(compiled('(?P<w>ab)(?P=w)').test('xabab')).toBe(true);
  });

  it('stop a catastrophic backtracking pattern at its time limit with a named error', () => {
    const pattern = compiled('(?=a)^(a|a?)+$');
    // Only the vm timeout raises this error: the match was interrupted, not run to its end.
    expect(() => pattern.test(`${'a'.repeat(40)}!`)).toThrow(PatternTimeoutError);
    expect(() => pattern.test(`${'a'.repeat(40)}!`)).toThrow(
      `took more than ${BOUNDED_PATTERN_TIME_MS} ms on a value of 41 characters`,
    );
  });

  it('give a reason for patterns Python rejects or we cannot run', () => {
    // Python's own reason and position.
    expect(compilePythonPattern('(?P<plot>Plot [A-C]')).toEqual({
      ok: false,
      message: 'missing ), unterminated subpattern at position 0',
    });
    expect(compilePythonPattern('(?>a)')).toEqual({
      ok: false,
      message: 'atomic groups (?>...) have no equivalent here at position 2',
    });
  });

  it('are checked when the spec is validated, at their path inside the spec', () => {
    const problems = validateLegacyDiffSpec({
      assertions: [
        { diff_type: 'added', entity: 'messages', where: { text: { regex: 'ok' } } },
        {
          diff_type: 'changed',
          entity: 'issues',
          where: {},
          expected_changes: { title: { to: { regex: '(unclosed' } } },
        },
      ],
    });
    expect(problems).toEqual([
      {
        kind: 'invalid_pattern',
        path: ['assertions', 1, 'expected_changes', 'title', 'to', 'regex'],
        message: expect.stringMatching(/^regular expression "\(unclosed" cannot be compiled: /),
      },
    ]);
  });
});
