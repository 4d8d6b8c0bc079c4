import type { ApiCall, CallClock } from '../schema/call.js';
import type { Patch, PatchOp } from '../schema/patch.js';
import type { Service } from '../schema/service.js';
import type { Actor } from '../schema/task.js';
import type { WriteModel } from '../services/write-model.js';
import type { State } from '../state/state.js';
import { checkPatch } from './apply-patch.js';
import { checkInsertedRows } from './check-inserted-rows.js';
import { checkPatchInvariants } from './check-invariants.js';
import type { PackError, PackErrorCode } from './pack-error.js';
import { type CallStep, describeCallFailure, runCalls } from './run-calls.js';

/** What deriving states from calls needs across one pack load. */
export interface CallDerivation {
  /** pack.json `calls`; absent: a state written as calls is an error. */
  clock: CallClock | undefined;
  writeModel: (service: Service) => WriteModel | undefined;
  errors: PackError[];
  /** Said once per pack (file of the first state with calls), not once per state. */
  missingClockReported?: boolean;
  /** `<file>\0<service>` already told it has no write model. */
  missingModelReported?: Set<string>;
}

/** A recorded state as a pack file writes it: a patch, the actor's calls, or both. */
export interface WrittenState {
  patch?: Patch;
  calls?: ApiCall[];
}

export interface StateToDerive {
  service: Service;
  actor: Actor;
  before: State;
  file: string;
  /** JSON path of the object that holds `patch` / `calls`, e.g. `["outcomes", "related", 2]`. */
  at: Array<string | number>;
  /** Id stream of the sequence (docs/pack-format.md, "The clock"). */
  stream: string;
  /** How messages name the state: `linear_1 related/complete`. */
  what: string;
  /** Check the service invariants on the result (recorded outcomes are kept as written). */
  invariants: boolean;
  /** Check inserted rows are complete against this seed (not for recorded outcomes). */
  completeRowsOf?: State['seed'];
}

/**
 * The patch and after-state of one recorded state (docs/pack-format.md, "Outcomes as API
 * calls"). Without calls: the written patch, checked as before. With calls: the patch the
 * service's write model derives by running them on `before` as the actor; every refusal,
 * bad reference and disagreement with a written patch is a PackError at the call's JSON path.
 * On an error the written patch (or no change) stands in, so later checks still run.
 */
export function deriveState(
  derivation: CallDerivation,
  state: StateToDerive,
  written: WrittenState,
): { patch: Patch; after: State } {
  const { errors } = derivation;
  const { file, at, what } = state;
  const checkWritten = (patch: Patch) => {
    if (state.completeRowsOf)
      checkInsertedRows(state.completeRowsOf, patch, file, [...at, 'patch'], errors);
    return {
      patch,
      after: checkPatch(state.before, patch, file, [...at, 'patch'], what, errors, {
        invariants: state.invariants,
      }),
    };
  };
  const fallback = () =>
    written.patch ? checkWritten(written.patch) : { patch: [], after: state.before };
  if (!written.calls) return checkWritten(written.patch ?? []);

  const callsAt = [...at, 'calls'];
  if (!derivation.clock) {
    if (!derivation.missingClockReported)
      errors.push({
        file,
        path: callsAt,
        code: 'no_call_clock',
        message: `${what} is written as API calls, but pack.json declares no \`calls\` clock to run them with`,
        fix: 'add to pack.json "calls": {"start": "<ISO instant>", "stepMs": 1000, "idSeed": "<pack name>"}',
      });
    derivation.missingClockReported = true;
    return fallback();
  }
  const model = derivation.writeModel(state.service);
  if (!model) {
    derivation.missingModelReported ??= new Set();
    const reported = derivation.missingModelReported;
    const once = `${file}\u0000${state.service}`;
    if (!reported.has(once))
      errors.push({
        file,
        path: callsAt,
        code: 'no_write_model',
        message: `${what} is written as API calls, but ${state.service} has no write model yet to derive them (write the state as a patch)`,
      });
    reported.add(once);
    return fallback();
  }

  const run = runCalls(
    model,
    state.before,
    state.actor,
    written.calls,
    derivation.clock,
    state.stream,
  );
  if (!run.ok) {
    const { failure } = run;
    const code: PackErrorCode =
      failure.kind === 'refused'
        ? 'call_refused'
        : failure.kind === 'reference'
          ? 'call_reference'
          : 'write_model';
    errors.push({
      file,
      path: [...callsAt, failure.index, ...(failure.kind === 'reference' ? failure.path : [])],
      code,
      message: `${what}, ${describeCallFailure(failure)}`,
    });
    return fallback();
  }

  checkSteps(run.steps, state, callsAt, errors);
  if (written.patch) {
    const disagreement = patchDisagreement(written.patch, run.steps);
    if (disagreement)
      errors.push({
        file,
        path: [...at, 'patch', ...(disagreement.op === undefined ? [] : [disagreement.op])],
        code: 'calls_disagree',
        message: `${what}: the written patch and the patch its calls derive differ: ${disagreement.message}`,
        fix: 'write the patch the calls derive (or drop `patch` and let the loader derive it)',
      });
  }
  return { patch: run.patch, after: run.state };
}

/**
 * Invariant and complete-row checks of each call's row changes, reported at the call (the
 * derived patch is not in the file, so an op index inside it would point nowhere).
 */
function checkSteps(
  steps: readonly CallStep[],
  state: StateToDerive,
  callsAt: Array<string | number>,
  errors: PackError[],
): void {
  steps.forEach((step, index) => {
    const found: PackError[] = [];
    const what = `${state.what}, call ${index} (${step.call.method} ${step.call.path})`;
    if (state.completeRowsOf)
      checkInsertedRows(state.completeRowsOf, step.patch, state.file, [], found);
    if (state.invariants)
      checkPatchInvariants(step.before, step.after, step.patch, state.file, [], what, found);
    for (const error of found)
      errors.push({
        ...error,
        path: [...callsAt, index],
        message: error.code === 'incomplete_row' ? `${what}: ${error.message}` : error.message,
      });
  });
}

/** The first difference between a written patch and the ops the calls wrote, if any. */
export function patchDisagreement(
  written: Patch,
  steps: readonly CallStep[],
): { op?: number; message: string } | undefined {
  const derived: Array<{ op: PatchOp; call: number }> = steps.flatMap((step, call) =>
    step.patch.map((op) => ({ op, call })),
  );
  const length = Math.max(written.length, derived.length);
  for (let index = 0; index < length; index++) {
    const mine = written[index];
    const theirs = derived[index];
    if (mine && theirs && canonicalJson(mine) === canonicalJson(theirs.op)) continue;
    if (!theirs)
      return {
        op: index,
        message: `the patch has ${written.length} op(s), the calls write ${derived.length}; op ${index} ${canonicalJson(mine)} is not written by any call`,
      };
    if (!mine)
      return {
        message: `the patch has ${written.length} op(s), the calls write ${derived.length}; call ${theirs.call} also writes ${canonicalJson(theirs.op)}`,
      };
    return {
      op: index,
      message: `op ${index} is ${canonicalJson(mine)} but call ${theirs.call} writes ${canonicalJson(theirs.op)}`,
    };
  }
  return undefined;
}

/** JSON text with object members sorted: equal values give equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
