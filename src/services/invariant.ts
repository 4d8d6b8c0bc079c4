import type { JsonValue, Row } from '../schema/json.js';
import type { Service } from '../schema/service.js';
import { keyObject } from '../state/key.js';
import type { State } from '../state/state.js';

/** One row a violation names: its table and primary key (the row may be missing, e.g. a foreign key's target). */
export interface ViolationRow {
  table: string;
  key: Record<string, JsonValue>;
}

/** A state breaks a service invariant: which rule, which rows, and what is wrong in words. */
export interface InvariantViolation {
  /** The rule's stable name, e.g. `box.unique-name-in-folder`. */
  rule: string;
  /** The rows involved, offending rows first (a missing foreign-key target last). */
  rows: ViolationRow[];
  message: string;
}

/**
 * A property every state of the real service has (docs/pack-format.md, "Service invariants"):
 * a pack state without it is one the agent could never have produced or read.
 */
export interface InvariantRule {
  /** Stable name: `<service>.<what>`, used in errors and docs. */
  name: string;
  service: Service;
  /** What the rule checks, one sentence. */
  description: string;
  /** Why the real service holds it (the API behaviour that refuses the opposite). */
  why: string;
  /** How a pack author fixes a violation, one sentence. */
  fix: string;
  /** Tables the rule reads: a patch that touches none of them cannot change its violations. */
  tables: readonly string[];
  /** Every violation in the state; tables the seed lacks are skipped (their rows cannot break it). */
  check(state: State): InvariantViolation[];
}

/** The row's primary key as a violation row. */
export function violationRow(state: State, table: string, row: Row): ViolationRow {
  return { table, key: keyObject(state.keyColumns(table), row) };
}

/** A column value as text for grouping and lookups; ids are strings in some seeds and numbers in others. */
export function textOf(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** The rows of a table, or none when the seed lacks the table. */
export function rowsOf(state: State, table: string): readonly Row[] {
  return state.hasTable(table) ? state.rows(table) : [];
}

/** A quoted id for messages: `"F-12"`. */
export function quote(value: JsonValue | undefined): string {
  return JSON.stringify(value ?? null);
}

/** Whether a row with this single-column primary key exists (string and number ids match). */
function hasRowWithId(state: State, table: string, column: string, value: JsonValue): boolean {
  if (state.get(table, { [column]: value })) return true;
  if (typeof value === 'number') return state.get(table, { [column]: String(value) }) !== undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return state.get(table, { [column]: Number(value) }) !== undefined;
  return false;
}

/** One reference: `table.column` names a row of `target` by its single-column primary key. */
export interface ForeignKeyRef {
  table: string;
  column: string;
  target: string;
  /** Only rows this accepts refer to `target` (e.g. `item_type` is `file`). */
  applies?: (row: Row) => boolean;
}

export interface ForeignKeySpec {
  name: string;
  service: Service;
  refs: readonly ForeignKeyRef[];
  description: string;
  why: string;
  fix: string;
}

/** A rule: every non-null value of each reference names an existing row of its target. */
export function foreignKey(spec: ForeignKeySpec): InvariantRule {
  return {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: [...new Set(spec.refs.flatMap((ref) => [ref.table, ref.target]))],
    check(state) {
      const violations: InvariantViolation[] = [];
      for (const ref of spec.refs) {
        if (!state.hasTable(ref.table) || !state.hasTable(ref.target)) continue;
        const [targetKey, ...more] = state.keyColumns(ref.target);
        if (!targetKey || more.length > 0)
          throw new Error(`foreign key ${spec.name}: ${ref.target} has a composite key`);
        for (const row of state.rows(ref.table)) {
          const value = row[ref.column];
          if (value === undefined || value === null) continue;
          if (ref.applies && !ref.applies(row)) continue;
          if (hasRowWithId(state, ref.target, targetKey, value)) continue;
          violations.push({
            rule: spec.name,
            rows: [
              violationRow(state, ref.table, row),
              { table: ref.target, key: { [targetKey]: value } },
            ],
            message: `${ref.table} row ${quote(keyObject(state.keyColumns(ref.table), row))} has ${ref.column} ${quote(value)}, which no row of ${ref.target} has`,
          });
        }
      }
      return violations;
    },
  };
}

/** One table whose rows take part in a uniqueness rule. */
export interface UniqueSource {
  table: string;
  /** The scope a row's value must be unique in (a folder, a team), or undefined when the row takes no part. */
  scope: (row: Row) => string | undefined;
  /** The value compared, already normalised (e.g. lower-cased); undefined when the row has none. */
  value: (row: Row) => string | undefined;
}

export interface UniqueSpec {
  name: string;
  service: Service;
  sources: readonly UniqueSource[];
  /** Words for one clash, given the rows (at least two) and the shared scope. */
  describe: (clash: { scope: string; rows: ReadonlyArray<{ table: string; row: Row }> }) => string;
  description: string;
  why: string;
  fix: string;
}

/** A rule: no two rows (of one or several tables) share a value within a scope. */
export function uniqueWithin(spec: UniqueSpec): InvariantRule {
  return {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: spec.sources.map((source) => source.table),
    check(state) {
      const groups = new Map<string, { scope: string; rows: Array<{ table: string; row: Row }> }>();
      for (const source of spec.sources) {
        for (const row of rowsOf(state, source.table)) {
          const scope = source.scope(row);
          const value = scope === undefined ? undefined : source.value(row);
          if (scope === undefined || value === undefined) continue;
          const id = JSON.stringify([scope, value]);
          const group = groups.get(id);
          if (group) group.rows.push({ table: source.table, row });
          else groups.set(id, { scope, rows: [{ table: source.table, row }] });
        }
      }
      const violations: InvariantViolation[] = [];
      for (const group of groups.values()) {
        if (group.rows.length < 2) continue;
        violations.push({
          rule: spec.name,
          rows: group.rows.map(({ table, row }) => violationRow(state, table, row)),
          message: spec.describe(group),
        });
      }
      return violations;
    },
  };
}

export interface RowRuleSpec {
  name: string;
  service: Service;
  /** The tables whose rows are tested. */
  tables: readonly string[];
  /** Further tables the test reads (lookups). */
  reads?: readonly string[];
  /** What is wrong with one row, or undefined when it holds; `rows` adds rows beyond the tested one. */
  test: (
    row: Row,
    table: string,
    state: State,
  ) => { message: string; rows?: ViolationRow[] } | undefined;
  description: string;
  why: string;
  fix: string;
}

/** A rule tested on each row on its own (with lookups into the state). */
export function eachRow(spec: RowRuleSpec): InvariantRule {
  return {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: [...spec.tables, ...(spec.reads ?? [])],
    check(state) {
      const violations: InvariantViolation[] = [];
      for (const table of spec.tables) {
        for (const row of rowsOf(state, table)) {
          const problem = spec.test(row, table, state);
          if (!problem) continue;
          violations.push({
            rule: spec.name,
            rows: [violationRow(state, table, row), ...(problem.rows ?? [])],
            message: problem.message,
          });
        }
      }
      return violations;
    },
  };
}
