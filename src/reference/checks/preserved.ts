import type { z } from 'zod';
import type { PreservedCheckSchema } from '../../schema/reference.js';
import { sameValue } from '../../state/same-value.js';
import { readField } from '../field-path.js';
import { type CheckContext, type CheckVerdict, isVerdict, targetBinding } from './context.js';

/** after(x).f == before(x).f: the value the run started with (this run's, not a remembered one) survives. */
export function checkPreserved(
  check: z.infer<typeof PreservedCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const binding = targetBinding(context, check.target);
  if (isVerdict(binding)) return binding;
  for (const bound of binding.rows) {
    const rows = [{ table: bound.table, key: bound.key }];
    if (!bound.after)
      return {
        ok: false,
        message: `${check.target} ${JSON.stringify(bound.key)} no longer exists`,
        evidence: { rows },
      };
    for (const field of check.fields) {
      const before = readField(bound.before, field) ?? null;
      const after = readField(bound.after, field) ?? null;
      if (!sameValue(before, after)) {
        return {
          ok: false,
          message: `${check.target}.${field} changed from ${JSON.stringify(before)} to ${JSON.stringify(after)}; it had to stay`,
          evidence: { rows, expected: before, actual: after },
        };
      }
    }
  }
  return {
    ok: true,
    message: `${check.target}: ${check.fields.join(', ')} kept their initial value(s)`,
    evidence: { rows: binding.rows.map(({ table, key }) => ({ table, key })) },
  };
}
