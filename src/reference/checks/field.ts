import type { z } from 'zod';
import type { FieldCheckSchema } from '../../schema/reference.js';
import { readField } from '../field-path.js';
import { describeCondition, satisfies } from '../operators.js';
import { type CheckContext, type CheckVerdict, isVerdict, targetBinding } from './context.js';

/** Every row of the target, as it is after the run, has a field value meeting the expectation. */
export function checkField(
  check: z.infer<typeof FieldCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const binding = targetBinding(context, check.target);
  if (isVerdict(binding)) return binding;
  const expected = describeCondition(check.expect, context.bindings);
  const rows = binding.rows.map(({ table, key }) => ({ table, key }));
  for (const bound of binding.rows) {
    if (!bound.after) {
      return {
        ok: false,
        message: `${check.target} ${JSON.stringify(bound.key)} no longer exists`,
        evidence: { rows, expected },
      };
    }
    const actual = readField(bound.after, check.field) ?? null;
    const ok = satisfies(actual, check.expect, {
      bindings: context.bindings,
      beforeRow: bound.before,
      field: check.field,
    });
    if (!ok) {
      return {
        ok: false,
        message: `${check.target}.${check.field} is ${JSON.stringify(actual)}; expected ${expected}`,
        evidence: { rows: [{ table: bound.table, key: bound.key }], expected, actual },
      };
    }
  }
  const only =
    binding.rows.length === 1
      ? (readField(binding.rows[0]!.after, check.field) ?? null)
      : undefined;
  return {
    ok: true,
    message: `${check.target}.${check.field} ${only === undefined ? `on all ${binding.rows.length} rows` : `is ${JSON.stringify(only)}`}, as expected (${expected})`,
    evidence: only === undefined ? { rows, expected } : { rows, expected, actual: only },
  };
}
