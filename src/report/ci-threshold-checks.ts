import type { CiThresholds } from '../run/ci-thresholds.js';
import type { ExecutionCiThresholds } from '../run/execution-ci-thresholds.js';
import { EXECUTION_CI_THRESHOLD_COMPARISONS } from '../run/execution-ci-thresholds.js';
import type { ConditionName } from '../schema/task.js';
import {
  type ExecutionCiThresholdSection,
  executionCiThresholdActuals,
} from './execution-ci-threshold-actuals.js';
import type { ReportSummary } from './report-schema.js';

/**
 * The part of the report summary the gates read: they apply to the summary the report
 * prints. The `errors` and `unknown` gates read `allCases`: every evaluation of the set,
 * witness and secondary panels too, not only the primary outcomes BA is computed on.
 */
export type CiThresholdSummary = Pick<
  ReportSummary,
  'ba' | 'conditions' | 'falseAccept' | 'validAccept' | 'jointCorrect' | 'allCases'
>;

/** What else of the report the gates read besides its summary. */
export interface CiThresholdContext {
  /** The report's planned against recorded evaluations; absent or null when not known. */
  cases?: { planned: number; recorded: number; causes: readonly string[] } | null;
  /** The report's execution section; absent or null without recorded executions. */
  execution?: ExecutionCiThresholdSection | null;
}

export interface CiThresholdResult {
  /** e.g. `ba.related`, `falseAccept`. */
  gate: string;
  /** `>=` for minimums, `<=` for maximums, `=` for a count that must match exactly. */
  comparison: '>=' | '<=' | '=';
  threshold: number;
  /** null when the run has no such number (e.g. no related panel): the gate fails. */
  actual: number | null;
  passed: boolean;
  /** One line: `ba.related 0.875 < 0.95 (short by 0.075)`. */
  message: string;
}

const round = (value: number) => Number(value.toFixed(4));

function check(
  gate: string,
  comparison: '>=' | '<=',
  threshold: number,
  actual: number | null,
): CiThresholdResult {
  if (actual === null) {
    return {
      gate,
      comparison,
      threshold,
      actual,
      passed: false,
      message: `${gate}: no value in this run (needs ${comparison} ${threshold})`,
    };
  }
  const passed = comparison === '>=' ? actual >= threshold : actual <= threshold;
  const by = round(Math.abs(actual - threshold));
  const message = passed
    ? `${gate} ${round(actual)} ${comparison} ${threshold}`
    : `${gate} ${round(actual)} ${comparison === '>=' ? '<' : '>'} ${threshold} (${comparison === '>=' ? 'short' : 'over'} by ${by})`;
  return { gate, comparison, threshold, actual, passed, message };
}

function conditionThresholds(
  name: 'ba' | 'baLower',
  value: CiThresholds['ba'],
  summary: CiThresholdSummary,
): CiThresholdResult[] {
  if (value === undefined) return [];
  const entries =
    typeof value === 'number' ? ([['overall', value]] as const) : Object.entries(value);
  return entries.map(([where, threshold]) => {
    const interval =
      where === 'overall' ? summary.ba : summary.conditions[where as ConditionName].ba;
    const actual = name === 'ba' ? interval.estimate : interval.lower;
    return check(`${name}.${where}`, '>=', threshold as number, actual);
  });
}

/**
 * The default errors gate, applied when `errors` is not set: a run in which every
 * evaluation errored (a verifier with a syntax error, or no `verify` export) fails instead
 * of passing with a score of nothing. Setting `errors` replaces it (docs/gates in README).
 */
function everyError(evaluations: number): CiThresholdResult {
  return {
    gate: 'errors',
    comparison: '<=',
    threshold: evaluations - 1,
    actual: evaluations,
    passed: false,
    message: `errors: every one of the ${evaluations} evaluations errored (default gate; set gates.errors, or --gate errors<=N, to allow it)`,
  };
}

/**
 * Apply every gate to a report summary; the run fails when any result has `passed: false`.
 * Without an `errors` gate, the default one fails a run whose every evaluation errored;
 * `allRecorded` (on by default) fails a run with fewer records than planned cases.
 */
export function checkCiThresholds(
  gates: CiThresholds,
  summary: CiThresholdSummary,
  context: CiThresholdContext = {},
): CiThresholdResult[] {
  const { allCases } = summary;
  const results = [
    ...conditionThresholds('ba', gates.ba, summary),
    ...conditionThresholds('baLower', gates.baLower, summary),
  ];
  if (gates.falseAccept !== undefined)
    results.push(check('falseAccept', '<=', gates.falseAccept, summary.falseAccept.rate));
  if (gates.validAccept !== undefined)
    results.push(check('validAccept', '>=', gates.validAccept, summary.validAccept.rate));
  if (gates.jointCorrect !== undefined) {
    const { count, total } = summary.jointCorrect;
    if (gates.jointCorrect === 'all') {
      const passed = total > 0 && count === total;
      results.push({
        gate: 'jointCorrect',
        comparison: '>=',
        threshold: total,
        actual: count,
        passed,
        message: passed
          ? `jointCorrect ${count}/${total} (all)`
          : `jointCorrect ${count}/${total}, not all (${total - count} program × task short)`,
      });
    } else {
      results.push(
        check('jointCorrect', '>=', gates.jointCorrect, total === 0 ? null : count / total),
      );
    }
  }
  if (gates.errors !== undefined)
    results.push(check('errors', '<=', gates.errors, allCases.errors.total));
  else if (allCases.cases > 0 && allCases.errors.total === allCases.cases)
    results.push(everyError(allCases.cases));
  if (gates.unknown !== undefined)
    results.push(check('unknown', '<=', gates.unknown, allCases.unknown));
  if (gates.execution !== undefined) {
    const actuals = executionCiThresholdActuals(context.execution ?? null);
    for (const [name, threshold] of Object.entries(gates.execution) as Array<
      [keyof ExecutionCiThresholds, number]
    >)
      results.push(
        check(
          `execution.${name}`,
          EXECUTION_CI_THRESHOLD_COMPARISONS[name],
          threshold,
          actuals[name],
        ),
      );
  }
  if (context.cases && gates.allRecorded !== false) results.push(allRecordedCheck(context.cases));
  return results;
}

function allRecordedCheck(cases: NonNullable<CiThresholdContext['cases']>): CiThresholdResult {
  const { planned, recorded, causes } = cases;
  const passed = planned === recorded;
  const why = causes.length > 0 ? `: ${causes.join('; ')}` : '';
  return {
    gate: 'allRecorded',
    comparison: '=',
    threshold: planned,
    actual: recorded,
    passed,
    message: passed
      ? `allRecorded ${recorded}/${planned} planned cases recorded`
      : `allRecorded ${recorded}/${planned}: ${planned - recorded} planned case(s) have no record${why}`,
  };
}
