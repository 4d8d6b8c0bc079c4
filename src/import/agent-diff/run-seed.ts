import { pyEquals } from '../../reference/legacy-diff/python-values.js';
import type { JsonValue } from '../../schema/json.js';
import type { State } from '../../state/state.js';
import type { RecordedRun } from './runs.js';

export interface SeedInference {
  /** The seed whose rows agree best with the runs' before-images; undefined on a tie. */
  seed?: string;
  /** The candidates sharing the best score, in name order (one unless the images tie). */
  best: string[];
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
 * updates and deletes do: pick the candidate seed whose rows agree with them best. Runs
 * with empty diffs, or that only insert, carry no such evidence, and the scores tie.
 */
export function inferRunSeed(
  runs: readonly RecordedRun[],
  candidates: ReadonlyMap<string, State>,
): SeedInference {
  const scores: Record<string, number> = {};
  for (const [name, state] of candidates) scores[name] = score(runs, state);
  const top = Math.max(...Object.values(scores));
  const best = Object.keys(scores)
    .filter((name) => scores[name] === top)
    .sort();
  return best.length === 1 ? { seed: best[0]!, best, scores } : { best, scores };
}

/**
 * The seed one run lands on: the inferred seed; on a tie its own test's seed when that is
 * among the best (a run whose diff says nothing was recorded where its test runs), else
 * the first of the best by name.
 */
export function seedForRun(inference: SeedInference, declared: string): string {
  if (inference.seed !== undefined) return inference.seed;
  return inference.best.includes(declared) ? declared : (inference.best[0] ?? declared);
}
