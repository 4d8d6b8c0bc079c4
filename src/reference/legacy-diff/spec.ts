import { z } from 'zod';
import { AgentProofBenchError } from '../../contract/error.js';
import { JsonValueSchema } from '../../schema/json.js';
import { compilePythonPattern } from './python-regex.js';

/**
 * The Agent-Diff assertion DSL ("Diff Universe DSL v0.1") as a reference spec. The suite
 * files write it loosely (a bare value stands for `{eq: value}`); `normalizeLegacyDiffSpec`
 * turns it into the explicit form the engine evaluates, so the two never drift apart.
 */

/** Operators of the DSL; an object with several of them means all must hold. */
export const LEGACY_OPERATORS = [
  'eq',
  'ne',
  'not_eq',
  'in',
  'not_in',
  'contains',
  'not_contains',
  'i_contains',
  'starts_with',
  'ends_with',
  'i_starts_with',
  'i_ends_with',
  'regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'exists',
  'has_any',
  'has_all',
] as const;
export type LegacyOperator = (typeof LEGACY_OPERATORS)[number];

const OperatorSchema = z.enum(LEGACY_OPERATORS);

/** `{op: operand, ...}`; an empty object matches everything, as in Agent-Diff. */
export const LegacyPredicateSchema = z.partialRecord(OperatorSchema, JsonValueSchema);
export type LegacyPredicate = Partial<Record<LegacyOperator, z.infer<typeof JsonValueSchema>>>;

const LiteralSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A predicate, or a literal that means `{eq: literal}` (the DSL's shorthand). */
const LoosePredicateSchema = z.union([LegacyPredicateSchema, LiteralSchema]);

export const LegacyCountSchema = z.union([
  z.number().int().min(0),
  z
    .object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() })
    .strict()
    .refine(
      (range) => range.min !== undefined || range.max !== undefined,
      'a count range needs min or max',
    ),
]);
export type LegacyCount = z.infer<typeof LegacyCountSchema>;

const LooseChangeSchema = z
  .object({ from: LoosePredicateSchema.optional(), to: LoosePredicateSchema.optional() })
  .strict();

export const LooseAssertionSchema = z
  .object({
    diff_type: z.enum(['added', 'removed', 'changed']),
    entity: z.string().min(1).describe('table name'),
    where: z.record(z.string(), LoosePredicateSchema).default({}),
    expected_count: LegacyCountSchema.optional().describe('omitted: at least one match'),
    expected_changes: z.record(z.string(), LooseChangeSchema).optional(),
    ignore: z
      .array(z.string())
      .optional()
      .describe("columns this assertion ignores, added to the suite's"),
    ignore_fields: z
      .array(z.string())
      .optional()
      .describe('alias of `ignore` (takes precedence, as in Agent-Diff)'),
    description: z.string().optional(),
  })
  .strict();

/** Suite-level ignores: `global` for every table, otherwise per table name. */
export const IgnoreFieldsSchema = z.record(z.string(), z.array(z.string()));

export const LooseLegacyDiffSpecSchema = z
  .object({
    assertions: z.array(LooseAssertionSchema),
    ignore_fields: IgnoreFieldsSchema.default({}),
    strict: z.boolean().default(true).describe('changed rows may only change the expected fields'),
  })
  .strict();
export type LooseLegacyDiffSpec = z.input<typeof LooseLegacyDiffSpecSchema>;

export interface LegacyChange {
  from?: LegacyPredicate;
  to?: LegacyPredicate;
}

export interface LegacyAssertion {
  diff_type: 'added' | 'removed' | 'changed';
  entity: string;
  where: Record<string, LegacyPredicate>;
  expected_count?: LegacyCount;
  expected_changes: Record<string, LegacyChange>;
  /** Per-assertion ignores (`ignore_fields` wins over `ignore` when both are given). */
  ignore: string[];
  description?: string;
}

export interface LegacyDiffSpec {
  assertions: LegacyAssertion[];
  ignoreFields: Record<string, string[]>;
  strict: boolean;
}

function isPredicateObject(value: unknown): value is LegacyPredicate {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normalizePredicate(value: unknown): LegacyPredicate {
  return isPredicateObject(value) ? value : { eq: value as z.infer<typeof LiteralSchema> };
}

export type SpecProblem = {
  path: Array<string | number>;
  message: string;
  kind?: 'invalid_pattern';
};

/** Every `regex` operand that cannot be compiled, found before any state is read. */
function patternProblems(spec: z.infer<typeof LooseLegacyDiffSpecSchema>): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const inspect = (predicate: unknown, at: Array<string | number>) => {
    if (!isPredicateObject(predicate) || typeof predicate.regex !== 'string') return;
    const compiled = compilePythonPattern(predicate.regex);
    if (!compiled.ok)
      problems.push({
        kind: 'invalid_pattern',
        path: [...at, 'regex'],
        message: `regular expression ${JSON.stringify(predicate.regex)} cannot be compiled: ${compiled.message}`,
      });
  };
  spec.assertions.forEach((assertion, index) => {
    for (const [field, predicate] of Object.entries(assertion.where))
      inspect(predicate, ['assertions', index, 'where', field]);
    for (const [field, change] of Object.entries(assertion.expected_changes ?? {})) {
      inspect(change.from, ['assertions', index, 'expected_changes', field, 'from']);
      inspect(change.to, ['assertions', index, 'expected_changes', field, 'to']);
    }
  });
  return problems;
}

/** Check a spec without throwing: every problem with its path inside the spec. */
export function validateLegacyDiffSpec(spec: unknown): SpecProblem[] {
  const parsed = LooseLegacyDiffSpecSchema.safeParse(spec);
  if (parsed.success) return patternProblems(parsed.data);
  return parsed.error.issues.map((issue) => ({
    path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
    message: issue.message,
  }));
}

const normalized = new WeakMap<object, LegacyDiffSpec>();

/**
 * Parse and normalise a spec (cached per spec object: a pack evaluates one reference on
 * many states). Throws a LegacyDiffSpecError naming every problem.
 */
export function normalizeLegacyDiffSpec(spec: unknown): LegacyDiffSpec {
  if (typeof spec === 'object' && spec !== null) {
    const cached = normalized.get(spec);
    if (cached) return cached;
  }
  const parsed = LooseLegacyDiffSpecSchema.safeParse(spec);
  if (!parsed.success) throw new LegacyDiffSpecError(validateLegacyDiffSpec(spec));
  const result: LegacyDiffSpec = {
    strict: parsed.data.strict,
    ignoreFields: parsed.data.ignore_fields,
    assertions: parsed.data.assertions.map((assertion) => {
      const out: LegacyAssertion = {
        diff_type: assertion.diff_type,
        entity: assertion.entity,
        where: Object.fromEntries(
          Object.entries(assertion.where).map(([field, predicate]) => [
            field,
            normalizePredicate(predicate),
          ]),
        ),
        expected_changes: Object.fromEntries(
          Object.entries(assertion.expected_changes ?? {}).map(([field, change]) => {
            const normalizedChange: LegacyChange = {};
            // A literal `null` is a real expectation (`{eq: null}`); only an absent side is unchecked.
            if (change.from !== undefined) normalizedChange.from = normalizePredicate(change.from);
            if (change.to !== undefined) normalizedChange.to = normalizePredicate(change.to);
            return [field, normalizedChange];
          }),
        ),
        ignore: assertion.ignore_fields ?? assertion.ignore ?? [],
      };
      if (assertion.expected_count !== undefined) out.expected_count = assertion.expected_count;
      if (assertion.description !== undefined) out.description = assertion.description;
      return out;
    }),
  };
  if (typeof spec === 'object' && spec !== null) normalized.set(spec, result);
  return result;
}

export class LegacyDiffSpecError extends AgentProofBenchError {
  readonly problems: SpecProblem[];
  constructor(problems: SpecProblem[]) {
    super(
      'APB_LEGACY_DIFF_SPEC',
      `not an Agent-Diff assertion spec (expected {assertions: [{diff_type, entity, where, ...}], ignore_fields?, strict?}): ${problems
        .map((problem) => `${problem.path.join('.') || '(root)'}: ${problem.message}`)
        .join('; ')}`,
      {
        fix: 'correct the spec at the path named; docs/pack-format.md describes the legacy-diff reference',
      },
    );
    this.name = 'LegacyDiffSpecError';
    this.problems = problems;
  }
}
