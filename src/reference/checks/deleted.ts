import type { z } from 'zod';
import type { DeletedCheckSchema } from '../../schema/reference.js';
import { type CheckContext, type CheckVerdict, isVerdict, targetBinding } from './context.js';

/** The target rows are gone after the run (or, with `expect: false`, still there). */
export function checkDeleted(
  check: z.infer<typeof DeletedCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const binding = targetBinding(context, check.target);
  if (isVerdict(binding)) return binding;
  const rows = binding.rows.map(({ table, key }) => ({ table, key }));
  const wrong = binding.rows.filter((bound) => (bound.after === undefined) !== check.expect);
  if (wrong.length > 0) {
    return {
      ok: false,
      message: `${check.target}: ${wrong.length} row(s) ${check.expect ? 'still exist' : 'were deleted'}`,
      evidence: {
        rows: wrong.map(({ table, key }) => ({ table, key })),
        expected: check.expect ? 'deleted' : 'present',
      },
    };
  }
  return {
    ok: true,
    message: `${check.target} ${check.expect ? 'deleted' : 'still present'} as required`,
    evidence: { rows },
  };
}
