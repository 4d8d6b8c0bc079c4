import { toPublicTask } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import { EvaluationSession, toOneLine, type VerifierOutcome } from './evaluation-session.js';
import { type Limits, resolveLimits } from './limits.js';
import type { EvaluationInput } from './runtime-interface.js';
import { resolveVerifierSpec, type VerifierSpec } from './verifier-spec.js';
import { describeThrown } from './verify-export.js';

/** What a runtime implements: run the verifier against the session's bridge and say how it ended. */
export type RunVerifier = (
  spec: VerifierSpec,
  task: PublicTask,
  session: EvaluationSession,
) => Promise<VerifierOutcome>;

/**
 * The frame every runtime shares: validate the input, open one session (fresh budget),
 * run, and turn anything unexpected, including a harness bug, into a `crash` record
 * instead of an exception, so one evaluation can never stop the run.
 */
export async function runEvaluation(
  input: EvaluationInput,
  runtimeLimits: Partial<Limits>,
  run: RunVerifier,
): Promise<EvaluationRecord> {
  let session: EvaluationSession;
  let spec: VerifierSpec;
  let task: PublicTask;
  try {
    spec = resolveVerifierSpec(input.verifier);
    task = toPublicTask(input.task);
    session = new EvaluationSession(
      input.before,
      input.after,
      resolveLimits({ ...runtimeLimits, ...input.limits }),
    );
  } catch (error) {
    return {
      verdict: 'error',
      kind: 'crash',
      message: toOneLine(`invalid evaluation input: ${describeThrown(error)}`),
      durationMs: 0,
      operations: 0,
      checks: [],
    };
  }
  let outcome: VerifierOutcome;
  try {
    outcome = await run(spec, task, session);
  } catch (error) {
    outcome = {
      type: 'failed',
      kind: 'crash',
      message: `sandbox failure: ${describeThrown(error)}`,
    };
  }
  try {
    return session.finish(outcome);
  } catch (error) {
    // Validation never throws (result-shape.ts); anything here is a harness bug, still one record.
    return {
      verdict: 'error',
      kind: 'crash',
      message: toOneLine(`could not make the record: ${describeThrown(error)}`),
      durationMs: 0,
      operations: session.budget.used,
      checks: [],
    };
  }
}
