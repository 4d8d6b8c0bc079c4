import path from 'node:path';
import type { Row } from '../../../../src/schema/json.js';
import type { Seed } from '../../../../src/schema/seed.js';
import { State } from '../../../../src/state/state.js';

/** The hand-written Agent-Diff-layout data folder of the importer's unit tests. */
export const MINI_DIR = path.resolve(import.meta.dirname, '../../../../fixtures/agent-diff-mini');

/** A one-service seed from inline tables (`id` keys unless given), for engine tests. */
export function stateOf(tables: Record<string, Row[]>, keys: Record<string, string[]> = {}): State {
  const seed: Seed = {
    name: 'inline',
    service: 'linear',
    tables: Object.fromEntries(
      Object.entries(tables).map(([table, rows]) => [table, { key: keys[table] ?? ['id'], rows }]),
    ),
  };
  return State.fromSeed(seed);
}
