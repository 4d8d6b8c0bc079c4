import { AgentProofBenchError } from '../contract/error.js';
import type { Row } from '../schema/json.js';
import type { Patch } from '../schema/patch.js';
import type { Seed, SeedTable } from '../schema/seed.js';
import { derivedValue } from './derived-values.js';
import { keyObject, keyString, missingKeyColumns } from './key.js';
import type { PatchError } from './patch-error.js';
import { isScalarText } from './same-value.js';

/** Rows changed relative to the seed: key -> new row, or null when deleted. */
type TableOverlay = Map<string, Row | null>;

interface SeedIndex {
  byKey: Map<string, Row>;
  /** Each key's row position in the seed; undefined when two seed rows share a key. */
  position: Map<string, number> | undefined;
  /** The key of the row at each position. */
  keys: string[];
  /** Per column, the positions of the rows holding each scalar value (built on first use). */
  byValue: Map<string, Map<ScalarValue, number[]>>;
}

/** A value a column index can find: equal JSON text means `===` (same-value.ts). */
export type ScalarValue = string | number | boolean;

// Seed tables are shared by every state; their key index is built once per table.
const seedIndexes = new WeakMap<SeedTable, SeedIndex>();

function seedIndex(table: SeedTable): SeedIndex {
  let index = seedIndexes.get(table);
  if (!index) {
    const byKey = new Map<string, Row>();
    const position = new Map<string, number>();
    const keys: string[] = [];
    for (const [at, row] of table.rows.entries()) {
      const key = keyString(table.key, row);
      byKey.set(key, row);
      position.set(key, at);
      keys.push(key);
    }
    const unique = position.size === table.rows.length;
    index = { byKey, position: unique ? position : undefined, keys, byValue: new Map() };
    seedIndexes.set(table, index);
  }
  return index;
}

/** A row's own value of a column when it is a string, boolean or finite number. */
function scalarOf(row: Row, column: string): ScalarValue | undefined {
  if (!Object.hasOwn(row, column)) return undefined;
  const value = row[column];
  return isScalarText(value) ? (value as ScalarValue) : undefined;
}

function valueIndex(table: SeedTable, index: SeedIndex, column: string) {
  let byValue = index.byValue.get(column);
  if (!byValue) {
    byValue = new Map();
    for (const [at, row] of table.rows.entries()) {
      const value = scalarOf(row, column);
      if (value === undefined) continue;
      const positions = byValue.get(value);
      if (positions) positions.push(at);
      else byValue.set(value, [at]);
    }
    index.byValue.set(column, byValue);
  }
  return byValue;
}

/** The derived-value key of a state's merged rows, by table. */
const ROWS_BY_TABLE = Symbol('rows by table');

export interface ApplyResult {
  state: State;
  errors: PatchError[];
}

/**
 * An immutable service state: a seed plus the row changes applied to it. States share
 * the seed's rows and only hold the rows they changed (copy-on-write), so a thousand
 * states of one seed cost a thousand small overlays, not a thousand copies.
 */
export class State {
  readonly seed: Seed;
  readonly #overlays: ReadonlyMap<string, TableOverlay>;

  private constructor(seed: Seed, overlays: ReadonlyMap<string, TableOverlay>) {
    this.seed = seed;
    this.#overlays = overlays;
  }

  static fromSeed(seed: Seed): State {
    return new State(seed, new Map());
  }

  /** Table names of the seed (a patch cannot add tables). */
  tableNames(): string[] {
    return Object.keys(this.seed.tables);
  }

  hasTable(table: string): boolean {
    return Object.hasOwn(this.seed.tables, table);
  }

  keyColumns(table: string): readonly string[] {
    return this.#seedTable(table).key;
  }

  /** Every row of a table in a stable order: seed order, then inserts in patch order. */
  rows(table: string): readonly Row[] {
    // Merged rows per table, kept like derived values (src/state/derived-values.ts).
    const rowsByTable = derivedValue(this, ROWS_BY_TABLE, () => new Map<string, readonly Row[]>());
    const cached = rowsByTable.get(table);
    if (cached) return cached;
    const seedTable = this.#seedTable(table);
    const overlay = this.#overlays.get(table);
    const position = overlay?.size ? seedIndex(seedTable).position : undefined;
    let rows: readonly Row[];
    if (!overlay || overlay.size === 0) {
      rows = seedTable.rows;
    } else if (position) {
      // Changed rows take their seed row's place, without keying every seed row.
      const placed: Array<Row | null> = [...seedTable.rows];
      const inserted: Row[] = [];
      for (const [key, row] of overlay) {
        const at = position.get(key);
        if (at === undefined) {
          if (row) inserted.push(row);
        } else placed[at] = row;
      }
      rows = [...placed.filter((row): row is Row => row !== null), ...inserted];
    } else {
      const out: Row[] = [];
      const seen = new Set<string>();
      for (const row of seedTable.rows) {
        const key = keyString(seedTable.key, row);
        seen.add(key);
        if (!overlay.has(key)) out.push(row);
        else {
          const changed = overlay.get(key);
          if (changed) out.push(changed);
        }
      }
      for (const [key, row] of overlay) if (row && !seen.has(key)) out.push(row);
      rows = out;
    }
    rowsByTable.set(table, rows);
    return rows;
  }

  /**
   * The rows of a table whose key strings are in `keys`, in the order of `rows(table)`,
   * without walking the whole table (undefined when the seed repeats a key, where only
   * `rows` is exact). With `changedKeys` it finds what two states of one seed differ in.
   */
  rowsWithKeys(table: string, keys: ReadonlySet<string>): Row[] | undefined {
    const seedTable = this.#seedTable(table);
    const { position } = seedIndex(seedTable);
    if (!position) return undefined;
    const placed: Array<[number, Row]> = [];
    for (const key of keys) {
      const at = position.get(key);
      const row = at === undefined ? undefined : this.#getByKeyString(table, seedTable, key);
      if (row) placed.push([at!, row]);
    }
    const rows = placed.sort((a, b) => a[0] - b[0]).map(([, row]) => row);
    // Rows the seed does not have come after the seed's, in the order they were inserted.
    for (const [key, row] of this.#overlays.get(table) ?? [])
      if (row && keys.has(key) && !position.has(key)) rows.push(row);
    return rows;
  }

  /**
   * The rows of `rows(table)` whose own `column` holds `value`, in that order, found through
   * an index of the seed's rows plus this state's changed rows (undefined when the seed
   * repeats a key, where only `rows` is exact).
   */
  rowsWithValue(table: string, column: string, value: ScalarValue): Row[] | undefined {
    const seedTable = this.#seedTable(table);
    const index = seedIndex(seedTable);
    if (!index.position) return undefined;
    const positions = valueIndex(seedTable, index, column).get(value) ?? [];
    const overlay = this.#overlays.get(table);
    if (!overlay || overlay.size === 0) return positions.map((at) => seedTable.rows[at]!);
    const placed: Array<[number, Row]> = [];
    for (const at of positions)
      if (!overlay.has(index.keys[at]!)) placed.push([at, seedTable.rows[at]!]);
    const inserted: Row[] = [];
    for (const [key, row] of overlay) {
      if (!row || scalarOf(row, column) !== value) continue;
      const at = index.position.get(key);
      if (at === undefined) inserted.push(row);
      else placed.push([at, row]);
    }
    placed.sort((a, b) => a[0] - b[0]);
    return [...placed.map(([, row]) => row), ...inserted];
  }

  /** The row with this primary key, or undefined. */
  get(table: string, key: Row): Row | undefined {
    const seedTable = this.#seedTable(table);
    return this.#getByKeyString(table, seedTable, keyString(seedTable.key, key));
  }

  /**
   * A value computed from this state and kept with it while the state is among the most
   * recently used (indexes a replica builds; src/state/derived-values.ts bounds them).
   * States are immutable, so the value never goes stale and computing it again gives the
   * same; `key` identifies the computation (use a module-level constant or the function
   * itself).
   */
  derived<T>(key: unknown, compute: (state: State) => T): T {
    return derivedValue(this, key, () => compute(this));
  }

  /** Tables whose rows differ from the seed, with the changed keys (for fast diffs). */
  changedKeys(table: string): ReadonlySet<string> {
    return new Set(this.#overlays.get(table)?.keys() ?? []);
  }

  /** Apply an ordered patch; every operation that cannot apply is reported, not thrown. */
  apply(patch: Patch): ApplyResult {
    const overlays = new Map(this.#overlays);
    const cloned = new Set<string>();
    const errors: PatchError[] = [];
    const writable = (table: string): TableOverlay => {
      if (!cloned.has(table)) {
        overlays.set(table, new Map(overlays.get(table) ?? []));
        cloned.add(table);
      }
      return overlays.get(table)!;
    };
    const current = (table: string, seedTable: SeedTable, key: string): Row | undefined => {
      const overlay = overlays.get(table);
      if (overlay?.has(key)) return overlay.get(key) ?? undefined;
      return seedIndex(seedTable).byKey.get(key);
    };

    patch.forEach((op, opIndex) => {
      const seedTable = this.seed.tables[op.table];
      const keySource = op.op === 'insert' ? op.row : op.key;
      if (!seedTable || !Object.hasOwn(this.seed.tables, op.table)) {
        errors.push({
          code: 'unknown_table',
          opIndex,
          table: op.table,
          key: keySource,
          message: `table "${op.table}" is not in seed "${this.seed.name}" (tables: ${this.tableNames().join(', ')})`,
        });
        return;
      }
      const missing = missingKeyColumns(seedTable.key, keySource);
      if (missing.length > 0) {
        errors.push({
          code: 'bad_key',
          opIndex,
          table: op.table,
          key: keySource,
          message: `${op.op} on "${op.table}" lacks key column(s) ${missing.join(', ')} (key: ${seedTable.key.join(', ')})`,
        });
        return;
      }
      const key = keyString(seedTable.key, keySource);
      const existing = current(op.table, seedTable, key);
      if (op.op === 'insert') {
        if (existing) {
          errors.push({
            code: 'duplicate_key',
            opIndex,
            table: op.table,
            key: keyObject(seedTable.key, op.row),
            message: `insert into "${op.table}" duplicates key ${key}`,
          });
          return;
        }
        writable(op.table).set(key, op.row);
        return;
      }
      if (!existing) {
        errors.push({
          code: 'missing_row',
          opIndex,
          table: op.table,
          key: op.key,
          message: `${op.op} on "${op.table}" names key ${key}, which no row has`,
        });
        return;
      }
      if (op.op === 'update') {
        const changesKey = seedTable.key.some(
          (column) =>
            op.set[column] !== undefined &&
            JSON.stringify(op.set[column]) !== JSON.stringify(existing[column]),
        );
        if (changesKey) {
          errors.push({
            code: 'bad_key',
            opIndex,
            table: op.table,
            key: op.key,
            message: `update on "${op.table}" may not change key column(s) ${seedTable.key.join(', ')}`,
          });
          return;
        }
        writable(op.table).set(key, { ...existing, ...op.set });
      } else {
        writable(op.table).set(key, null);
      }
    });
    return { state: new State(this.seed, overlays), errors };
  }

  #seedTable(table: string): SeedTable {
    const seedTable = Object.hasOwn(this.seed.tables, table) ? this.seed.tables[table] : undefined;
    if (!seedTable)
      throw new AgentProofBenchError(
        'APB_ARGUMENT',
        `table "${table}" is not in seed "${this.seed.name}"`,
        { fix: 'name a table the seed has (its file lists them)' },
      );
    return seedTable;
  }

  #getByKeyString(table: string, seedTable: SeedTable, key: string): Row | undefined {
    const overlay = this.#overlays.get(table);
    if (overlay?.has(key)) return overlay.get(key) ?? undefined;
    return seedIndex(seedTable).byKey.get(key);
  }

  /** Row by canonical key string (used by the diff). */
  getByKeyString(table: string, key: string): Row | undefined {
    return this.#getByKeyString(table, this.#seedTable(table), key);
  }
}
