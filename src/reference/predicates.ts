import type { JsonValue } from '../schema/json.js';
import type { CheckContext, CheckVerdict } from './checks/context.js';

export type PredicateInput = CheckContext & { params: Record<string, JsonValue> };
export type Predicate = (input: PredicateInput) => CheckVerdict;

// Predicates are code, so packs name them and the registry maps names to functions.
const registry = new Map<string, Predicate>();

/** Register a named predicate for `{kind: "predicate"}` checks. Names are global; re-registering replaces. */
export function registerPredicate(name: string, predicate: Predicate): void {
  registry.set(name, predicate);
}

export function getPredicate(name: string): Predicate | undefined {
  return registry.get(name);
}

export function registeredPredicates(): string[] {
  return [...registry.keys()].sort();
}
