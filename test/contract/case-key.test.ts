import { describe, expect, it } from 'vitest';
import type { CaseResult } from '../../src/contract/case.js';
import { caseKey, packCaseKey } from '../../src/contract/case-key.js';

const result = {
  kind: 'panel',
  task: 'linear_1',
  family: 'assign',
  condition: 'related',
  outcome: 'o2',
  role: 'fault',
  label: 'invalid',
  description: 'assigned to the old owner',
  program: { set: 'reuse', id: 'linear_1.r1', builtOn: 'source' },
  record: { verdict: 'pass' },
} as unknown as CaseResult;

describe('case identity', () => {
  it('keys an evaluation by its program and its case only, not by what was recorded', () => {
    const other = { ...result, role: 'valid', label: 'valid', record: { verdict: 'fail' } };
    expect(caseKey(other as CaseResult)).toBe(caseKey(result));
    // The key the report's fields build (the verdict grid) is the key of the record.
    expect(
      caseKey({
        program: { set: 'reuse', id: 'linear_1.r1' },
        task: 'linear_1',
        kind: 'panel',
        condition: 'related',
        outcome: 'o2',
      }),
    ).toBe(caseKey(result));
  });

  it('tells apart every part of an evaluation', () => {
    const variants = [
      { ...result, program: { ...result.program, set: 'rebuild' } },
      { ...result, program: { ...result.program, id: 'linear_1.r2' } },
      { ...result, task: 'linear_2' },
      { ...result, kind: 'witness-replay' as const },
      { ...result, condition: 'source' as const },
      { ...result, outcome: 'o3' },
    ];
    const keys = new Set([result, ...variants].map((entry) => caseKey(entry)));
    expect(keys.size).toBe(variants.length + 1);
  });

  it('gives program sets side by side one key per case of the pack', () => {
    const rebuilt = { ...result, program: { set: 'rebuild', id: 'linear_1.r7' } };
    expect(packCaseKey(rebuilt)).toBe(packCaseKey(result));
    expect(packCaseKey({ ...result, outcome: 'o3' })).not.toBe(packCaseKey(result));
    // Names that contain the separator of a naive join stay apart.
    expect(packCaseKey({ ...result, task: 'a","b', outcome: 'c' })).not.toBe(
      packCaseKey({ ...result, task: 'a', outcome: 'b","c' }),
    );
  });
});
