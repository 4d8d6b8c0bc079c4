import type { Row } from '../schema/json.js';
import type { Where } from '../schema/reference.js';
import type { Bindings } from './bindings.js';
import { readField } from './field-path.js';
import { ResolvedOperands, satisfies } from './operators.js';

/**
 * Whether a row meets every column condition of a `where`, as a test to filter many rows
 * with: the conditions' operands are resolved once, on the first row that needs them.
 */
export function whereMatcher(where: Where, bindings: Bindings): (row: Row) => boolean {
  const conditions = Object.entries(where);
  const resolved = new ResolvedOperands();
  return (row) => {
    for (const [field, condition] of conditions) {
      if (!satisfies(readField(row, field), condition, { bindings, field, resolved })) return false;
    }
    return true;
  };
}
