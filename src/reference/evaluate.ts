import type { Check, DeclarativeReference } from '../schema/reference.js';
import type { Reference } from '../schema/task.js';
import type { State } from '../state/state.js';
import type { CheckContext, CheckVerdict } from './checks/context.js';
import { checkCount } from './checks/count.js';
import { checkCreated } from './checks/created.js';
import { checkDeleted } from './checks/deleted.js';
import { checkField } from './checks/field.js';
import { checkPredicate } from './checks/predicate.js';
import { checkPreserved } from './checks/preserved.js';
import { checkSet } from './checks/set.js';
import { checkUnchanged } from './checks/unchanged.js';
import { UnresolvedRefError } from './operators.js';
import type { CheckOutcome, ReferenceResult } from './outcome.js';
import { getReferenceKind } from './reference-kinds.js';
import { resolveSelectors } from './selectors.js';

function runCheck(check: Check, context: CheckContext): CheckVerdict {
  switch (check.kind) {
    case 'field':
      return checkField(check, context);
    case 'preserved':
      return checkPreserved(check, context);
    case 'set':
      return checkSet(check, context);
    case 'count':
      return checkCount(check, context);
    case 'created':
      return checkCreated(check, context);
    case 'deleted':
      return checkDeleted(check, context);
    case 'unchanged':
      return checkUnchanged(check, context);
    case 'predicate':
      return checkPredicate(check, context);
  }
}

/** G(before, after) for a declarative reference: selectors on the before-state, then every check in order. */
export function evaluateDeclarative(
  reference: DeclarativeReference,
  before: State,
  after: State,
): ReferenceResult {
  const { bindings, errors } = resolveSelectors(reference.selectors, before, after);
  const context: CheckContext = { reference, before, after, bindings };
  const checks: CheckOutcome[] = reference.checks.map((check) => {
    let verdict: CheckVerdict;
    try {
      verdict = runCheck(check, context);
    } catch (error) {
      if (!(error instanceof UnresolvedRefError)) throw error;
      verdict = { ok: false, message: error.message, evidence: {} };
    }
    return {
      name: check.name,
      kind: check.kind,
      category: check.category,
      reason: check.reason,
      ...verdict,
    };
  });
  return {
    label: checks.every((check) => check.ok) && errors.length === 0 ? 'valid' : 'invalid',
    checks,
    qualificationErrors: errors.map((error) => error.message),
  };
}

/** Evaluate any reference: declarative ones here, other kinds through their registered engine. */
export function evaluateReference(
  reference: Reference,
  before: State,
  after: State,
): ReferenceResult {
  if (reference.kind === 'declarative')
    return evaluateDeclarative(reference as DeclarativeReference, before, after);
  const engine = getReferenceKind(reference.kind);
  if (!engine) {
    return {
      label: 'invalid',
      checks: [],
      qualificationErrors: [`no reference engine registered for kind "${reference.kind}"`],
    };
  }
  return engine.evaluate(reference, before, after);
}
