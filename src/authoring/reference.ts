import type { Category, Check, DeclarativeReference, Selector } from '../schema/reference.js';

/**
 * A version-1 declarative reference: `selectors` on the before-state, then `checks`, ignoring
 * the columns in `ignoreFields` (bookkeeping a service bumps on every write; none by default).
 */
export function declarativeReference(
  selectors: Record<string, Selector>,
  checks: Check[],
  ignoreFields: string[] = [],
): DeclarativeReference {
  return { kind: 'declarative', version: 1, selectors, checks, ignoreFields };
}

/**
 * An `unchanged` check: every row of `tables` stays as it was, except the rows of the
 * selectors and created bindings named in `except`.
 */
export function unchangedCheck(
  name: string,
  category: Category,
  reason: string,
  tables: string[],
  except: string[] = [],
): Check {
  return { kind: 'unchanged', name, category, reason, tables, except, ignoreFields: [] };
}
