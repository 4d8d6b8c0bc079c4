import type { Row } from '../../schema/json.js';
import { diffStates } from '../../state/diff.js';
import type { State } from '../../state/state.js';
import { LegacyEngineRaises, LegacyNumberTextAmbiguity } from './engine-errors.js';
import { matchesPredicate, rowMatchesWhere } from './predicate.js';
import { pyEquals, pyRepr } from './python-values.js';
import type { LegacyAssertion, LegacyCount, LegacyDiffSpec } from './spec.js';

/** The row changes of one table as Agent-Diff's differ reports them (full rows). */
export interface LegacyTableDiff {
  inserts: readonly Row[];
  deletes: readonly Row[];
  updates: ReadonlyArray<{ before: Row; after: Row }>;
}
export type LegacyDiff = ReadonlyMap<string, LegacyTableDiff>;

export interface LegacyAssertionResult {
  /** 1-based, as Agent-Diff numbers assertions in its messages. */
  index: number;
  assertion: LegacyAssertion;
  /** Rows that satisfied the assertion (for `changed`: matched where and expected changes). */
  matched: Row[];
  passed: boolean;
  /** Agent-Diff's own failure sentences for this assertion, in order. */
  failures: string[];
}

export interface LegacyEvaluation {
  passed: boolean;
  failures: string[];
  score: { passed: number; total: number; percent: number };
  assertions: LegacyAssertionResult[];
}

/** Row changes between two states, every column compared (ignores apply per assertion). */
export function legacyDiffOf(before: State, after: State): LegacyDiff {
  const diff = new Map<string, LegacyTableDiff>();
  for (const [table, changes] of Object.entries(diffStates(before, after))) {
    diff.set(table, {
      inserts: changes.inserts,
      deletes: changes.deletes,
      updates: changes.updates.map((update) => ({ before: update.before, after: update.after })),
    });
  }
  return diff;
}

function ignoredFields(spec: LegacyDiffSpec, assertion: LegacyAssertion): Set<string> {
  return new Set([
    ...(spec.ignoreFields.global ?? []),
    ...(spec.ignoreFields[assertion.entity] ?? []),
    ...assertion.ignore,
  ]);
}

function changedFields(before: Row, after: Row, ignore: ReadonlySet<string>): Set<string> {
  const fields = new Set<string>();
  for (const column of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!ignore.has(column) && !pyEquals(before[column], after[column])) fields.add(column);
  }
  return fields;
}

function countMatches(expected: LegacyCount, actual: number): boolean {
  if (typeof expected === 'number') return actual === expected;
  if (expected.min !== undefined && actual < expected.min) return false;
  if (expected.max !== undefined && actual > expected.max) return false;
  return true;
}

function countFailure(
  index: number,
  assertion: LegacyAssertion,
  actual: number,
): string | undefined {
  if (assertion.expected_count === undefined) {
    return actual < 1
      ? `assertion#${index} ${assertion.entity} expected at least 1 match but got ${actual}`
      : undefined;
  }
  if (countMatches(assertion.expected_count, actual)) return undefined;
  return `assertion#${index} ${assertion.entity} expected count ${pyRepr(assertion.expected_count)} but got ${actual}`;
}

function pyList(items: Iterable<string>): string {
  return pyRepr([...items].sort());
}

function evaluateChanged(
  spec: LegacyDiffSpec,
  assertion: LegacyAssertion,
  index: number,
  table: LegacyTableDiff | undefined,
  failures: string[],
): Row[] {
  const matched: Row[] = [];
  const ignore = ignoredFields(spec, assertion);
  const expectedFields = Object.keys(assertion.expected_changes);
  for (const { before, after } of table?.updates ?? []) {
    // A row is in scope when the where-clause holds before or after the change.
    if (!rowMatchesWhere(after, assertion.where) && !rowMatchesWhere(before, assertion.where))
      continue;
    const changed = changedFields(before, after, ignore);
    if (spec.strict) {
      const unexpected = [...changed].filter((field) => !expectedFields.includes(field));
      if (unexpected.length > 0) {
        failures.push(
          `assertion#${index} ${assertion.entity} changed fields ${pyList(changed)} not subset of expected ${pyList(expectedFields)}`,
        );
        continue;
      }
    }
    const satisfied = Object.entries(assertion.expected_changes).every(
      ([field, change]) =>
        changed.has(field) &&
        (change.from === undefined || matchesPredicate(before[field], change.from)) &&
        (change.to === undefined || matchesPredicate(after[field], change.to)),
    );
    if (satisfied) matched.push(after);
  }
  return matched;
}

function evaluateAssertion(
  spec: LegacyDiffSpec,
  assertion: LegacyAssertion,
  index: number,
  diff: LegacyDiff,
): LegacyAssertionResult {
  const failures: string[] = [];
  const table = diff.get(assertion.entity);
  let matched: Row[];
  if (assertion.diff_type === 'unchanged') {
    // The schema admits it; Agent-Diff's engine has no evaluation for it and fails it.
    failures.push(`assertion#${index} has unknown diff_type: unchanged`);
    return { index, assertion, matched: [], passed: false, failures };
  }
  if (assertion.diff_type === 'changed') {
    matched = evaluateChanged(spec, assertion, index, table, failures);
  } else {
    const rows = assertion.diff_type === 'added' ? (table?.inserts ?? []) : (table?.deletes ?? []);
    matched = rows.filter((row) => rowMatchesWhere(row, assertion.where));
  }
  const count = countFailure(index, assertion, matched.length);
  if (count !== undefined) failures.push(count);
  return { index, assertion, matched, passed: failures.length === 0, failures };
}

/**
 * Evaluate an Agent-Diff assertion spec on a diff exactly as its engine does. Where that
 * engine raises, this throws LegacyEngineRaises (with the assertion number); where the
 * answer depends on number text JSON no longer has, LegacyNumberTextAmbiguity.
 */
export function evaluateLegacyDiffSpec(spec: LegacyDiffSpec, diff: LegacyDiff): LegacyEvaluation {
  const assertions = spec.assertions.map((assertion, offset) => {
    try {
      return evaluateAssertion(spec, assertion, offset + 1, diff);
    } catch (error) {
      if (error instanceof LegacyEngineRaises || error instanceof LegacyNumberTextAmbiguity)
        throw error.within(`assertion#${offset + 1} ${assertion.entity}`);
      throw error;
    }
  });
  const total = assertions.length;
  const passed = assertions.filter((result) => result.passed).length;
  return {
    passed: passed === total,
    failures: assertions.flatMap((result) => result.failures),
    score: { passed, total, percent: total === 0 ? 100 : (passed / total) * 100 },
    assertions,
  };
}

/** Convenience: evaluate a spec on a (before, after) pair of states. */
export function evaluateLegacyDiff(
  spec: LegacyDiffSpec,
  before: State,
  after: State,
): LegacyEvaluation {
  return evaluateLegacyDiffSpec(spec, legacyDiffOf(before, after));
}
