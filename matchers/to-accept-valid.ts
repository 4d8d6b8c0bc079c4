import type { MatcherState } from 'vitest';
import { judgeCase, type MatcherOutcome, requireCase } from './judge-case.js';
import type { VerifierUnderTest } from './verifier-under-test.js';

/** The verifier passes a valid outcome (complete, alternative, valid natural ending). */
export async function toAcceptValid(
  this: MatcherState,
  received: VerifierUnderTest,
  outcome: unknown,
): Promise<MatcherOutcome> {
  const handle = requireCase(
    outcome,
    'toAcceptValid',
    (h) => h.case.kind === 'panel' && h.case.label === 'valid',
    'a valid panel outcome',
  );
  return judgeCase(this, 'toAcceptValid', received, handle, 'pass');
}
