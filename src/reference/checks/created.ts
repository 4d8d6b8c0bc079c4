import type { z } from 'zod';
import type { CreatedCheckSchema } from '../../schema/reference.js';
import { keyObject } from '../../state/key.js';
import type { Binding } from '../bindings.js';
import { checkCardinality } from '../cardinality.js';
import { whereMatcher } from '../where.js';
import type { CheckContext, CheckVerdict } from './context.js';
import { rowsInScope } from './scope.js';

/** The run inserted the required row(s); binds them so later checks can inspect them. */
export function checkCreated(
  check: z.infer<typeof CreatedCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const inserted = rowsInScope(context.before, context.after, check.table, 'inserted', []).filter(
    whereMatcher(check.where, context.bindings),
  );
  const { ok, expected } = checkCardinality(check.cardinality, inserted.length);
  const keyColumns = context.after.keyColumns(check.table);
  const rows = inserted.map((row) => ({
    table: check.table,
    key: keyObject(keyColumns, row),
    before: undefined,
    after: row,
  }));
  const binding: Binding = { name: check.bind, origin: 'created', table: check.table, rows, ok };
  const message = `${inserted.length} new ${check.table} row(s) match ${JSON.stringify(check.where)}; expected ${expected}`;
  if (!ok) binding.message = message;
  context.bindings.set(check.bind, binding);
  return {
    ok,
    message,
    evidence: {
      rows: rows.map(({ table, key }) => ({ table, key })),
      expected,
      actual: inserted.length,
    },
  };
}
