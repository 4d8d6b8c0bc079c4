import type { Row } from '../schema/json.js';
import type { Selector } from '../schema/reference.js';
import { keyObject } from '../state/key.js';
import type { State } from '../state/state.js';
import type { Binding, Bindings } from './bindings.js';
import { checkCardinality } from './cardinality.js';
import { UnresolvedRefError } from './operators.js';
import { rowsWhere } from './where.js';

/** A selector that did not resolve as declared: the task cannot be scored on this state. */
export interface SelectorError {
  selector: string;
  message: string;
}

/** What one selector matched in a before-state, before any after-state is looked at. */
interface SelectorMatch {
  name: string;
  table: string;
  matches: readonly Row[];
  ok: boolean;
  message?: string;
}

/**
 * Resolve selectors in declaration order on the current before-state (later selectors
 * may use earlier ones). The after-row of each match is looked up by primary key.
 */
export function resolveSelectors(
  selectors: Record<string, Selector>,
  before: State,
  after: State,
): { bindings: Bindings; errors: SelectorError[] } {
  const bindings: Bindings = new Map();
  const errors: SelectorError[] = [];
  for (const match of matchSelectors(selectors, before)) {
    const binding: Binding = {
      name: match.name,
      origin: 'selector',
      table: match.table,
      rows: [],
      ok: false,
    };
    bindings.set(match.name, binding);
    if (match.message !== undefined) {
      binding.message = match.message;
      errors.push({ selector: match.name, message: match.message });
    }
    if (match.matches.length > 0) {
      const keyColumns = before.keyColumns(match.table);
      binding.rows = match.matches.map((row) => {
        const key = keyObject(keyColumns, row);
        return { table: match.table, key, before: row, after: after.get(match.table, key) };
      });
    }
    binding.ok = match.ok;
  }
  return { bindings, errors };
}

/**
 * The selectors' matches depend on the before-state alone, which every outcome of a
 * condition shares (and every step of a recorded execution), so they are computed once
 * per state and selector text and kept with the (immutable) state.
 */
function matchSelectors(selectors: Record<string, Selector>, before: State): SelectorMatch[] {
  return before.derived(`reference-selectors:${JSON.stringify(selectors)}`, () =>
    matchOnBefore(selectors, before),
  );
}

function matchOnBefore(selectors: Record<string, Selector>, before: State): SelectorMatch[] {
  // Bindings as the selectors' own `{ref}`s see them: a selector binding reads its before-row.
  const bindings: Bindings = new Map();
  const matched: SelectorMatch[] = [];
  for (const [name, selector] of Object.entries(selectors)) {
    const binding: Binding = {
      name,
      origin: 'selector',
      table: selector.table,
      rows: [],
      ok: false,
    };
    bindings.set(name, binding);
    const match: SelectorMatch = { name, table: selector.table, matches: [], ok: false };
    matched.push(match);
    if (!before.hasTable(selector.table)) {
      binding.message = match.message = `table "${selector.table}" is not in the seed`;
      continue;
    }
    let matches: Row[];
    try {
      matches = rowsWhere(before, selector.table, selector.where, bindings);
    } catch (error) {
      if (!(error instanceof UnresolvedRefError)) throw error;
      binding.message = match.message = error.message;
      continue;
    }
    const { ok, expected } = checkCardinality(selector.cardinality, matches.length);
    const keyColumns = before.keyColumns(selector.table);
    match.matches = matches;
    binding.rows = matches.map((row) => ({
      table: selector.table,
      key: keyObject(keyColumns, row),
      before: row,
      after: undefined,
    }));
    if (!ok) {
      binding.message =
        match.message = `selector "${name}" on ${selector.table} ${JSON.stringify(selector.where)} matched ${matches.length} row(s) in the before-state; expected ${expected}`;
      continue;
    }
    binding.ok = match.ok = true;
  }
  return matched;
}
