import { AgentProofBenchError } from '../contract/error.js';
import { describeCallFailure, runCalls } from '../pack/run-calls.js';
import type { ApiCall, CallClock } from '../schema/call.js';
import type { Patch } from '../schema/patch.js';
import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import { serviceWriteModel } from '../services/registry.js';
import type { WriteModel } from '../services/write-model.js';
import type { State } from '../state/state.js';

/** What a sequence of calls did, as a generator writes it into a pack. */
export interface DerivedCalls {
  /** Every call's row changes, in order: the `patch` the pack carries beside the calls. */
  patch: Patch;
  /** `state` with the patch applied. */
  after: State;
  /** Each call's response body, in order. */
  responses: unknown[];
}

/**
 * Runs `calls` as `actor` on `state` through the service's write model, exactly as the loader
 * does (docs/pack-format.md, "Outcomes as API calls"), so a generator computes the patch it
 * writes beside the calls. `clock` is the pack's `calls` clock and `stream` the name of the
 * state being built (`<task>/<condition>/<outcome>`, `<task>/witness`,
 * `<task>/<run>/<start>/<branch>/<stage>`): with the same names the loader derives the same
 * bytes. `options.writeModel` replaces the registered write models (tests). Throws
 * `APB_AUTHORING` for a refused call, naming it and the service's error.
 */
export function deriveCalls(
  state: State,
  actor: Actor,
  calls: readonly ApiCall[],
  clock: CallClock,
  stream: string,
  options: { writeModel?: (service: Service) => WriteModel | undefined } = {},
): DerivedCalls {
  const model = (options.writeModel ?? serviceWriteModel)(state.seed.service);
  if (!model)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `${stream}: ${state.seed.service} has no write model to derive calls with`,
      { fix: 'write this state as a patch until the service has a write model' },
    );
  const run = runCalls(model, state, actor, calls, clock, stream);
  if (!run.ok)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `${stream}: ${describeCallFailure(run.failure)}`,
      {
        fix:
          run.failure.kind === 'refused'
            ? `the actor cannot make this call; the service answered ${JSON.stringify(run.failure.refusal.body)}`
            : 'correct the call at the index named',
      },
    );
  return { patch: run.patch, after: run.state, responses: run.steps.map((step) => step.response) };
}
