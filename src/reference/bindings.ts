import type { Row } from '../schema/json.js';

/** One object a binding names: its key, and its row in each state (absent = not there). */
export interface BoundRow {
  table: string;
  key: Row;
  before: Row | undefined;
  after: Row | undefined;
}

/**
 * A name the checks use: a selector resolved on the before-state, or the rows a
 * `created` check found inserted. `ok: false` means it could not be resolved; checks
 * that use it then fail with that message instead of guessing.
 */
export interface Binding {
  name: string;
  origin: 'selector' | 'created';
  table: string;
  rows: BoundRow[];
  ok: boolean;
  message?: string;
}

export type Bindings = Map<string, Binding>;
