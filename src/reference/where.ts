import type { Row } from '../schema/json.js';
import type { Where } from '../schema/reference.js';
import { isScalarText } from '../state/same-value.js';
import type { ScalarValue, State } from '../state/state.js';
import type { Bindings } from './bindings.js';
import { readField } from './field-path.js';
import { ResolvedOperands, satisfies } from './operators.js';

/**
 * Whether a row meets every column condition of a `where`, as a test to filter many rows
 * with: the conditions' operands are resolved once, on the first row that needs them.
 */
export function whereMatcher(
  where: Where,
  bindings: Bindings,
  resolved = new ResolvedOperands(),
): (row: Row) => boolean {
  const conditions = Object.entries(where);
  return (row) => {
    for (const [field, condition] of conditions) {
      if (!satisfies(readField(row, field), condition, { bindings, field, resolved })) return false;
    }
    return true;
  };
}

/**
 * The rows of a table that meet a `where`, in `rows` order: the same as filtering every
 * row, but when one condition asks a plain column for a string, number or boolean the
 * state's index of that column gives the candidates (qualification runs the reference on
 * every outcome of every task, docs/benchmark.md). Every row is filtered whenever an operand
 * would not resolve, so such a check fails exactly where and as it did.
 */
export function rowsWhere(state: State, table: string, where: Where, bindings: Bindings): Row[] {
  const resolved = new ResolvedOperands();
  const matches = whereMatcher(where, bindings, resolved);
  const equal = indexedEquality(where, bindings, resolved);
  const candidates = equal && state.rowsWithValue(table, equal.field, equal.value);
  return (candidates ?? state.rows(table)).filter(matches);
}

/** A plain column the `where` requires to equal a scalar, with every operand of the `where` resolvable. */
function indexedEquality(
  where: Where,
  bindings: Bindings,
  resolved: ResolvedOperands,
): { field: string; value: ScalarValue } | undefined {
  let equal: { field: string; value: ScalarValue } | undefined;
  try {
    for (const [field, condition] of Object.entries(where)) {
      const wanted = resolved.prepare(condition, bindings);
      if (!equal && wanted !== undefined && !field.includes('.') && isScalarText(wanted))
        equal = { field, value: wanted as ScalarValue };
    }
  } catch {
    return undefined;
  }
  return equal;
}
