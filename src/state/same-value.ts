import type { JsonValue } from '../schema/json.js';

/**
 * Value equality for JSON values (numbers and strings do not coerce): equal JSON text,
 * with a missing value read as null. Scalars are compared without serialising (they are
 * most of what rows hold): two values that are not `===` never have the same JSON text
 * when either is a string, a boolean or a finite number; only null, undefined, non-finite
 * numbers and objects need the text.
 */
export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (isScalarText(a) || isScalarText(b)) return false;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A string, boolean or finite number: equal JSON text means `===`. */
export function isScalarText(value: JsonValue | undefined): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
}
