import type { z } from 'zod';
import type { PredicateCheckSchema } from '../../schema/reference.js';
import { getPredicate } from '../predicates.js';
import type { CheckContext, CheckVerdict } from './context.js';

/** A condition that cannot be declared (e.g. parsing a file's content), registered in code by name. */
export function checkPredicate(
  check: z.infer<typeof PredicateCheckSchema>,
  context: CheckContext,
): CheckVerdict {
  const predicate = getPredicate(check.predicate);
  if (!predicate)
    return { ok: false, message: `no predicate registered as "${check.predicate}"`, evidence: {} };
  try {
    return predicate({ ...context, params: check.params });
  } catch (error) {
    return {
      ok: false,
      message: `predicate "${check.predicate}" threw: ${(error as Error).message}`,
      evidence: {},
    };
  }
}
