import type { JsonValue } from '../schema/json.js';
import type { Check, DeclarativeReference, Where } from '../schema/reference.js';
import { keyString } from '../state/key.js';
import type { State } from '../state/state.js';
import { readField } from './field-path.js';
import { resolveSelectors } from './selectors.js';

/**
 * What the reference reads from a before-state: which rows each selector resolves to and
 * the values of every field the reference mentions. Two initial conditions whose
 * readings are equal ask for the same thing, so a `related` condition must change it.
 */
export type ReferenceReading = Record<
  string,
  Array<{ key: string; values: Record<string, JsonValue> }>
>;

function whereFields(where: Where | undefined, into: Set<string>): void {
  for (const [field, condition] of Object.entries(where ?? {})) {
    into.add(field);
    if (condition && typeof condition === 'object' && 'field' in condition)
      into.add(String(condition.field));
    if (condition && typeof condition === 'object') {
      for (const operand of Object.values(condition)) {
        if (operand && typeof operand === 'object' && 'field' in operand)
          into.add(String(operand.field));
      }
    }
  }
}

function mentionedFields(reference: DeclarativeReference): Set<string> {
  const fields = new Set<string>();
  for (const selector of Object.values(reference.selectors)) whereFields(selector.where, fields);
  for (const check of reference.checks as Check[]) {
    if ('where' in check) whereFields(check.where, fields);
    if ('field' in check) fields.add(check.field);
    if ('fields' in check) for (const field of check.fields) fields.add(field);
    if (
      'expect' in check &&
      check.expect &&
      typeof check.expect === 'object' &&
      'field' in check.expect
    ) {
      fields.add(String(check.expect.field));
    }
  }
  return fields;
}

export function readReference(reference: DeclarativeReference, before: State): ReferenceReading {
  const { bindings } = resolveSelectors(reference.selectors, before, before);
  const fields = [...mentionedFields(reference)].sort();
  const reading: ReferenceReading = {};
  for (const [name, binding] of bindings) {
    const keyColumns = before.hasTable(binding.table) ? before.keyColumns(binding.table) : ['id'];
    reading[name] = binding.rows.map((bound) => {
      const values: Record<string, JsonValue> = {};
      for (const field of fields) {
        const value = readField(bound.before, field);
        if (value !== undefined) values[field] = value;
      }
      return { key: keyString(keyColumns, bound.key), values };
    });
  }
  return reading;
}

/** Selector names whose resolution or read values differ between two readings. */
export function readingDifferences(a: ReferenceReading, b: ReferenceReading): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].filter(
    (name) => JSON.stringify(a[name] ?? null) !== JSON.stringify(b[name] ?? null),
  );
}
