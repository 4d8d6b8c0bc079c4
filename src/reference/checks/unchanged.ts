import type { z } from 'zod';
import type { UnchangedCheckSchema } from '../../schema/reference.js';
import { diffStates } from '../../state/diff.js';
import { keyString } from '../../state/key.js';
import type { CheckContext, CheckVerdict } from './context.js';

/** Nothing else changed: no row of the listed tables changed except the rows the instruction names. */
export function checkUnchanged(
  check: z.infer<typeof UnchangedCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const allowed = new Set<string>();
  for (const name of check.except) {
    const binding = context.bindings.get(name);
    for (const bound of binding?.rows ?? []) {
      allowed.add(
        `${bound.table}\u0000${keyString(context.after.keyColumns(bound.table), bound.key)}`,
      );
    }
  }
  const diff = diffStates(context.before, context.after, {
    tables: check.tables,
    ignoreFields: [...context.reference.ignoreFields, ...check.ignoreFields],
  });
  const stray: Array<{ table: string; key: Record<string, unknown>; change: string }> = [];
  for (const table of check.tables) {
    const tableDiff = diff[table];
    if (!tableDiff) continue;
    const keyColumns = context.after.keyColumns(table);
    const isAllowed = (row: Record<string, unknown>) =>
      allowed.has(`${table}\u0000${keyString(keyColumns, row as never)}`);
    for (const row of tableDiff.inserts)
      if (!isAllowed(row)) stray.push({ table, key: row, change: 'inserted' });
    for (const row of tableDiff.deletes)
      if (!isAllowed(row)) stray.push({ table, key: row, change: 'deleted' });
    for (const update of tableDiff.updates) {
      if (!isAllowed(update.key))
        stray.push({ table, key: update.key, change: `updated ${update.fields.join(', ')}` });
    }
  }
  if (stray.length > 0) {
    const first = stray.slice(0, 3).map((entry) => `${entry.table} ${entry.change}`);
    return {
      ok: false,
      message: `${stray.length} change(s) outside the requested work: ${first.join('; ')}${stray.length > 3 ? '; …' : ''}`,
      evidence: {
        rows: stray.map(({ table, key }) => ({ table, key: key as never })),
        actual: stray.length,
        expected: 0,
      },
    };
  }
  return {
    ok: true,
    message: `no other changes in ${check.tables.join(', ')}`,
    evidence: { expected: 0, actual: 0 },
  };
}
