import { z } from 'zod';
import { CONDITIONS } from '../src/schema/task.js';

const fraction = z.number().min(0).max(1);
const ByCondition = z.union([
  fraction,
  z
    .object({ overall: fraction, source: fraction, background: fraction, related: fraction })
    .partial()
    .strict(),
]);

/**
 * CI thresholds over the report's summary (fractions in [0, 1], counts as integers).
 * A number for `ba` / `baLower` means the overall BA; an object sets conditions.
 */
export const GatesSchema = z
  .object({
    /** Minimum BA estimate. */
    ba: ByCondition,
    /** Minimum lower bound of the BA interval. */
    baLower: ByCondition,
    /** Maximum false-acceptance rate. */
    falseAccept: fraction,
    /** Minimum valid-acceptance rate. */
    validAccept: fraction,
    /** `all`, or the minimum fraction of programs × tasks jointly correct. */
    jointCorrect: z.union([z.literal('all'), fraction]),
    /** Maximum number of Error records. */
    errors: z.number().int().min(0),
    /** Maximum number of Unknown verdicts. */
    unknown: z.number().int().min(0),
    /**
     * Every planned case has a record (on unless set to false, e.g. for a run filtered with
     * `-t` on purpose): a run must never report less than it planned.
     */
    allRecorded: z.boolean(),
  })
  .partial()
  .strict();
export type Gates = z.infer<typeof GatesSchema>;

/** The summary numbers gates read (a projection of the report summary). */
export interface GateInputs {
  ba: Record<
    'overall' | (typeof CONDITIONS)[number],
    { estimate: number | null; lower: number | null }
  >;
  falseAccept: number | null;
  validAccept: number | null;
  jointCorrect: { count: number; total: number };
  errors: number;
  unknown: number;
  /** Every evaluation the run recorded (witness and secondary panels too), and how many errored. */
  evaluations: { total: number; errored: number };
  /** Planned and recorded evaluations, with what went wrong where records are missing; absent when not known. */
  cases?: { planned: number; recorded: number; causes: readonly string[] };
}

export interface GateResult {
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
): GateResult {
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

function conditionGates(
  name: 'ba' | 'baLower',
  value: Gates['ba'],
  inputs: GateInputs,
): GateResult[] {
  if (value === undefined) return [];
  const entries =
    typeof value === 'number' ? ([['overall', value]] as const) : Object.entries(value);
  return entries.map(([where, threshold]) => {
    const interval = inputs.ba[where as keyof GateInputs['ba']];
    const actual = name === 'ba' ? interval.estimate : interval.lower;
    return check(`${name}.${where}`, '>=', threshold as number, actual);
  });
}

/**
 * The default errors gate, applied when `errors` is not set: a run in which every
 * evaluation errored (a verifier with a syntax error, or no `verify` export) fails instead
 * of passing with a score of nothing. Setting `errors` replaces it (docs/gates in README).
 */
function everyError(evaluations: number): GateResult {
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
 * Apply every gate; the run fails when any result has `passed: false`. Without an `errors`
 * gate, the default one fails a run whose every evaluation errored.
 */
export function evaluateGates(gates: Gates, inputs: GateInputs): GateResult[] {
  const results = [
    ...conditionGates('ba', gates.ba, inputs),
    ...conditionGates('baLower', gates.baLower, inputs),
  ];
  if (gates.falseAccept !== undefined)
    results.push(check('falseAccept', '<=', gates.falseAccept, inputs.falseAccept));
  if (gates.validAccept !== undefined)
    results.push(check('validAccept', '>=', gates.validAccept, inputs.validAccept));
  if (gates.jointCorrect !== undefined) {
    const { count, total } = inputs.jointCorrect;
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
  if (gates.errors !== undefined) results.push(check('errors', '<=', gates.errors, inputs.errors));
  else if (inputs.evaluations.total > 0 && inputs.evaluations.errored === inputs.evaluations.total)
    results.push(everyError(inputs.evaluations.total));
  if (gates.unknown !== undefined)
    results.push(check('unknown', '<=', gates.unknown, inputs.unknown));
  if (inputs.cases && gates.allRecorded !== false) results.push(allRecordedGate(inputs.cases));
  return results;
}

function allRecordedGate(cases: NonNullable<GateInputs['cases']>): GateResult {
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

/**
 * Parse one `--gate` expression of the CLI into gates: `ba.related>=0.95`, `ba>=0.9`,
 * `baLower.related>=0.8`, `falseAccept<=0`, `validAccept>=0.9`, `jointCorrect=all`,
 * `jointCorrect>=0.9`, `errors<=0`, `unknown<=2`. Several expressions merge.
 */
export function parseGate(expression: string, into: Gates = {}): Gates {
  const match = /^\s*([A-Za-z]+)(?:\.([A-Za-z]+))?\s*(>=|<=|=)\s*([\w.]+)\s*$/.exec(expression);
  const fail = (why: string) =>
    new Error(
      `invalid gate "${expression}": ${why}. Examples: ba.related>=0.95, baLower>=0.8, falseAccept<=0, jointCorrect=all, errors<=0`,
    );
  if (!match) throw fail('expected <metric>[.<condition>] <op> <value>');
  const [, metric = '', where, op, raw = ''] = match;
  const next: Record<string, unknown> = { ...into };
  if (metric === 'ba' || metric === 'baLower') {
    if (op !== '>=') throw fail(`${metric} is a minimum: use >=`);
    const condition = where ?? 'overall';
    if (condition !== 'overall' && !(CONDITIONS as readonly string[]).includes(condition))
      throw fail(`unknown condition "${condition}"`);
    const previous = into[metric];
    const base = typeof previous === 'number' ? { overall: previous } : (previous ?? {});
    next[metric] = { ...base, [condition]: Number(raw) };
  } else if (metric === 'jointCorrect' && raw === 'all') {
    next.jointCorrect = 'all';
  } else if (['falseAccept', 'errors', 'unknown'].includes(metric)) {
    if (op !== '<=') throw fail(`${metric} is a maximum: use <=`);
    next[metric] = Number(raw);
  } else if (['validAccept', 'jointCorrect'].includes(metric)) {
    if (op !== '>=') throw fail(`${metric} is a minimum: use >=`);
    next[metric] = Number(raw);
  } else {
    throw fail(`unknown metric "${metric}"`);
  }
  if (where !== undefined && metric !== 'ba' && metric !== 'baLower')
    throw fail(`${metric} takes no condition`);
  const parsed = GatesSchema.safeParse(next);
  if (!parsed.success)
    throw fail(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  return parsed.data;
}
