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
  return parsedSeed(
    data,
    `seed ${file}`,
    'run `npx agentproofbench validate <pack>` and correct the seed file',
  );
}

/** `data` parsed by the seed schema, or an `APB_AUTHORING` error naming `what` and the first problem. */
function parsedSeed(data: unknown, what: string, fix: string): Seed {
  const parsed = SeedSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new AgentProofBenchError(
    'APB_AUTHORING',
    `${what} is not a valid seed${where}: ${issue?.message ?? 'invalid'}`,
    { fix, cause: parsed.error },
  );
}

/**
 * A seed built in code (before its file is written, or never written) as a `State` to look
 * rows up in and derive calls on; the seed is checked by the seed schema first, as the
 * loader checks a seed file (docs/pack-format.md, "Writing a pack in code").
 */
export function stateFromSeed(seed: Seed): State {
  const name = typeof seed?.name === 'string' ? `seed "${seed.name}"` : 'the seed';
  return State.fromSeed(
    parsedSeed(seed, name, 'give the seed a name, a service and tables of {key, rows}'),
  );
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
