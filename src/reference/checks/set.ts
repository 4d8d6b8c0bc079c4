import type { z } from 'zod';
import type { JsonValue } from '../../schema/json.js';
import type { SetCheckSchema } from '../../schema/reference.js';
import { readField } from '../field-path.js';
import { resolveList } from '../operators.js';
import { rowsWhere } from '../where.js';
import type { CheckContext, CheckVerdict } from './context.js';

const canonical = (value: JsonValue) => JSON.stringify(value);

/** The set of a column's values over matching after-state rows relates to the required set as declared. */
export function checkSet(
  check: z.infer<typeof SetCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const rows = rowsWhere(context.after, check.table, check.where, context.bindings);
  const actual = new Set(rows.map((row) => canonical(readField(row, check.field) ?? null)));
  const expected = new Set(resolveList(check.expect, context.bindings).map(canonical));
  const missing = [...expected].filter((value) => !actual.has(value));
  const extra = [...actual].filter((value) => !expected.has(value));
  const both = [...actual].filter((value) => expected.has(value));
  const failures: string[] = [];
  if ((check.mode === 'equal' || check.mode === 'superset') && missing.length > 0)
    failures.push(`missing ${missing.join(', ')}`);
  if ((check.mode === 'equal' || check.mode === 'subset') && extra.length > 0)
    failures.push(`unexpected ${extra.join(', ')}`);
  if (check.mode === 'disjoint' && both.length > 0)
    failures.push(`must not contain ${both.join(', ')}`);
  const sorted = (values: Iterable<string>) =>
    [...values].sort().map((value) => JSON.parse(value) as JsonValue);
  const evidence = { expected: sorted(expected), actual: sorted(actual) };
  if (failures.length > 0) {
    return {
      ok: false,
      message: `${check.table}.${check.field} set (${check.mode}): ${failures.join('; ')}`,
      evidence,
    };
  }
  return {
    ok: true,
    message: `${check.table}.${check.field} set is ${check.mode} to the required ${expected.size} value(s)`,
    evidence,
  };
}
