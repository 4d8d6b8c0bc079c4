import type { JsonValue, Row } from '../../schema/json.js';
import type { Seed } from '../../schema/seed.js';
import { keyObject } from '../../state/key.js';
import type { State } from '../../state/state.js';
import type { LegacyDiffSpec, LegacyPredicate } from './spec.js';

/**
 * The stale-binding lint. An assertion keyed on a literal id (`where: {assigneeId: "u-17"}`)
 * is right only as long as the instruction's words ("assign it to Priya") still resolve to
 * that row. When the id is a primary key of a before-state row, a selector on the row's
 * name could resolve it from the current before-state instead; this is exactly the
 * frozen-binding risk AgentProofBench measures, so the importer reports every such key.
 */
export interface StaleBindingFinding {
  /** 1-based assertion number, as in Agent-Diff messages. */
  assertion: number;
  /** `where.<field>` or `expected_changes.<field>.from|to`. */
  at: string;
  value: string;
  table: string;
  keyColumn: string;
  /** The instruction itself spells the id, so the binding is given rather than frozen. */
  namedInInstruction: boolean;
  /** A before-state selector that finds the same row by a human-readable column, if the row has one. */
  selector?: { table: string; where: Record<string, JsonValue>; unique: boolean };
  message: string;
}

// Readable columns, best first, across the four services' tables.
export const DESCRIPTIVE_COLUMNS = [
  'name',
  'title',
  'summary',
  'identifier',
  'key',
  'channel_name',
  'real_name',
  'display_name',
  'displayName',
  'username',
  'email',
  'login',
];
const MIN_ID_LENGTH = 3;
// A column that holds a row reference by its name: `id`, `assigneeId`, `calendar_id`, `labelIds`.
const ID_LIKE_FIELD = /(?:^|_)ids?$|[a-z]Ids?$/;

interface KeyedRow {
  table: string;
  keyColumn: string;
  row: Row;
}

interface SeedIndex {
  ids: Map<string, KeyedRow[]>;
  /** Values of readable columns (names, emails, ...) of any row. */
  readable: Set<string>;
}

const seedIndexes = new WeakMap<Seed, SeedIndex>();

function addId(
  index: Map<string, KeyedRow[]>,
  value: unknown,
  entry: Omit<KeyedRow, 'row'>,
  row: Row,
) {
  if (typeof value !== 'string' || value.length < MIN_ID_LENGTH) return;
  const entries = index.get(value) ?? [];
  entries.push({ ...entry, row });
  index.set(value, entries);
}

/**
 * Ids of the seed's rows. A one-column key is the row's id. Of a composite key, the id-like
 * columns whose values are no other table's id (`calendar_acl_rules.id`; not its
 * `calendar_id`, which is a calendars id, nor an attendee's `email`) identify the row too.
 */
function seedIndex(state: State): SeedIndex {
  let index = seedIndexes.get(state.seed);
  if (index) return index;
  const ids = new Map<string, KeyedRow[]>();
  const readable = new Set<string>();
  const composite: string[] = [];
  for (const table of state.tableNames()) {
    const key = state.keyColumns(table);
    for (const row of state.rows(table))
      for (const column of DESCRIPTIVE_COLUMNS) {
        const value = row[column];
        if (typeof value === 'string' && value.trim() !== '') readable.add(value);
      }
    if (key.length !== 1) {
      composite.push(table);
      continue;
    }
    for (const row of state.rows(table))
      addId(ids, row[key[0]!], { table, keyColumn: key[0]! }, row);
  }
  const singleIds = new Set(ids.keys());
  for (const table of composite) {
    const columns = state
      .keyColumns(table)
      .filter((column) => ID_LIKE_FIELD.test(column) && !DESCRIPTIVE_COLUMNS.includes(column));
    for (const row of state.rows(table))
      for (const column of columns)
        if (!singleIds.has(row[column] as string))
          addId(ids, row[column], { table, keyColumn: column }, row);
  }
  index = { ids, readable };
  seedIndexes.set(state.seed, index);
  return index;
}

function literalOperands(predicate: LegacyPredicate): string[] {
  const values: JsonValue[] = [];
  for (const op of ['eq', 'ne', 'in', 'not_in'] as const) {
    const operand = predicate[op];
    if (operand === undefined) continue;
    if (Array.isArray(operand)) values.push(...operand);
    else values.push(operand);
  }
  return values.filter((value): value is string => typeof value === 'string');
}

function selectorFor(state: State, found: KeyedRow): StaleBindingFinding['selector'] {
  for (const column of DESCRIPTIVE_COLUMNS) {
    const value = found.row[column];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const unique = state.rows(found.table).filter((row) => row[column] === value).length === 1;
    return { table: found.table, where: { [column]: value }, unique };
  }
  return undefined;
}

/**
 * `actorId` is the user the task acts as: the public task names it, so an assertion keyed
 * on it is bound by the task, not frozen from an earlier state.
 */
export function lintStaleBindings(
  spec: LegacyDiffSpec,
  before: State,
  instruction: string,
  actorId?: string,
): StaleBindingFinding[] {
  const index = seedIndex(before);
  const findings: StaleBindingFinding[] = [];
  const inspect = (assertion: number, at: string, field: string, predicate: LegacyPredicate) => {
    for (const value of literalOperands(predicate)) {
      if (value === actorId) continue;
      // A user's email that only coincides with an id (a primary calendar's) is readable text.
      const column = field.split('.').at(-1)!;
      if (!ID_LIKE_FIELD.test(column) && index.readable.has(value)) continue;
      const found = index.ids
        .get(value)
        ?.find(
          (entry) =>
            before.get(entry.table, keyObject(before.keyColumns(entry.table), entry.row)) !==
            undefined,
        );
      if (!found) continue;
      const selector = selectorFor(before, found);
      const namedInInstruction = instruction.includes(value);
      const how = selector
        ? `a selector ${found.table} where ${Object.entries(selector.where)
            .map(([column, v]) => `${column} = ${JSON.stringify(v)}`)
            .join(
              ' and ',
            )}${selector.unique ? '' : ' (not unique: needs more columns)'} would resolve it from the before-state`
        : "no readable column identifies the row; a selector needs the instruction's own description";
      findings.push({
        assertion,
        at,
        value,
        table: found.table,
        keyColumn: found.keyColumn,
        namedInInstruction,
        ...(selector ? { selector } : {}),
        message: `assertion#${assertion} ${at} is the literal ${found.table}.${found.keyColumn} "${value}"${namedInInstruction ? ' (the instruction spells it)' : ''}; ${how}`,
      });
    }
  };
  spec.assertions.forEach((assertion, offset) => {
    const number = offset + 1;
    for (const [field, predicate] of Object.entries(assertion.where))
      inspect(number, `where.${field}`, field, predicate);
    for (const [field, change] of Object.entries(assertion.expected_changes)) {
      if (change.from) inspect(number, `expected_changes.${field}.from`, field, change.from);
      if (change.to) inspect(number, `expected_changes.${field}.to`, field, change.to);
    }
  });
  return findings;
}
