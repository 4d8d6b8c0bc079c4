import { internalError } from '../contract/error.js';
import type { JsonValue, Row } from '../schema/json.js';
import type { Patch } from '../schema/patch.js';
import type { Seed } from '../schema/seed.js';
import type { Service } from '../schema/service.js';
import { keyObject, keyString } from '../state/key.js';
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
  /**
   * The violations of `child` (= `parent` + `patch`) that involve a row the patch wrote or
   * deleted, found without reading the whole state (loading checks hundreds of states).
   * Without it, the loader compares `check` of both states.
   */
  introduced?(parent: State, child: State, patch: Patch): InvariantViolation[];
}

/** The rows of `table` a patch inserted or updated, as they are in `child` (deleted ones left out). */
export function writtenRows(child: State, patch: Patch, table: string): Row[] {
  if (!child.hasTable(table)) return [];
  const keyColumns = child.keyColumns(table);
  const seen = new Set<string>();
  const rows: Row[] = [];
  for (const op of patch) {
    if (op.table !== table || op.op === 'delete') continue;
    const key = keyString(keyColumns, op.op === 'insert' ? op.row : op.key);
    if (seen.has(key)) continue;
    seen.add(key);
    const row = child.getByKeyString(table, key);
    if (row) rows.push(row);
  }
  return rows;
}

/** Whether the patch deletes a row of `table`. */
const deletesFrom = (patch: Patch, table: string) =>
  patch.some((op) => op.op === 'delete' && op.table === table);

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

/** A row's key for messages: `"F-12"`, or `{"event_id":"e1","email":"a@b.c"}` for a composite key. */
function rowName(state: State, table: string, row: Row): string {
  const keyColumns = state.keyColumns(table);
  return keyColumns.length === 1 ? quote(row[keyColumns[0]!]) : quote(keyObject(keyColumns, row));
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

function danglingReference(
  spec: ForeignKeySpec,
  ref: ForeignKeyRef,
  state: State,
  row: Row,
): InvariantViolation | undefined {
  const [targetKey, ...more] = state.keyColumns(ref.target);
  if (!targetKey || more.length > 0)
    throw internalError(`foreign key ${spec.name}: ${ref.target} has a composite key`);
  const value = row[ref.column];
  if (value === undefined || value === null) return undefined;
  if (ref.applies && !ref.applies(row)) return undefined;
  if (hasRowWithId(state, ref.target, targetKey, value)) return undefined;
  return {
    rule: spec.name,
    rows: [violationRow(state, ref.table, row), { table: ref.target, key: { [targetKey]: value } }],
    message: `${ref.table} row ${rowName(state, ref.table, row)} has ${ref.column} ${quote(value)}, which no row of ${ref.target} has`,
  };
}

/** A rule: every non-null value of each reference names an existing row of its target. */
export function foreignKey(spec: ForeignKeySpec): InvariantRule {
  const applicable = (state: State) =>
    spec.refs.filter((ref) => state.hasTable(ref.table) && state.hasTable(ref.target));
  const scan = (state: State, ref: ForeignKeyRef, rows: readonly Row[]) =>
    rows.flatMap((row) => danglingReference(spec, ref, state, row) ?? []);
  return {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: [...new Set(spec.refs.flatMap((ref) => [ref.table, ref.target]))],
    check: (state) => applicable(state).flatMap((ref) => scan(state, ref, state.rows(ref.table))),
    // A reference breaks only where the patch wrote the referring row or deleted a target.
    introduced: (_parent, child, patch) =>
      applicable(child).flatMap((ref) =>
        scan(
          child,
          ref,
          deletesFrom(patch, ref.target)
            ? child.rows(ref.table)
            : writtenRows(child, patch, ref.table),
        ),
      ),
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

/** A row a patch wrote, with its group. */
interface Written {
  source: UniqueSource;
  key: string;
  id: string;
}

/** A rule: no two rows (of one or several tables) share a value within a scope. */
export function uniqueWithin(spec: UniqueSpec): InvariantRule {
  const groupOf = (source: UniqueSource, row: Row): string | undefined => {
    const scope = source.scope(row);
    const value = scope === undefined ? undefined : source.value(row);
    return scope === undefined || value === undefined ? undefined : JSON.stringify([scope, value]);
  };
  // Rows of the seed by group, built once per seed: a state's rows are the seed's, except
  // those it changed (State.changedKeys), so a group's members are found without a scan.
  const seedIndexes = new WeakMap<
    Seed,
    Map<string, Array<{ source: UniqueSource; key: string }>>
  >();
  const seedIndex = (seed: Seed) => {
    let index = seedIndexes.get(seed);
    if (index) return index;
    index = new Map();
    for (const source of spec.sources) {
      const content = Object.hasOwn(seed.tables, source.table)
        ? seed.tables[source.table]
        : undefined;
      for (const row of content?.rows ?? []) {
        const id = groupOf(source, row);
        if (id === undefined) continue;
        const entry = { source, key: keyString(content!.key, row) };
        const members = index.get(id);
        if (members) members.push(entry);
        else index.set(id, [entry]);
      }
    }
    seedIndexes.set(seed, index);
    return index;
  };
  /** The rows a state changed relative to its seed, by their group now (kept with the state). */
  const changedIndexKey = {};
  const changedIndex = (state: State) =>
    state.derived(changedIndexKey, (of) => {
      const index = new Map<string, Array<{ source: UniqueSource; key: string }>>();
      for (const source of spec.sources) {
        if (!of.hasTable(source.table)) continue;
        for (const key of of.changedKeys(source.table)) {
          const row = of.getByKeyString(source.table, key);
          const id = row && groupOf(source, row);
          if (id === undefined) continue;
          const members = index.get(id);
          if (members) members.push({ source, key });
          else index.set(id, [{ source, key }]);
        }
      }
      return index;
    });
  /**
   * The rows of `child` in group `id`: candidates are the seed's and the parent's changed
   * rows in the group, and the rows the patch wrote; each is re-read in `child`.
   */
  const membersOf = (parent: State, child: State, id: string, written: readonly Written[]) => {
    const members = new Map<string, { table: string; row: Row }>();
    const consider = (source: UniqueSource, key: string) => {
      const row = child.getByKeyString(source.table, key);
      if (row && groupOf(source, row) === id)
        members.set(`${source.table}:${key}`, { table: source.table, row });
    };
    for (const member of seedIndex(child.seed).get(id) ?? []) consider(member.source, member.key);
    for (const member of changedIndex(parent).get(id) ?? []) consider(member.source, member.key);
    for (const entry of written) if (entry.id === id) consider(entry.source, entry.key);
    return [...members.values()];
  };
  const clashes = (state: State): InvariantViolation[] => {
    const groups = new Map<string, { scope: string; rows: Array<{ table: string; row: Row }> }>();
    for (const source of spec.sources) {
      for (const row of rowsOf(state, source.table)) {
        const id = groupOf(source, row);
        if (id === undefined) continue;
        const group = groups.get(id);
        if (group) group.rows.push({ table: source.table, row });
        else groups.set(id, { scope: source.scope(row)!, rows: [{ table: source.table, row }] });
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
  };
  return {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: spec.sources.map((source) => source.table),
    check: (state) => clashes(state),
    // Deleting a row cannot make a clash; a written row can only clash inside its own group.
    introduced: (parent, child, patch) => {
      const written: Written[] = [];
      const wanted = new Map<string, string>();
      for (const source of spec.sources) {
        if (!child.hasTable(source.table)) continue;
        const keyColumns = child.keyColumns(source.table);
        for (const row of writtenRows(child, patch, source.table)) {
          const id = groupOf(source, row);
          if (id === undefined) continue;
          written.push({ source, key: keyString(keyColumns, row), id });
          wanted.set(id, source.scope(row)!);
        }
      }
      const violations: InvariantViolation[] = [];
      for (const [id, scope] of wanted) {
        const rows = membersOf(parent, child, id, written);
        if (rows.length < 2) continue;
        violations.push({
          rule: spec.name,
          rows: rows.map(({ table, row }) => violationRow(child, table, row)),
          message: spec.describe({ scope, rows }),
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
  /**
   * Whether a patch can change the verdict on rows it did not write (through the lookups),
   * e.g. by trashing their folder. When given, a patch for which it is false has only its
   * written rows tested; a test that reads the row alone answers `() => false`.
   */
  affectsOtherRows?: (patch: Patch) => boolean;
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
  const test = (state: State, table: string, rows: readonly Row[]): InvariantViolation[] =>
    rows.flatMap((row) => {
      const problem = spec.test(row, table, state);
      return problem
        ? [
            {
              rule: spec.name,
              rows: [violationRow(state, table, row), ...(problem.rows ?? [])],
              message: problem.message,
            },
          ]
        : [];
    });
  const rule: InvariantRule = {
    name: spec.name,
    service: spec.service,
    description: spec.description,
    why: spec.why,
    fix: spec.fix,
    tables: [...spec.tables, ...(spec.reads ?? [])],
    check: (state) => spec.tables.flatMap((table) => test(state, table, rowsOf(state, table))),
  };
  const { affectsOtherRows } = spec;
  if (affectsOtherRows)
    rule.introduced = (_parent, child, patch) =>
      affectsOtherRows(patch)
        ? rule.check(child)
        : spec.tables.flatMap((table) => test(child, table, writtenRows(child, patch, table)));
  return rule;
}
