import type { Patch } from '../schema/patch.js';
import type { Category } from '../schema/reference.js';
import type { Outcome, Role } from '../schema/task.js';

/** An outcome with the label its role implies (complete/alternative valid, the rest invalid). */
export function outcome(
  id: string,
  role: Role,
  description: string,
  patch: Patch,
  fault?: Category,
): Outcome {
  const label = role === 'complete' || role === 'alternative' ? 'valid' : 'invalid';
  return fault === undefined
    ? { id, role, label, description, patch }
    : { id, role, label, fault, description, patch };
}

/** The ending the instruction asks for. */
export const complete = (id: string, description: string, patch: Patch): Outcome =>
  outcome(id, 'complete', description, patch);

/** A different ending the instruction also allows (a strict verifier must still accept it). */
export const alternative = (id: string, description: string, patch: Patch): Outcome =>
  outcome(id, 'alternative', description, patch);

/** A run stopped part-way: invalid, but not a typed fault. */
export const prefix = (id: string, description: string, patch: Patch): Outcome =>
  outcome(id, 'prefix', description, patch);

/** An invalid ending a real agent produced, without a single typed cause. */
export const natural = (id: string, description: string, patch: Patch): Outcome =>
  outcome(id, 'natural', description, patch);

/** An invalid ending that breaks exactly one requirement of `category`. */
export const fault = (id: string, category: Category, description: string, patch: Patch): Outcome =>
  outcome(id, 'fault', description, patch, category);
