import { pyEquals } from '../../reference/legacy-diff/python-values.js';
import type { JsonValue } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import type { RecordedRun } from './runs.js';

export interface SeedInference {
  /** Name of the seed whose rows best agree with the runs' before-images. */
  seed: string;
  /** Agreement score per candidate seed (agreeing minus disagreeing column values). */
  scores: Record<string, number>;
}

// Recordings print timestamps with a space or a `T`, and JSON columns as text.
function sameValue(recorded: JsonValue | undefined, seeded: JsonValue | undefined): boolean {
  if (pyEquals(recorded, seeded)) return true;
  if (typeof recorded === 'string' && typeof seeded === 'string')
    return recorded.replace(' ', 'T') === seeded.replace(' ', 'T');
  if (typeof recorded === 'string' && seeded !== null && typeof seeded === 'object')
    return recorded.replace(/\s/g, '') === JSON.stringify(seeded);
  return false;
}

function score(runs: readonly RecordedRun[], candidate: State): number {
  let total = 0;
  const images = runs.flatMap((run) => [
    ...run.updates.map((update) => ({ table: update.table, row: update.before })),
    ...run.deletes,
  ]);
  for (const { table, row } of images) {
    if (!candidate.hasTable(table)) {
      total -= 1;
      continue;
    }
    const seeded = candidate.get(table, row);
    if (!seeded) {
      total -= 1;
      continue;
    }
    for (const [column, value] of Object.entries(row))
      total += sameValue(value, seeded[column]) ? 1 : -1;
  }
  for (const run of runs) {
    for (const { table, row } of run.inserts)
      if (candidate.hasTable(table) && candidate.get(table, row)) total -= 1;
  }
  return total;
}

/**
 * Run files do not say which seed they were recorded on. The before-images of their
 * updates and deletes do: pick the candidate seed whose rows agree with them best. On a
 * tie (e.g. runs that only insert) the fallback wins.
 */
export function inferRunSeed(
  runs: readonly RecordedRun[],
  candidates: ReadonlyMap<string, State>,
  fallback: string,
): SeedInference {
  const scores: Record<string, number> = {};
  let best = fallback;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const [name, state] of candidates) {
    const value = score(runs, state);
    scores[name] = value;
    if (value > bestScore || (value === bestScore && name === fallback)) {
      best = name;
      bestScore = value;
    }
  }
  return { seed: best, scores };
}
