import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AgentProofBenchError } from '../contract/error.js';
import type { Patch } from '../schema/patch.js';
import { type Seed, SeedSchema } from '../schema/seed.js';
import { State } from '../state/state.js';

/** A pack's seed `seeds/<name>.json`, parsed by the seed schema. */
export function readSeed(packDir: string, name: string): Seed {
  const file = path.join(packDir, 'seeds', `${name}.json`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `cannot read seed ${file}: ${(error as Error).message}`,
      {
        fix: "name a seed of the pack's seeds/ folder (without .json)",
        cause: error,
      },
    );
  }
  const parsed = SeedSchema.safeParse(data);
  if (!parsed.success)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `seed ${file} is not a valid seed: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      {
        fix: 'run `npx agentproofbench validate <pack>` and correct the seed file',
        cause: parsed.error,
      },
    );
  return parsed.data;
}

/** The before-state a task's `source` condition starts from. */
export function seedState(packDir: string, name: string): State {
  return State.fromSeed(readSeed(packDir, name));
}

/**
 * `state` with `patch` applied, or an error listing every row change that could not apply:
 * a generator must never write a patch the loader would refuse (docs/pack-format.md).
 */
export function applyPatch(state: State, patch: Patch, what = 'patch'): State {
  const { state: next, errors } = state.apply(patch);
  if (errors.length > 0)
    throw new AgentProofBenchError(
      'APB_AUTHORING',
      `${what} does not apply: ${errors.map((error) => error.message).join('; ')}`,
      { fix: 'build the patch from rows looked up in the state it is applied to' },
    );
  return next;
}
