import { AgentProofBenchError } from '../contract/error.js';
import type { State } from '../state/state.js';

export interface IdSequenceOptions {
  /** The first number handed out; pick a range the seed generator never uses. */
  start: number;
  /** How a number becomes an id in this service's format (default: the decimal number). */
  format?: (n: number) => string;
  /** States whose `id` columns the new ids must not collide with (usually the seed's). */
  avoid?: readonly State[];
}

/**
 * Ids the service would assign to rows a run creates. Deterministic (a counter, not random),
 * so regenerating a pack writes byte-identical files; every id is checked against the `id`
 * column of every table of the avoided states.
 */
export function idSequence(options: IdSequenceOptions): () => string {
  const format = options.format ?? ((n: number) => String(n));
  const taken = new Set<string>();
  for (const state of options.avoid ?? [])
    for (const table of state.tableNames())
      for (const row of state.rows(table)) if (row.id !== undefined) taken.add(String(row.id));
  let next = options.start;
  return () => {
    const value = format(next);
    next += 1;
    if (taken.has(value))
      throw new AgentProofBenchError('APB_AUTHORING', `new id ${value} collides with a seed row`, {
        fix: 'start the id sequence in a range the seed does not use',
      });
    taken.add(value);
    return value;
  };
}
