import type {
  Check,
  Condition,
  DeclarativeReference,
  Operand,
  Where,
} from '../schema/reference.js';

/**
 * One piece of evidence a declarative reference reads: a column of a table (`column`), or
 * only the rows of a table (`column` absent: which rows exist, were inserted or deleted).
 */
export interface EvidenceRead {
  table: string;
  /** The column read; a dotted field (`start.dateTime`) reads its first segment's column. */
  column?: string;
  /** JSON path inside the reference, e.g. `["selectors", "priya", "where", "display_name"]`. */
  path: Array<string | number>;
}

type At = Array<string | number>;

/** The column a field reads: the field itself, or the JSON column a dotted path reads into. */
export function columnOfField(field: string): string {
  return field.split('.')[0] ?? field;
}

/**
 * Every table and column the reference reads, each with where it is read (docs/pack-format.md,
 * "Evidence is public"): selector `where` fields, `{ref}`/`{refs}` operands (the column of the
 * bound table), check tables, fields, `where` and targets, and the tables of `unchanged`.
 * Bindings resolve to the table of their selector or `created` check; a binding the reference
 * does not define is skipped here (the loader reports it as `unknown_binding`). Predicate
 * checks are code and name no columns, so they add nothing.
 */
export function evidenceReads(reference: DeclarativeReference): EvidenceRead[] {
  const reads: EvidenceRead[] = [];
  const tableOf = new Map<string, string>();
  const add = (table: string | undefined, column: string | undefined, path: At) => {
    if (table === undefined) return;
    reads.push(column === undefined ? { table, path } : { table, column, path });
  };
  const operand = (value: Operand, at: At) => {
    if (value !== null && typeof value === 'object')
      add(tableOf.get(value.ref), columnOfField(value.field), [...at, 'field']);
  };
  const list = (value: Operand[] | { refs: string; field: string }, at: At) => {
    if (!Array.isArray(value))
      add(tableOf.get(value.refs), columnOfField(value.field), [...at, 'field']);
    else
      value.forEach((item, index) => {
        operand(item, [...at, index]);
      });
  };
  const condition = (value: Condition, at: At) => {
    if (value === null || typeof value !== 'object') return;
    if ('ref' in value) {
      operand(value as Operand, at);
      return;
    }
    for (const [operator, raw] of Object.entries(value)) {
      if (raw === undefined || operator === 'regex' || operator === 'exists') continue;
      if (operator === 'sameAs') continue; // the same column as the condition's own field
      const here = [...at, operator];
      if (operator === 'in' || operator === 'nin')
        list(raw as Operand[] | { refs: string; field: string }, here);
      else operand(raw as Operand, here);
    }
  };
  const where = (table: string, value: Where, at: At) => {
    for (const [field, cond] of Object.entries(value)) {
      add(table, columnOfField(field), [...at, field]);
      condition(cond, [...at, field]);
    }
  };

  for (const [name, selector] of Object.entries(reference.selectors)) {
    const at: At = ['selectors', name];
    add(selector.table, undefined, [...at, 'table']);
    where(selector.table, selector.where, [...at, 'where']);
    tableOf.set(name, selector.table);
  }
  reference.checks.forEach((check: Check, index) => {
    const at: At = ['checks', index];
    switch (check.kind) {
      case 'field': {
        const table = tableOf.get(check.target);
        add(table, columnOfField(check.field), [...at, 'field']);
        condition(check.expect, [...at, 'expect']);
        break;
      }
      case 'preserved': {
        const table = tableOf.get(check.target);
        check.fields.forEach((field, position) => {
          add(table, columnOfField(field), [...at, 'fields', position]);
        });
        break;
      }
      case 'deleted':
        add(tableOf.get(check.target), undefined, [...at, 'target']);
        break;
      case 'set':
        add(check.table, columnOfField(check.field), [...at, 'field']);
        where(check.table, check.where, [...at, 'where']);
        list(check.expect, [...at, 'expect']);
        break;
      case 'count':
        add(check.table, undefined, [...at, 'table']);
        where(check.table, check.where, [...at, 'where']);
        break;
      case 'created':
        add(check.table, undefined, [...at, 'table']);
        where(check.table, check.where, [...at, 'where']);
        tableOf.set(check.bind, check.table);
        break;
      case 'unchanged':
        check.tables.forEach((table, position) => {
          add(table, undefined, [...at, 'tables', position]);
        });
        break;
      case 'predicate':
        break;
    }
  });
  return reads;
}
