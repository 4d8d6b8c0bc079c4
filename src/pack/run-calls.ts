import type { ApiCall, CallClock } from '../schema/call.js';
import type { Patch } from '../schema/patch.js';
import type { Actor } from '../schema/task.js';
import {
  createWriteEnvironment,
  type WriteModel,
  type WriteRefusal,
} from '../services/write-model.js';
import type { State } from '../state/state.js';
import { resolveCallReferences } from './call-references.js';

/** Why a sequence of calls stopped at call `index`. */
export type CallFailure =
  | { kind: 'refused'; index: number; call: ApiCall; refusal: WriteRefusal }
  /** a `{{N.path}}` that does not resolve; `path` is where it is inside the call */
  | { kind: 'reference'; index: number; path: Array<string | number>; message: string }
  /** the write model answered with row changes that do not apply (a write-model fault) */
  | { kind: 'model'; index: number; call: ApiCall; message: string };

/** What one successful call did. */
export interface CallStep {
  /** The call as sent, references resolved. */
  call: ApiCall;
  status: number;
  response: unknown;
  /** Its row changes, on the state the previous call left. */
  patch: Patch;
  before: State;
  after: State;
}

export type CallSequenceResult =
  | { ok: true; patch: Patch; state: State; steps: CallStep[] }
  | { ok: false; failure: CallFailure; steps: CallStep[] };

/**
 * Runs `calls` in order through a service's write model as `actor`, starting on `state`
 * (docs/pack-format.md, "Outcomes as API calls"): each call sees the state the previous one
 * left, its `{{N.path}}` references are resolved against earlier responses first, and the
 * clock advances after each call. The patch is every call's row changes, in order. Stops at
 * the first call that is refused, cannot be resolved, or whose row changes do not apply.
 * `stream` names the state being built (`<task>/<condition>/<outcome>`): it seeds the ids.
 */
export function runCalls(
  model: WriteModel,
  state: State,
  actor: Actor,
  calls: readonly ApiCall[],
  clock: CallClock,
  stream: string,
): CallSequenceResult {
  const env = createWriteEnvironment(clock, stream);
  const steps: CallStep[] = [];
  const responses: unknown[] = [];
  let current = state;
  for (const [index, written] of calls.entries()) {
    const resolved = resolveCallReferences(written, index, responses);
    if (!resolved.ok)
      return { ok: false, steps, failure: { kind: 'reference', index, ...resolved.problem } };
    const call = resolved.call;
    let result: ReturnType<WriteModel['apply']>;
    try {
      result = model.apply(current, actor, call, env);
    } catch (error) {
      // `apply` never throws by contract; one that does is a fault of the model, not of the pack.
      const message = `the ${model.service} write model threw: ${(error as Error).message}`;
      return { ok: false, steps, failure: { kind: 'model', index, call, message } };
    }
    if (!result.ok)
      return {
        ok: false,
        steps,
        failure: { kind: 'refused', index, call, refusal: result.refusal },
      };
    const applied = current.apply(result.patch);
    if (applied.errors.length > 0) {
      const message = `the ${model.service} write model's row changes do not apply: ${applied.errors.map((error) => `op ${error.opIndex}: ${error.message}`).join('; ')}`;
      return { ok: false, steps, failure: { kind: 'model', index, call, message } };
    }
    steps.push({
      call,
      status: result.status,
      response: result.response,
      patch: result.patch,
      before: current,
      after: applied.state,
    });
    responses.push(result.response);
    current = applied.state;
    env.advance();
  }
  return { ok: true, patch: steps.flatMap((step) => step.patch), state: current, steps };
}

/** One line for a failed call: `call 1 (POST /chat.update) refused: cant_update_message (HTTP 200)`. */
export function describeCallFailure(failure: CallFailure): string {
  switch (failure.kind) {
    case 'refused':
      return `call ${failure.index} (${failure.call.method} ${failure.call.path}) refused: ${failure.refusal.summary} (HTTP ${failure.refusal.status})`;
    case 'reference':
      return `call ${failure.index}: ${failure.message}`;
    case 'model':
      return `call ${failure.index} (${failure.call.method} ${failure.call.path}): ${failure.message}`;
  }
}
