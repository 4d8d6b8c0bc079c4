import { describe, expect, it } from 'vitest';
import {
  compilePattern,
  InvalidPatternError,
  PATTERN_MAX_CHARS,
  packPattern,
} from '../../src/reference/pattern.js';

describe('pack patterns (RE2)', () => {
  it('match like JavaScript for the usual syntax', () => {
    const plot = packPattern('^Plot [A-C]\\d$');
    expect(plot.test('Plot B3')).toBe(true);
    expect(plot.test('Plot D3')).toBe(false);
    expect(packPattern('(?i)boiler').test('Replace BOILER valve')).toBe(true);
    expect(packPattern('(?<team>FAC|PAY)-\\d+').test('see PAY-7')).toBe(true);
  });

  it('answer a catastrophic pattern in one linear pass instead of backtracking', () => {
    // A backtracking engine takes about 2^40 steps here; RE2 reads the text once.
    expect(packPattern('^(a|a?)+$').test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(packPattern('^(a|a?)+$').test('a'.repeat(40))).toBe(true);
  });

  it('refuse lookaround, backreferences and broken syntax with the reason', () => {
    expect(compilePattern('(?=x)y')).toEqual({
      ok: false,
      source: '(?=x)y',
      message: 'invalid or unsupported Perl syntax: `(?=`',
    });
    expect(compilePattern('(a)\\1')).toMatchObject({
      ok: false,
      message: expect.stringContaining('\\1'),
    });
    expect(compilePattern('[a-')).toMatchObject({ ok: false });
    expect(() => packPattern('[a-')).toThrow(InvalidPatternError);
    expect(compilePattern('x'.repeat(PATTERN_MAX_CHARS + 1))).toMatchObject({
      ok: false,
      message: `the pattern has ${PATTERN_MAX_CHARS + 1} characters; the limit is ${PATTERN_MAX_CHARS}`,
    });
  });
});
