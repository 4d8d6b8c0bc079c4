import { pyEquals } from '../../reference/legacy-diff/python-values.js';
import type { JsonValue, Row } from '../../schema/json.js';
import type { Patch, PatchOp } from '../../schema/patch.js';
import type { Seed } from '../../schema/seed.js';
import { diffStates } from '../../state/diff.js';
import { keyObject, keyString } from '../../state/key.js';
import type { State } from '../../state/state.js';
import { checkImportedJson } from './json-values.js';
import type { RecordedRun } from './runs.js';

const jsonColumnCache = new WeakMap<Seed, Map<string, Set<string>>>();

/** Columns that hold lists or objects in the seed: the journal stores these as JSON text. */
function jsonColumns(seed: Seed, table: string): ReadonlySet<string> {
  let byTable = jsonColumnCache.get(seed);
  if (!byTable) {
    byTable = new Map();
    for (const [name, seedTable] of Object.entries(seed.tables)) {
      const columns = new Set<string>();
      for (const row of seedTable.rows) {
        for (const [column, value] of Object.entries(row))
          if (value !== null && typeof value === 'object') columns.add(column);
      }
      byTable.set(name, columns);
    }
    jsonColumnCache.set(seed, byTable);
  }
  return byTable.get(table) ?? new Set();
}

function decodeJsonText(value: JsonValue | undefined, source: string): JsonValue | undefined {
  if (typeof value !== 'string') return value;
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(value) as JsonValue;
  } catch {
    return value;
  }
  if (parsed === null || typeof parsed !== 'object') return value;
  checkImportedJson(parsed, source);
  return parsed;
}

/** A run's row in the seed's representation (JSON text of JSON columns decoded). */
function normalizeRow(seed: Seed, table: string, row: Row): Row {
  const columns = jsonColumns(seed, table);
  if (columns.size === 0) return row;
  const out: Row = {};
  for (const [column, value] of Object.entries(row))
    out[column] = columns.has(column)
      ? (decodeJsonText(value, `the JSON text of ${table}.${column} in a recorded run`) ?? null)
      : value;
  return out;
}

export interface ReplayProblem {
  runId: string;
  message: string;
}

export interface Replay {
  patch: Patch;
  after: State;
  problems: ReplayProblem[];
}

/**
 * Replay a recorded run onto a before-state as a row patch: inserts, then updates in
 * their recorded order, then deletes. An update writes only the columns its own before-
 * and after-image disagree on, so format differences between the recording and the seed
 * (timestamps, omitted null columns) never turn into spurious changes. A row that is both
 * deleted and inserted is replaced when the before-state has it (delete first) and is a
 * temporary row otherwise (insert, later delete).
 */
export function replayRun(run: RecordedRun, before: State): Replay {
  const seed = before.seed;
  if (!run.hasDiff) {
    return {
      patch: [],
      after: before,
      problems: [
        {
          runId: run.runId,
          message: 'the recording has no diff (the run may have crashed); nothing to replay',
        },
      ],
    };
  }
  const problems: ReplayProblem[] = [];
  const ops: PatchOp[] = [];
  const keyOf = (table: string, row: Row): string | undefined =>
    before.hasTable(table) ? keyString(before.keyColumns(table), row) : undefined;
  const unknownTable = (table: string) =>
    problems.push({ runId: run.runId, message: `table "${table}" is not in seed "${seed.name}"` });

  const deletedKeys = new Set(
    run.deletes.map(({ table, row }) => `${table}\u0000${keyOf(table, row)}`),
  );
  const replaced = new Set<string>();
  for (const { table, row } of run.inserts) {
    if (!before.hasTable(table)) {
      unknownTable(table);
      continue;
    }
    const tagged = `${table}\u0000${keyOf(table, row)}`;
    if (deletedKeys.has(tagged) && before.get(table, row) !== undefined) {
      ops.push({ op: 'delete', table, key: keyObject(before.keyColumns(table), row) });
      replaced.add(tagged);
    }
    ops.push({ op: 'insert', table, row: normalizeRow(seed, table, row) });
  }
  for (const update of run.updates) {
    if (!before.hasTable(update.table)) {
      unknownTable(update.table);
      continue;
    }
    const beforeImage = normalizeRow(seed, update.table, update.before);
    const afterImage = normalizeRow(seed, update.table, update.after);
    const set: Row = {};
    for (const [column, value] of Object.entries(afterImage)) {
      if (!pyEquals(value, beforeImage[column])) set[column] = value;
    }
    for (const column of Object.keys(beforeImage)) {
      if (!Object.hasOwn(afterImage, column)) set[column] = null;
    }
    if (Object.keys(set).length === 0) continue;
    ops.push({
      op: 'update',
      table: update.table,
      key: keyObject(before.keyColumns(update.table), afterImage),
      set,
    });
  }
  for (const { table, row } of run.deletes) {
    if (!before.hasTable(table)) {
      unknownTable(table);
      continue;
    }
    if (replaced.has(`${table}\u0000${keyOf(table, row)}`)) continue;
    ops.push({ op: 'delete', table, key: keyObject(before.keyColumns(table), row) });
  }
  const { state, errors } = before.apply(ops);
  for (const error of errors)
    problems.push({ runId: run.runId, message: `op ${error.opIndex}: ${error.message}` });
  return { patch: ops, after: state, problems };
}

/** A canonical text of the final state relative to the before-state, for deduplication. */
export function finalStateFingerprint(before: State, after: State): string {
  const diff = diffStates(before, after);
  const tables = Object.keys(diff).sort();
  const canonical = (row: Row): string =>
    JSON.stringify(
      Object.fromEntries(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    );
  return JSON.stringify(
    tables.map((table) => {
      const changes = diff[table]!;
      return [
        table,
        changes.inserts.map(canonical).sort(),
        changes.updates.map((update) => canonical(update.after)).sort(),
        changes.deletes.map(canonical).sort(),
      ];
    }),
  );
}
