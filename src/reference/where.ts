import type { Row } from '../schema/json.js';
import type { Where } from '../schema/reference.js';
import type { Bindings } from './bindings.js';
import { readField } from './field-path.js';
import { satisfies } from './operators.js';

/** Whether a row meets every column condition of a `where`. */
export function matchesWhere(row: Row, where: Where, bindings: Bindings): boolean {
  for (const [field, condition] of Object.entries(where)) {
    if (!satisfies(readField(row, field), condition, { bindings, field })) return false;
  }
  return true;
}
