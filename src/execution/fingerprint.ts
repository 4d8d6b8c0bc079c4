import { createHash } from 'node:crypto';
import type { JsonValue } from '../schema/json.js';
import { diffStates } from '../state/diff.js';
import { State } from '../state/state.js';

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function canonical(value: JsonValue | undefined): string {
  if (value === undefined || value === null || typeof value !== 'object')
    return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
}

/**
 * A content fingerprint of a state: the hash of its row changes against its seed, in a
 * canonical order. Two states with the same rows have the same fingerprint however their
 * patches got there (an idempotent continuation lands on the state it started from), so a
 * gate evaluates each distinct state once (docs/benchmark.md, "Execution study").
 */
export function stateFingerprint(state: State): string {
  const diff = diffStates(State.fromSeed(state.seed), state);
  const parts: string[] = [state.seed.name];
  for (const table of Object.keys(diff).sort()) {
    const changes = diff[table]!;
    const rows = [
      ...changes.inserts.map((row) => `+${canonical(row)}`),
      ...changes.updates.map((update) => `~${canonical(update.after)}`),
      ...changes.deletes.map((row) => `-${canonical(row)}`),
    ].sort();
    parts.push(`${table}\n${rows.join('\n')}`);
  }
  return createHash('sha256').update(parts.join('\n\n')).digest('hex').slice(0, 32);
}
