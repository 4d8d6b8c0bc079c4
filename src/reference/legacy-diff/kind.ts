import type { Category } from '../../schema/reference.js';
import type { Reference } from '../../schema/task.js';
import { keyObject } from '../../state/key.js';
import type { State } from '../../state/state.js';
import type { CheckOutcome, ReferenceResult } from '../outcome.js';
import type { ReferenceKind } from '../reference-kind.js';
import { LegacyEngineRaises, LegacyNumberTextAmbiguity } from './engine-errors.js';
import { evaluateLegacyDiff, type LegacyAssertionResult } from './evaluate.js';
import { pyRepr } from './python-values.js';
import {
  type LegacyAssertion,
  type LegacyDiffSpec,
  LegacyDiffSpecError,
  normalizeLegacyDiffSpec,
  validateLegacyDiffSpec,
} from './spec.js';

export const LEGACY_DIFF_KIND = 'legacy-diff';

// Added / removed rows are about which rows exist (a set); a change is about values.
const CATEGORY: Record<LegacyAssertion['diff_type'], Category> = {
  added: 'set',
  removed: 'set',
  changed: 'value',
  unchanged: 'preservation',
};

function describeWhere(assertion: LegacyAssertion): string {
  const parts = Object.entries(assertion.where).map(([field, predicate]) =>
    Object.entries(predicate)
      .map(([op, value]) => `${field} ${op} ${pyRepr(value)}`)
      .join(' and '),
  );
  return parts.length > 0 ? ` where ${parts.join(', ')}` : '';
}

function describeCount(assertion: LegacyAssertion): string {
  const expected = assertion.expected_count;
  if (expected === undefined) return 'at least 1';
  if (typeof expected === 'number') return String(expected);
  if (expected.max === undefined) return `at least ${expected.min}`;
  if (expected.min === undefined) return `at most ${expected.max}`;
  return `${expected.min} to ${expected.max}`;
}

/** A sentence for the assertion, used as the check's reason when the suite gives none. */
export function describeAssertion(assertion: LegacyAssertion): string {
  const changes = Object.entries(assertion.expected_changes).map(([field, change]) => {
    const from = change.from ? ` from ${JSON.stringify(change.from)}` : '';
    const to = change.to ? ` to ${JSON.stringify(change.to)}` : '';
    return `${field}${from}${to}`;
  });
  const what =
    assertion.diff_type === 'changed'
      ? `changed (${changes.join('; ') || 'no field'})`
      : assertion.diff_type;
  return `${describeCount(assertion)} ${assertion.entity} row(s) ${what}${describeWhere(assertion)}`;
}

function checkOf(result: LegacyAssertionResult, before: State): CheckOutcome {
  const { assertion, index } = result;
  const keyColumns = before.hasTable(assertion.entity)
    ? before.keyColumns(assertion.entity)
    : ['id'];
  return {
    name: `assertion#${index} ${assertion.diff_type} ${assertion.entity}`,
    kind: LEGACY_DIFF_KIND,
    category: CATEGORY[assertion.diff_type],
    reason: assertion.description ?? `Agent-Diff assertion: ${describeAssertion(assertion)}`,
    ok: result.passed,
    message: result.passed
      ? `${result.matched.length} matching row(s), as expected`
      : result.failures.join('; '),
    evidence: {
      rows: result.matched.map((row) => ({
        table: assertion.entity,
        key: keyObject(keyColumns, row),
      })),
      expected: describeCount(assertion),
      actual: result.matched.length,
    },
  };
}

function engineErrorCheck(error: LegacyEngineRaises): CheckOutcome {
  return {
    name: 'Agent-Diff engine error',
    kind: LEGACY_DIFF_KIND,
    category: 'value',
    reason: "Agent-Diff's engine raises on this state; its run errors and counts as failed",
    ok: false,
    message: error.problem,
    evidence: { rows: [], expected: 'an evaluation without error', actual: error.code },
  };
}

/**
 * The `legacy-diff` reference kind: an imported Agent-Diff assertion list, evaluated on
 * the row diff between before and after exactly as Agent-Diff's engine does.
 */
export const legacyDiffKind: ReferenceKind = {
  kind: LEGACY_DIFF_KIND,
  validate: validateLegacyDiffSpec,
  evaluate(reference: Reference, before: State, after: State): ReferenceResult {
    let spec: LegacyDiffSpec;
    try {
      spec = normalizeLegacyDiffSpec((reference as { spec: unknown }).spec);
    } catch (error) {
      if (!(error instanceof LegacyDiffSpecError)) throw error;
      return { label: 'invalid', checks: [], qualificationErrors: [error.message] };
    }
    let evaluation: ReturnType<typeof evaluateLegacyDiff>;
    try {
      evaluation = evaluateLegacyDiff(spec, before, after);
    } catch (error) {
      if (error instanceof LegacyNumberTextAmbiguity)
        return { label: 'invalid', checks: [], qualificationErrors: [error.message] };
      if (!(error instanceof LegacyEngineRaises)) throw error;
      // Agent-Diff's run errors and fails: the state is labelled as its verdict is.
      return { label: 'invalid', checks: [engineErrorCheck(error)], qualificationErrors: [] };
    }
    return {
      label: evaluation.passed ? 'valid' : 'invalid',
      checks: evaluation.assertions.map((result) => checkOf(result, before)),
      qualificationErrors: [],
    };
  },
};
