import type { JsonValue, Row } from '../schema/json.js';
import type { Condition, Operand, Operators } from '../schema/reference.js';
import { isScalarText, sameValue } from '../state/same-value.js';
import type { Bindings } from './bindings.js';
import { readField } from './field-path.js';
import { packPattern } from './pattern.js';

/** Raised when a condition names a binding that does not resolve to the rows it needs. */
export class UnresolvedRefError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnresolvedRefError';
  }
}

const OPERATOR_NAMES = new Set([
  'eq',
  'neq',
  'in',
  'nin',
  'contains',
  'containsIgnoreCase',
  'notContains',
  'startsWith',
  'endsWith',
  'regex',
  'exists',
  'gt',
  'gte',
  'lt',
  'lte',
  'sameAs',
]);

/** Reads values out of bindings. Selector bindings read their before-row, created ones their after-row. */
export function resolveOperand(operand: Operand, bindings: Bindings): JsonValue {
  if (operand === null || typeof operand !== 'object') return operand;
  const binding = bindings.get(operand.ref);
  if (!binding) throw new UnresolvedRefError(`unknown binding "${operand.ref}"`);
  if (!binding.ok)
    throw new UnresolvedRefError(
      `binding "${operand.ref}" did not resolve: ${binding.message ?? ''}`,
    );
  if (binding.rows.length !== 1) {
    throw new UnresolvedRefError(
      `binding "${operand.ref}" holds ${binding.rows.length} rows; {ref} needs exactly one (use {refs})`,
    );
  }
  const bound = binding.rows[0]!;
  const row = binding.origin === 'created' ? bound.after : bound.before;
  return readField(row, operand.field) ?? null;
}

export function resolveList(
  list: Operand[] | { refs: string; field: string },
  bindings: Bindings,
): JsonValue[] {
  if (Array.isArray(list)) return list.map((operand) => resolveOperand(operand, bindings));
  const binding = bindings.get(list.refs);
  if (!binding) throw new UnresolvedRefError(`unknown binding "${list.refs}"`);
  if (!binding.ok)
    throw new UnresolvedRefError(
      `binding "${list.refs}" did not resolve: ${binding.message ?? ''}`,
    );
  return binding.rows.map(
    (bound) =>
      readField(binding.origin === 'created' ? bound.after : bound.before, list.field) ?? null,
  );
}

function isOperators(condition: Condition): condition is Operators {
  return (
    condition !== null &&
    typeof condition === 'object' &&
    !('ref' in condition) &&
    Object.keys(condition).every((key) => OPERATOR_NAMES.has(key))
  );
}

function compare(a: JsonValue | undefined, b: JsonValue): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function contains(
  haystack: JsonValue | undefined,
  needle: JsonValue,
  ignoreCase: boolean,
): boolean {
  if (Array.isArray(haystack)) return haystack.some((item) => sameValue(item, needle));
  if (typeof haystack !== 'string' || typeof needle !== 'string') return false;
  return ignoreCase
    ? haystack.toLowerCase().includes(needle.toLowerCase())
    : haystack.includes(needle);
}

export interface ConditionContext {
  bindings: Bindings;
  /** The same row in the before-state, for `sameAs: "before"`. */
  beforeRow?: Row | undefined;
  field: string;
  /** Operands already resolved against these bindings (one filter over a table's rows). */
  resolved?: ResolvedOperands;
}

/** A resolved `in`/`nin` list, with its scalars in a set for membership tests. */
interface ResolvedList {
  items: JsonValue[];
  scalars: Set<JsonValue>;
}

/**
 * What a filter resolves once and reuses on every row: its bindings do not change while it
 * runs, so `{ref}` and `{refs}` operands and the shape of each condition are the same for
 * every row. A resolution that throws is not kept, so it throws again where it did.
 */
export class ResolvedOperands {
  readonly #operands = new Map<object, JsonValue>();
  readonly #lists = new Map<object, ResolvedList>();
  readonly #operators = new Map<object, boolean>();

  operand(operand: Operand, bindings: Bindings): JsonValue {
    if (operand === null || typeof operand !== 'object') return operand;
    let value = this.#operands.get(operand);
    if (value === undefined) {
      value = resolveOperand(operand, bindings);
      this.#operands.set(operand, value);
    }
    return value;
  }

  list(list: Operand[] | { refs: string; field: string }, bindings: Bindings): ResolvedList {
    let resolved = this.#lists.get(list);
    if (!resolved) {
      const items = resolveList(list, bindings);
      resolved = { items, scalars: new Set(items.filter(isScalarText)) };
      this.#lists.set(list, resolved);
    }
    return resolved;
  }

  /**
   * Resolve every operand of a condition now (throws as a row would); returns the value
   * the condition requires equality with, if it is an equality (`x`, `{ref}` or `{eq}`).
   */
  prepare(condition: Condition, bindings: Bindings): JsonValue | undefined {
    if (!this.isOperators(condition)) return this.operand(condition as Operand, bindings);
    for (const [name, raw] of Object.entries(condition as Operators)) {
      if (raw === undefined || name === 'exists' || name === 'sameAs') continue;
      if (name === 'in' || name === 'nin') this.list(raw as Operand[], bindings);
      else if (name === 'regex') packPattern(raw as string);
      else this.operand(raw as Operand, bindings);
    }
    const eq = (condition as Operators).eq;
    return eq === undefined ? undefined : this.operand(eq as Operand, bindings);
  }

  isOperators(condition: Condition): boolean {
    if (condition === null || typeof condition !== 'object') return false;
    let operators = this.#operators.get(condition);
    if (operators === undefined) {
      operators = isOperators(condition);
      this.#operators.set(condition, operators);
    }
    return operators;
  }
}

// A string, boolean or finite number equals (sameValue) exactly the items that are `===` to it.
function inList(value: JsonValue | undefined, list: ResolvedList): boolean {
  if (isScalarText(value)) return list.scalars.has(value as JsonValue);
  return list.items.some((item) => sameValue(value, item));
}

/** Whether a value satisfies a condition; a scalar or `{ref}` condition means equality. */
export function satisfies(
  value: JsonValue | undefined,
  condition: Condition,
  context: ConditionContext,
): boolean {
  const { bindings } = context;
  const resolved = context.resolved ?? new ResolvedOperands();
  const operand = (raw: unknown) => resolved.operand(raw as Operand, bindings);
  if (!resolved.isOperators(condition)) return sameValue(value, operand(condition));
  for (const [name, raw] of Object.entries(condition as Operators)) {
    if (raw === undefined) continue;
    switch (name) {
      case 'eq':
        if (!sameValue(value, operand(raw))) return false;
        break;
      case 'neq':
        if (sameValue(value, operand(raw))) return false;
        break;
      case 'in':
        if (!inList(value, resolved.list(raw as Operand[], bindings))) return false;
        break;
      case 'nin':
        if (inList(value, resolved.list(raw as Operand[], bindings))) return false;
        break;
      case 'contains':
        if (!contains(value, operand(raw), false)) return false;
        break;
      case 'containsIgnoreCase':
        if (!contains(value, operand(raw), true)) return false;
        break;
      case 'notContains':
        if (contains(value, operand(raw), false)) return false;
        break;
      case 'startsWith': {
        const prefix = operand(raw);
        if (typeof value !== 'string' || typeof prefix !== 'string' || !value.startsWith(prefix))
          return false;
        break;
      }
      case 'endsWith': {
        const suffix = operand(raw);
        if (typeof value !== 'string' || typeof suffix !== 'string' || !value.endsWith(suffix))
          return false;
        break;
      }
      case 'regex':
        if (typeof value !== 'string' || !packPattern(raw as string).test(value)) return false;
        break;
      case 'exists':
        if ((value !== undefined && value !== null) !== raw) return false;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte': {
        const order = compare(value, operand(raw));
        if (order === undefined) return false;
        if (name === 'gt' && !(order > 0)) return false;
        if (name === 'gte' && !(order >= 0)) return false;
        if (name === 'lt' && !(order < 0)) return false;
        if (name === 'lte' && !(order <= 0)) return false;
        break;
      }
      case 'sameAs':
        if (!sameValue(value, readField(context.beforeRow, context.field))) return false;
        break;
    }
  }
  return true;
}

/** Human-readable form of a condition with its refs resolved, for evidence and messages. */
export function describeCondition(condition: Condition, bindings: Bindings): string {
  const show = (operand: unknown): string => {
    try {
      if (operand !== null && typeof operand === 'object' && 'ref' in operand) {
        const ref = operand as { ref: string; field: string };
        return `${JSON.stringify(resolveOperand(ref, bindings))} (${ref.ref}.${ref.field})`;
      }
      if (operand !== null && typeof operand === 'object' && 'refs' in operand) {
        const list = operand as { refs: string; field: string };
        return `${JSON.stringify(resolveList(list, bindings))} (${list.refs}[].${list.field})`;
      }
    } catch (error) {
      return `<${(error as Error).message}>`;
    }
    return JSON.stringify(operand);
  };
  if (!isOperators(condition)) return `= ${show(condition)}`;
  return Object.entries(condition)
    .map(([name, operand]) => `${name} ${show(operand)}`)
    .join(' and ');
}
