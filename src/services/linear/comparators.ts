/**
 * Linear's filter comparators (`eq`, `in`, `containsIgnoreCase`, `lt`, `null`, ...) over
 * one column value. Dates compare as instants (the Agent-Diff rows store naive UTC
 * timestamps); timeless dates and strings compare as text.
 */
export type ScalarKind = 'id' | 'string' | 'number' | 'date' | 'timelessDate' | 'boolean';

export type Comparator = Record<string, unknown>;

// Lists sort and filter the same rows call after call, so each timestamp text is parsed
// once; the memo forgets everything past a bound (a verifier's operands are texts too).
const instants = new Map<string, number | null>();
const MAX_REMEMBERED_INSTANTS = 100_000;

/** Timestamps without a zone are UTC, as the seeds store them. */
export function instant(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const known = instants.get(value);
  if (known !== undefined) return known;
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) || !value.includes('T') ? value : `${value}Z`;
  const time = Date.parse(zoned);
  const parsed = Number.isNaN(time) ? null : time;
  if (instants.size >= MAX_REMEMBERED_INSTANTS) instants.clear();
  instants.set(value, parsed);
  return parsed;
}

function normalise(value: unknown, kind: ScalarKind): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (kind === 'date') return instant(value);
  if (kind === 'number') return typeof value === 'number' ? value : null;
  if (kind === 'boolean') return typeof value === 'boolean' ? value : null;
  return typeof value === 'string' ? value : String(value);
}

function order(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function lower(value: unknown): string {
  return String(value).toLowerCase();
}

/** Whether `raw` satisfies every operator of the comparator. */
export function matchesComparator(raw: unknown, comparator: Comparator, kind: ScalarKind): boolean {
  const value = normalise(raw, kind);
  for (const [operator, operandRaw] of Object.entries(comparator)) {
    if (operandRaw === undefined) continue;
    if (operator === 'null') {
      if ((value === null) !== operandRaw) return false;
      continue;
    }
    if (operator === 'in' || operator === 'nin') {
      const list = (Array.isArray(operandRaw) ? operandRaw : []).map((item) =>
        normalise(item, kind),
      );
      const found =
        value !== null && list.some((item) => item !== null && order(item, value) === 0);
      if (found !== (operator === 'in')) return false;
      continue;
    }
    const operand = normalise(operandRaw, kind);
    // A missing value satisfies only the negative operators.
    if (value === null || operand === null) {
      if (!operator.startsWith('n')) return false;
      continue;
    }
    if (!test(operator, value, operand)) return false;
  }
  return true;
}

function test(
  operator: string,
  value: string | number | boolean,
  operand: string | number | boolean,
): boolean {
  switch (operator) {
    case 'eq':
      return order(value, operand) === 0;
    case 'neq':
      return order(value, operand) !== 0;
    case 'lt':
      return order(value, operand) < 0;
    case 'lte':
      return order(value, operand) <= 0;
    case 'gt':
      return order(value, operand) > 0;
    case 'gte':
      return order(value, operand) >= 0;
    case 'eqIgnoreCase':
      return lower(value) === lower(operand);
    case 'neqIgnoreCase':
      return lower(value) !== lower(operand);
    case 'contains':
      return String(value).includes(String(operand));
    case 'containsIgnoreCase':
      return lower(value).includes(lower(operand));
    case 'notContains':
      return !String(value).includes(String(operand));
    case 'notContainsIgnoreCase':
      return !lower(value).includes(lower(operand));
    case 'startsWith':
      return String(value).startsWith(String(operand));
    case 'notStartsWith':
      return !String(value).startsWith(String(operand));
    case 'endsWith':
      return String(value).endsWith(String(operand));
    case 'notEndsWith':
      return !String(value).endsWith(String(operand));
    default:
      // The schema's input types admit no other operator; validation rejects it first.
      return false;
  }
}
