import type { z } from 'zod';
import type { CountCheckSchema } from '../../schema/reference.js';
import { rowsWhere, whereMatcher } from '../where.js';
import type { CheckContext, CheckVerdict } from './context.js';
import { rowsInScope } from './scope.js';

/** How many rows (of the after-state, or of those inserted / deleted / updated) match. */
export function checkCount(
  check: z.infer<typeof CountCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const rows =
    check.scope === 'after'
      ? rowsWhere(context.after, check.table, check.where, context.bindings)
      : rowsInScope(
          context.before,
          context.after,
          check.table,
          check.scope,
          context.reference.ignoreFields,
        ).filter(whereMatcher(check.where, context.bindings));
  const actual = rows.length;
  let ok: boolean;
  let expected: string;
  if (typeof check.expect === 'number') {
    ok = actual === check.expect;
    expected = String(check.expect);
  } else if ('sizeOf' in check.expect) {
    const binding = context.bindings.get(check.expect.sizeOf);
    if (!binding?.ok)
      return {
        ok: false,
        message: `binding "${check.expect.sizeOf}" did not resolve`,
        evidence: {},
      };
    ok = actual === binding.rows.length;
    expected = `${binding.rows.length} (size of ${check.expect.sizeOf})`;
  } else {
    const { min, max } = check.expect;
    ok = actual >= min && (max === undefined || actual <= max);
    expected = max === undefined ? `at least ${min}` : `${min}..${max}`;
  }
  return {
    ok,
    message: `${actual} ${check.scope} row(s) of ${check.table} match ${JSON.stringify(check.where)}; expected ${expected}`,
    evidence: { expected, actual },
  };
}
