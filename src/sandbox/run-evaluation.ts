import { type VerifierTask, verifierTaskOf } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import { EvaluationSession, toOneLine, type VerifierOutcome } from './evaluation-session.js';
import { runJudgeVerifier } from './judge-runner.js';
import { type Limits, resolveLimits } from './limits.js';
import type { EvaluationInput } from './runtime-interface.js';
import {
  resolveVerifierSpec,
  type SandboxedVerifierSpec,
  type VerifierSpec,
} from './verifier-spec.js';
import { describeThrown } from './verify-export.js';

/**
 * What a runtime implements: run the verifier against the session's bridge and say how it
 * ended. `taskJson` is the task's JSON text, made once per task (public-task.ts), for a
 * runtime that hands the verifier text.
 */
export type RunVerifier = (
  spec: SandboxedVerifierSpec,
  task: PublicTask,
  session: EvaluationSession,
  taskJson: string,
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
  let task: VerifierTask;
  try {
    spec = resolveVerifierSpec(input.verifier);
    task = verifierTaskOf(input.task);
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
    // A judge runs host-side in every runtime (its model call is network); see judge-runner.
    outcome =
      spec.kind === 'judge'
        ? await runJudgeVerifier(spec, task.view, session)
        : await run(spec, task.view, session, task.json);
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
