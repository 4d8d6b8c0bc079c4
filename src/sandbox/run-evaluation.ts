import { type VerifierTask, verifierTaskOf } from '../contract/public-task.js';
import type { EvaluationRecord } from '../contract/record.js';
import type { PublicTask } from '../contract/verifier.js';
import { EvaluationSession, toOneLine, type VerifierOutcome } from './evaluation-session.js';
import type { EvaluationSlots } from './evaluation-slots.js';
import { runJudgeVerifier } from './judge-runner.js';
import { type Limits, resolveLimits } from './limits.js';
import type { EvaluationInput, Runtime } from './runtime-interface.js';
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

/** A built-in runtime's part of the frame: its default limits, its admission, and how it runs a verifier. */
export interface RuntimeFrame {
  limits: Partial<Limits>;
  /** At most this many evaluations at once (the isolate's rule); none: no limit. */
  slots?: EvaluationSlots;
  run: RunVerifier;
}

/** An evaluation as the evaluation path hands it: the task's view and text as public-task.ts made them. */
export interface FrameInput extends Omit<EvaluationInput, 'task'> {
  task: VerifierTask;
}

/**
 * The frames of the built-in runtimes, each with the runtime's own `evaluate`: kept here,
 * not on the object, so that the public `Runtime` interface and the runtimes' types stay
 * as users know them (docs/architecture.md, "One evaluation, from `run` to the report").
 */
const frames = new WeakMap<Runtime, { frame: RuntimeFrame; evaluate: Runtime['evaluate'] }>();

/**
 * Register a built-in runtime's part of the frame, for `evaluateIn`; `evaluate` is the
 * class's own method, so that a subclass or an object that replaces it is called instead.
 */
export function registerFrame(
  runtime: Runtime,
  frame: RuntimeFrame,
  evaluate: Runtime['evaluate'],
): void {
  frames.set(runtime, { frame, evaluate });
}

/**
 * The evaluation path's way in (evaluate-case.ts): a built-in runtime's frame entered
 * directly, with the task as it was made (no second check); any other runtime (a user's
 * own `Runtime`, or one whose `evaluate` was replaced) through its `evaluate`.
 */
export function evaluateIn(runtime: Runtime, input: FrameInput): Promise<EvaluationRecord> {
  const registered = frames.get(runtime);
  if (!registered || runtime.evaluate !== registered.evaluate)
    return runtime.evaluate({ ...input, task: input.task.view });
  return enterFrame(registered.frame, input, () => input.task);
}

/**
 * `Runtime.evaluate` of each built-in runtime: the frame entered with the public input,
 * whose task is checked here, because only public-task.ts knows which views it made.
 */
export function runEvaluation(
  frame: RuntimeFrame,
  input: EvaluationInput,
): Promise<EvaluationRecord> {
  return enterFrame(frame, input, () => verifierTaskOf(input.task));
}

/**
 * The frame every runtime shares: wait for a slot, then validate the input, open one
 * session (fresh budget, its clock starting only now: queueing is not the evaluation's
 * time, docs/report.md), run, and turn anything unexpected, including a harness bug, into
 * a `crash` record instead of an exception, so one evaluation can never stop the run.
 */
function enterFrame(
  frame: RuntimeFrame,
  input: Omit<EvaluationInput, 'task'>,
  taskOf: () => VerifierTask,
): Promise<EvaluationRecord> {
  const evaluate = () => evaluateInFrame(frame, input, taskOf);
  return frame.slots ? frame.slots.run(evaluate) : evaluate();
}

async function evaluateInFrame(
  frame: RuntimeFrame,
  input: Omit<EvaluationInput, 'task'>,
  taskOf: () => VerifierTask,
): Promise<EvaluationRecord> {
  let session: EvaluationSession;
  let spec: VerifierSpec;
  let task: VerifierTask;
  try {
    spec = resolveVerifierSpec(input.verifier);
    task = taskOf();
    session = new EvaluationSession(
      input.before,
      input.after,
      resolveLimits({ ...frame.limits, ...input.limits }),
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
        : await frame.run(spec, task.view, session, task.json);
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
