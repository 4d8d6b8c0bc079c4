import { describe, expect, it } from 'vitest';
import type { EvaluationRecord } from '../../src/contract/record.js';
import {
  CHECK_TEXT_MAX_CHARS,
  CHECKS_MAX,
  EXPLANATION_MAX_CHARS,
  verifierSaid,
} from '../../src/report/verifier-said.js';

describe('verifierSaid', () => {
  it('truncates what a verifier said to the agreed bounds', () => {
    const record: EvaluationRecord = {
      verdict: 'pass',
      durationMs: 1,
      operations: 0,
      checks: Array.from({ length: 100 }, (_, i) => ({
        name: `c${i}`.padEnd(2000, 'x'),
        ok: true,
        detail: 'd'.repeat(900),
      })),
      explanation: 'e'.repeat(10_000),
    };
    const said = verifierSaid(record);
    expect(said.checks).toHaveLength(CHECKS_MAX);
    expect(said.checks[0]!.name).toHaveLength(CHECK_TEXT_MAX_CHARS);
    expect(said.checks[0]!.name.endsWith('…')).toBe(true);
    expect(said.checks[0]!.detail).toHaveLength(CHECK_TEXT_MAX_CHARS);
    expect(said.explanation).toHaveLength(EXPLANATION_MAX_CHARS);
    expect(verifierSaid({ ...record, checks: [], explanation: 'short' })).toEqual({
      checks: [],
      explanation: 'short',
    });
  });
});
