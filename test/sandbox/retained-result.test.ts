import { describe, expect, it } from 'vitest';
import {
  MAX_RETAINED_CHECK_TEXT,
  MAX_RETAINED_CHECKS,
  MAX_RETAINED_EXPLANATION,
  retainChecks,
  retainText,
} from '../../src/sandbox/retained-result.js';

describe('retainText', () => {
  it('keeps short text as it is and cuts long text to the limit, ending in an ellipsis', () => {
    expect(retainText('all good', 10)).toBe('all good');
    expect(retainText('abcdefghijkl', 10)).toBe('abcdefghi…');
    expect(retainText('x'.repeat(15_000_000), MAX_RETAINED_EXPLANATION)).toHaveLength(
      MAX_RETAINED_EXPLANATION,
    );
  });

  it('never splits a surrogate pair', () => {
    const cut = retainText(`abcdefgh${'😀'.repeat(5)}`, 10);
    expect(cut).toBe('abcdefgh…');
    expect(retainText(`abcdefg${'😀'.repeat(5)}`, 10)).toBe('abcdefg😀…');
  });
});

describe('retainChecks', () => {
  it('keeps the first checks in order, each name and detail bounded', () => {
    const long = 'y'.repeat(2_000);
    const checks = Array.from({ length: 5_000 }, (_, index) => ({
      name: `${index} ${long}`,
      ok: index % 2 === 0,
      ...(index % 3 === 0 ? { detail: long } : {}),
    }));
    const kept = retainChecks(checks);
    expect(kept).toHaveLength(MAX_RETAINED_CHECKS);
    expect(kept.map((check) => check.ok)).toEqual(checks.slice(0, 64).map((check) => check.ok));
    expect(kept[0]?.name).toBe(`0 ${'y'.repeat(MAX_RETAINED_CHECK_TEXT - 3)}…`);
    expect(kept[0]?.detail).toHaveLength(MAX_RETAINED_CHECK_TEXT);
    expect(kept[1]).not.toHaveProperty('detail');
  });
});
