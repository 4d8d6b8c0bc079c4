import type { MatcherState } from 'vitest';
import type { CaseHandle, WitnessHandle } from '../src/pack/pack-handle.js';
import { judgeCase, type MatcherOutcome, requireCase } from './judge-case.js';
import type { VerifierUnderTest } from './verifier-under-test.js';

/** The verifier passes the source decision under `source` (given the witness or its source case). */
export async function toAcceptWitness(
  this: MatcherState,
  received: VerifierUnderTest,
  witness: unknown,
): Promise<MatcherOutcome> {
  const candidate =
    (witness as Partial<WitnessHandle> | undefined)?.source ?? (witness as CaseHandle | undefined);
  const handle = requireCase(
    candidate,
    'toAcceptWitness',
    (h) => h.case.kind === 'witness-source',
    "a task's witness (bench.task(id).witness)",
  );
  return judgeCase(this, 'toAcceptWitness', received, handle, 'pass');
}
