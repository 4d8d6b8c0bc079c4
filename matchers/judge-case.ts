import type { MatcherState } from 'vitest';
import { AgentProofBenchError } from '../src/contract/error.js';
import type { Verdict } from '../src/contract/record.js';
import type { CaseHandle } from '../src/pack/pack-handle.js';
import { explainCase, verdictLine } from '../src/report/case-explanation.js';
import { describeReceived, recordFor, type VerifierUnderTest } from './verifier-under-test.js';

export interface MatcherOutcome {
  pass: boolean;
  message: () => string;
  actual: string;
  expected: string;
}

/**
 * The body every case matcher shares: evaluate (or take the record), compare the verdict
 * with the one the case calls for, and explain. `.not` inverts `pass` as usual, and the
 * message says what was expected in that direction.
 */
export async function judgeCase(
  state: MatcherState,
  matcherName: string,
  received: VerifierUnderTest,
  handle: CaseHandle,
  expected: Verdict,
): Promise<MatcherOutcome> {
  const record = await recordFor(received, handle);
  const pass = record.verdict === expected;
  const hint = state.utils.matcherHint(matcherName, describeReceived(received), handle.title, {
    isNot: state.isNot,
  });
  const message = () =>
    [
      hint,
      '',
      `Expected: ${state.isNot ? 'not ' : ''}${expected} on ${handle.title}`,
      `Received: ${verdictLine(record)}`,
      '',
      explainCase(handle, record),
    ].join('\n');
  return { pass, message, actual: record.verdict, expected };
}

/** Matchers are called with a case of the wrong kind by mistake; say which kind was needed. */
export function requireCase(
  value: unknown,
  matcherName: string,
  accepts: (handle: CaseHandle) => boolean,
  wanted: string,
): CaseHandle {
  const handle = value as CaseHandle | undefined;
  if (!handle || typeof handle !== 'object' || !handle.case || !handle.task) {
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      `${matcherName} expects ${wanted} from openPack(…), e.g. pack.task('linear_1').outcome('related', 'complete'); received ${String(value)}`,
      { fix: 'pass a case handle: pack.task(id).outcome(condition, outcomeId)' },
    );
  }
  if (!accepts(handle))
    throw new AgentProofBenchError(
      'APB_MATCHER_INPUT',
      `${matcherName} expects ${wanted}; ${handle.title} is not one`,
      {
        fix: 'pass a case of the kind the matcher names (a valid outcome for toAcceptValid, a fault for toRejectFault)',
      },
    );
  return handle;
}
