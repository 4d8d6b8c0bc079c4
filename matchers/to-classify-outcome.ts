import type { MatcherState } from 'vitest';
import { judgeCase, type MatcherOutcome, requireCase } from './judge-case.js';
import type { VerifierUnderTest } from './verifier-under-test.js';

/** Any case, valid or not: pass when the label is valid, fail when it is invalid. */
export async function toClassifyOutcome(
  this: MatcherState,
  received: VerifierUnderTest,
  outcome: unknown,
): Promise<MatcherOutcome> {
  const handle = requireCase(outcome, 'toClassifyOutcome', () => true, 'a case');
  return judgeCase(
    this,
    'toClassifyOutcome',
    received,
    handle,
    handle.case.label === 'valid' ? 'pass' : 'fail',
  );
}
