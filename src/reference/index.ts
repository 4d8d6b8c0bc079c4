export type { Binding, BoundRow } from './bindings.js';
export type { CheckContext, CheckVerdict } from './checks/context.js';
export { evaluateDeclarative, evaluateReference } from './evaluate.js';
export { readField } from './field-path.js';
export type { CheckEvidence, CheckOutcome, ReferenceResult } from './outcome.js';
export {
  type Predicate,
  type PredicateInput,
  registeredPredicates,
  registerPredicate,
} from './predicates.js';
export { type ReferenceReading, readingDifferences, readReference } from './reading.js';
export { getReferenceKind, type ReferenceKind, registerReferenceKind } from './reference-kinds.js';
