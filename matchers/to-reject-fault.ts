import type { MatcherState } from 'vitest';
import { judgeCase, type MatcherOutcome, requireCase } from './judge-case.js';
import type { VerifierUnderTest } from './verifier-under-test.js';

/** The verifier fails an invalid outcome (a typed fault, a failed natural ending, an incomplete prefix). */
export async function toRejectFault(
  this: MatcherState,
  received: VerifierUnderTest,
  outcome: unknown,
): Promise<MatcherOutcome> {
  const handle = requireCase(
    outcome,
    'toRejectFault',
    (h) => h.case.kind === 'panel' && h.case.label === 'invalid',
    'an invalid panel outcome',
  );
  return judgeCase(this, 'toRejectFault', received, handle, 'fail');
}
