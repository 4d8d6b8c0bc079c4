import type { Check, DeclarativeReference, Selector } from '../schema/reference.js';

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
