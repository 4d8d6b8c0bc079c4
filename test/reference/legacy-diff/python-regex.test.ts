import { describe, expect, it } from 'vitest';
import { pythonRegex } from '../../../src/reference/legacy-diff/python-regex.js';

describe('pythonRegex', () => {
  it('turns leading inline flags into JavaScript flags', () => {
    expect(pythonRegex('(?i)exploration')?.test('EXPLORATION log')).toBe(true);
    expect(pythonRegex('(?s)start.*end')?.test('start\nmiddle\nend')).toBe(true);
    expect(pythonRegex('start.*end')?.test('start\nend')).toBe(false);
    expect(pythonRegex('(?si)A.*b')?.test('a\nB')).toBe(true);
  });

  it('translates named groups and their back-references', () => {
    expect(pythonRegex('(?P<word>ab)-(?P=word)')?.test('ab-ab')).toBe(true);
    expect(pythonRegex('(?P<word>ab)-(?P=word)')?.test('ab-ba')).toBe(false);
  });

  it('gives undefined for patterns that do not compile or use verbose mode', () => {
    expect(pythonRegex('(unclosed')).toBeUndefined();
    expect(pythonRegex('(?x) a b')).toBeUndefined();
  });
});
