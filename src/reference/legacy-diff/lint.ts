import type { JsonValue, Row } from '../../schema/json.js';
import type { Seed } from '../../schema/seed.js';
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
const DESCRIPTIVE_COLUMNS = [
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

interface KeyedRow {
  table: string;
  keyColumn: string;
  row: Row;
}

const idIndexes = new WeakMap<Seed, Map<string, KeyedRow[]>>();

// Ids of before-states that differ from the seed are rare in imported packs; index the seed.
function idIndex(state: State): Map<string, KeyedRow[]> {
  let index = idIndexes.get(state.seed);
  if (!index) {
    index = new Map();
    for (const table of state.tableNames()) {
      const key = state.keyColumns(table);
      if (key.length !== 1) continue;
      const keyColumn = key[0]!;
      for (const row of state.rows(table)) {
        const value = row[keyColumn];
        if (typeof value !== 'string' || value.length < MIN_ID_LENGTH) continue;
        const entries = index.get(value) ?? [];
        entries.push({ table, keyColumn, row });
        index.set(value, entries);
      }
    }
    idIndexes.set(state.seed, index);
  }
  return index;
}

function literalOperands(predicate: LegacyPredicate): string[] {
  const values: JsonValue[] = [];
  for (const op of ['eq', 'ne', 'not_eq', 'in', 'not_in'] as const) {
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
  const index = idIndex(before);
  const findings: StaleBindingFinding[] = [];
  const inspect = (assertion: number, at: string, predicate: LegacyPredicate) => {
    for (const value of literalOperands(predicate)) {
      if (value === actorId) continue;
      const found = index
        .get(value)
        ?.find((entry) => before.get(entry.table, { [entry.keyColumn]: value }) !== undefined);
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
      inspect(number, `where.${field}`, predicate);
    for (const [field, change] of Object.entries(assertion.expected_changes)) {
      if (change.from) inspect(number, `expected_changes.${field}.from`, change.from);
      if (change.to) inspect(number, `expected_changes.${field}.to`, change.to);
    }
  });
  return findings;
}
