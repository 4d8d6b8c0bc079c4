import { z } from 'zod';
import { fraction } from '../schema/numbers.js';
import { CONDITIONS } from '../schema/task.js';
import {
  EXECUTION_CI_THRESHOLD_COMPARISONS,
  type ExecutionCiThresholds,
  ExecutionCiThresholdsSchema,
} from './execution-ci-thresholds.js';

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
export const CiThresholdsSchema = z
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
    /** Thresholds over the execution study (execution-ci-thresholds.ts). */
    execution: ExecutionCiThresholdsSchema,
    /**
     * Every planned case has a record (on unless set to false, e.g. for a run filtered with
     * `-t` on purpose): a run must never report less than it planned.
     */
    allRecorded: z.boolean(),
  })
  .partial()
  .strict();
export type CiThresholds = z.infer<typeof CiThresholdsSchema>;

/**
 * Parse one `--gate` expression of the CLI into gates: `ba.related>=0.95`, `ba>=0.9`,
 * `baLower.related>=0.8`, `falseAccept<=0`, `validAccept>=0.9`, `jointCorrect=all`,
 * `jointCorrect>=0.9`, `errors<=0`, `unknown<=2`, `execution.regressions<=0`,
 * `execution.correctDelivery>=0.8`, `execution.gateErrors<=2`. Several expressions merge.
 */
export function parseCiThreshold(expression: string, into: CiThresholds = {}): CiThresholds {
  const match = /^\s*([A-Za-z]+)(?:\.([A-Za-z]+))?\s*(>=|<=|=)\s*([\w.]+)\s*$/.exec(expression);
  const fail = (why: string) =>
    new Error(
      `invalid gate "${expression}": ${why}. Examples: ba.related>=0.95, baLower>=0.8, falseAccept<=0, jointCorrect=all, errors<=0, execution.regressions<=0`,
    );
  if (!match) throw fail('expected <metric>[.<condition>] <op> <value>');
  const [, metric = '', where, op, raw = ''] = match;
  const next: Record<string, unknown> = { ...into };
  if (metric === 'execution') {
    const name = where as keyof ExecutionCiThresholds | undefined;
    if (name === undefined || !Object.hasOwn(EXECUTION_CI_THRESHOLD_COMPARISONS, name))
      throw fail(
        `execution gates are ${Object.keys(EXECUTION_CI_THRESHOLD_COMPARISONS)
          .map((key) => `execution.${key}`)
          .join(', ')}`,
      );
    const comparison = EXECUTION_CI_THRESHOLD_COMPARISONS[name];
    if (op !== comparison)
      throw fail(
        `execution.${name} is a ${comparison === '>=' ? 'minimum' : 'maximum'}: use ${comparison}`,
      );
    next.execution = { ...into.execution, [name]: Number(raw) };
  } else if (metric === 'ba' || metric === 'baLower') {
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
  if (where !== undefined && metric !== 'ba' && metric !== 'baLower' && metric !== 'execution')
    throw fail(`${metric} takes no condition`);
  const parsed = CiThresholdsSchema.safeParse(next);
  if (!parsed.success)
    throw fail(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    );
  return parsed.data;
}
