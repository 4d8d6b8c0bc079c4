import { AgentProofBenchError } from '../contract/error.js';
import type { Patch } from '../schema/patch.js';
import type { State } from '../state/state.js';
import { checkPatchInvariants } from './check-invariants.js';
import type { PackError } from './pack-error.js';

/**
 * Apply a patch while loading: every operation that cannot apply becomes a PackError at
 * `at` + its op index; the state with the applicable operations is returned so later checks
 * still run. A patch that applies is checked against the service's invariants (unless
 * `invariants` is false): each violation it brings in is an error at the op that brought it
 * (docs/pack-format.md, "Service invariants").
 */
export function checkPatch(
  base: State,
  patch: Patch,
  file: string,
  at: Array<string | number>,
  what: string,
  errors: PackError[],
  { invariants = true }: { invariants?: boolean } = {},
): State {
  const { state, errors: patchErrors } = base.apply(patch);
  for (const error of patchErrors) {
    errors.push({
      file,
      path: [...at, error.opIndex],
      code: error.code === 'unknown_table' ? 'unknown_table' : 'patch',
      message: `${what}, patch op ${error.opIndex}: ${error.message}`,
    });
  }
  if (invariants && patchErrors.length === 0)
    checkPatchInvariants(base, state, patch, file, at, what, errors);
  return state;
}

/** Apply a patch of a loaded pack (which is known to apply); throws with every failing op otherwise. */
export function applyOrThrow(base: State, patch: Patch, what: string): State {
  const { state, errors } = base.apply(patch);
  if (errors.length > 0)
    throw new AgentProofBenchError(
      'APB_PACK_INVALID',
      `${what}: ${errors.map((error) => `op ${error.opIndex}: ${error.message}`).join('; ')}`,
      {
        fix: 'load the pack with loadPack or loadPackOrThrow, which checks that every patch applies',
      },
    );
  return state;
}
