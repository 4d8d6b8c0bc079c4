// Documented response shapes and the check that counts which documented fields a response
// carries with the documented type.

/** A JSON type; a trailing `?` also admits null (the API documents the field as nullable). */
export type FieldType =
  | 'string'
  | 'string?'
  | 'number'
  | 'number?'
  | 'boolean'
  | 'boolean?'
  | 'object'
  | 'object?'
  | 'array'
  | 'array?';

/** A documented object: each field's type, a nested object, or `[shape]` for a list of objects. */
export interface Shape {
  [field: string]: FieldType | Shape | [Shape];
}

export interface ShapeCheck {
  documented: number;
  present: number;
  /** Dotted paths of documented fields absent or of another type (`items[].id`). */
  missing: string[];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matches(value: unknown, type: FieldType): boolean {
  const nullable = type.endsWith('?');
  const base = nullable ? type.slice(0, -1) : type;
  if (value === null) return nullable;
  return typeOf(value) === base;
}

/** How many fields a shape documents, nested ones included. */
export function countFields(shape: Shape): number {
  let total = 0;
  for (const spec of Object.values(shape)) {
    total += 1;
    if (Array.isArray(spec)) total += countFields(spec[0]);
    else if (typeof spec === 'object') total += countFields(spec);
  }
  return total;
}

/**
 * Counts the documented fields `value` carries. A list's item shape is checked on every
 * item (a field counts only when every item has it); an empty list leaves its item fields
 * unverified, which counts them missing, so the catalogue must pick requests with data.
 */
export function checkShape(value: unknown, shape: Shape, at = ''): ShapeCheck {
  const result: ShapeCheck = { documented: 0, present: 0, missing: [] };
  const add = (other: ShapeCheck) => {
    result.documented += other.documented;
    result.present += other.present;
    result.missing.push(...other.missing);
  };
  const object =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  for (const [field, spec] of Object.entries(shape)) {
    const fieldPath = at === '' ? field : `${at}.${field}`;
    const fieldValue = Object.hasOwn(object, field) ? object[field] : undefined;
    result.documented += 1;
    if (typeof spec === 'string') {
      if (fieldValue !== undefined && matches(fieldValue, spec)) result.present += 1;
      else result.missing.push(fieldPath);
      continue;
    }
    if (Array.isArray(spec)) {
      const items = Array.isArray(fieldValue) ? fieldValue : [];
      if (Array.isArray(fieldValue)) result.present += 1;
      else result.missing.push(fieldPath);
      if (items.length === 0) {
        result.documented += countFields(spec[0]);
        result.missing.push(`${fieldPath}[] (no items to check)`);
        continue;
      }
      const checks = items.map((item) => checkShape(item, spec[0], `${fieldPath}[]`));
      // Every item must carry a field for it to count: take the item that carries the fewest.
      add(checks.reduce((worst, check) => (check.present < worst.present ? check : worst)));
      continue;
    }
    if (fieldValue !== null && typeof fieldValue === 'object' && !Array.isArray(fieldValue))
      result.present += 1;
    else result.missing.push(fieldPath);
    add(checkShape(fieldValue, spec, fieldPath));
  }
  return result;
}
