import type { MatcherState } from 'vitest';
import type { CaseHandle, WitnessHandle } from '../src/pack/pack-handle.js';
import { judgeCase, type MatcherOutcome, requireCase } from './judge-case.js';
import type { VerifierUnderTest } from './verifier-under-test.js';

/** The verifier fails the source decision replayed on `related`: the test of a stale binding. */
export async function toRejectReplay(
  this: MatcherState,
  received: VerifierUnderTest,
  witness: unknown,
): Promise<MatcherOutcome> {
  const candidate =
    (witness as Partial<WitnessHandle> | undefined)?.replay ?? (witness as CaseHandle | undefined);
  const handle = requireCase(
    candidate,
    'toRejectReplay',
    (h) => h.case.kind === 'witness-replay',
    "a task's witness (bench.task(id).witness)",
  );
  return judgeCase(this, 'toRejectReplay', received, handle, 'fail');
}
