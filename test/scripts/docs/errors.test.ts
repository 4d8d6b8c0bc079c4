import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC, errorsDoc } from '../../../scripts/docs/errors.js';
import { ERROR_CODES } from '../../../src/contract/error.js';

describe('docs/errors.md', () => {
  it('is what the registry of codes generates (regenerate: npx tsx scripts/docs/errors.ts)', () => {
    expect(readFileSync(ERRORS_DOC, 'utf8')).toBe(errorsDoc());
  });

  it('has one row per registered code, each with a meaning and a fix', () => {
    const rows = errorsDoc()
      .split('\n')
      .filter((line) => line.startsWith('| `APB_'));
    expect(rows.map((row) => /^\| `(\w+)`/.exec(row)?.[1])).toEqual(Object.keys(ERROR_CODES));
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      expect(entry.meaning, code).toMatch(/\w.{10,}/);
      expect(entry.fix, code).toMatch(/\w.{10,}/);
    }
  });
});
