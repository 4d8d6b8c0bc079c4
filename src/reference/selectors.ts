import type { Row } from '../schema/json.js';
import type { Selector } from '../schema/reference.js';
import { keyObject } from '../state/key.js';
import type { State } from '../state/state.js';
import type { Binding, Bindings } from './bindings.js';
import { checkCardinality } from './cardinality.js';
import { UnresolvedRefError } from './operators.js';
import { matchesWhere } from './where.js';

/** A selector that did not resolve as declared: the task cannot be scored on this state. */
export interface SelectorError {
  selector: string;
  message: string;
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
  for (const [name, selector] of Object.entries(selectors)) {
    const binding: Binding = {
      name,
      origin: 'selector',
      table: selector.table,
      rows: [],
      ok: false,
    };
    bindings.set(name, binding);
    if (!before.hasTable(selector.table)) {
      binding.message = `table "${selector.table}" is not in the seed`;
      errors.push({ selector: name, message: binding.message });
      continue;
    }
    let matches: Row[];
    try {
      matches = before
        .rows(selector.table)
        .filter((row) => matchesWhere(row, selector.where, bindings));
    } catch (error) {
      if (!(error instanceof UnresolvedRefError)) throw error;
      binding.message = error.message;
      errors.push({ selector: name, message: error.message });
      continue;
    }
    const { ok, expected } = checkCardinality(selector.cardinality, matches.length);
    const keyColumns = before.keyColumns(selector.table);
    binding.rows = matches.map((row) => {
      const key = keyObject(keyColumns, row);
      return { table: selector.table, key, before: row, after: after.get(selector.table, key) };
    });
    if (!ok) {
      binding.message = `selector "${name}" on ${selector.table} ${JSON.stringify(selector.where)} matched ${matches.length} row(s) in the before-state; expected ${expected}`;
      errors.push({ selector: name, message: binding.message });
      continue;
    }
    binding.ok = true;
  }
  return { bindings, errors };
}
