import { z } from 'zod';
import { AgentProofBenchError } from '../../contract/error.js';
import { JsonValueSchema } from '../../schema/json.js';
import { compilePythonPattern } from './python-regex.js';

/**
 * The Agent-Diff assertion DSL ("Diff Universe DSL v0.1") as a reference spec. The suite
 * files write it loosely (a bare value stands for `{eq: value}`); `normalizeLegacyDiffSpec`
 * turns it into the explicit form the engine evaluates, so the two never drift apart.
 */

/**
 * Operators of the DSL. Agent-Diff compiles a spec against its JSON schema before any run
 * and refuses what the schema does not allow, so this schema allows exactly that: one
 * operator per predicate, each with the operand type the schema gives it
 * (docs/pack-format.md, "Agent-Diff assertion specs").
 */
const OPERAND_TYPES = {
  eq: 'any',
  ne: 'any',
  in: 'non-empty array',
  not_in: 'non-empty array',
  contains: 'string',
  not_contains: 'string',
  i_contains: 'string',
  starts_with: 'string',
  ends_with: 'string',
  i_starts_with: 'string',
  i_ends_with: 'string',
  regex: 'string',
  gt: 'number',
  gte: 'number',
  lt: 'number',
  lte: 'number',
  exists: 'boolean',
  has_any: 'array',
  has_all: 'array',
} as const;
export type LegacyOperator = keyof typeof OPERAND_TYPES;
export const LEGACY_OPERATORS = Object.keys(OPERAND_TYPES) as LegacyOperator[];

function operandFits(type: (typeof OPERAND_TYPES)[LegacyOperator], operand: unknown): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'string':
      return typeof operand === 'string';
    case 'number':
      return typeof operand === 'number';
    case 'boolean':
      return typeof operand === 'boolean';
    case 'array':
      return Array.isArray(operand);
    case 'non-empty array':
      return Array.isArray(operand) && operand.length > 0;
  }
}

function predicateProblem(
  predicate: Record<string, unknown>,
): { path: string[]; message: string } | undefined {
  const entries = Object.entries(predicate);
  if (entries.length !== 1)
    return {
      path: [],
      message: `a predicate has exactly one operator (got ${entries.length === 0 ? 'none' : entries.map(([op]) => op).join(', ')}); Agent-Diff's compiler refuses ${entries.length === 0 ? 'an empty predicate' : 'several operators in one predicate'}`,
    };
  const [op, operand] = entries[0]!;
  if (!Object.hasOwn(OPERAND_TYPES, op))
    return {
      path: [op],
      message: `unknown operator "${op}"; expected one of ${LEGACY_OPERATORS.join(', ')}`,
    };
  const type = OPERAND_TYPES[op as LegacyOperator];
  if (!operandFits(type, operand))
    return {
      path: [op],
      message: `the operand of "${op}" must be a ${type}, got ${JSON.stringify(operand)}`,
    };
  return undefined;
}

/**
 * A predicate `{op: operand}` with exactly one operator, or a literal that means
 * `{eq: literal}` (the DSL's shorthand). Lists are neither.
 */
const LoosePredicateSchema = JsonValueSchema.superRefine((value, context) => {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    context.addIssue({
      code: 'custom',
      message:
        'expected a literal (string, number, boolean, null) or a predicate {operator: operand}, got a list',
    });
    return;
  }
  const problem = predicateProblem(value);
  if (problem) context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
});
export type LegacyPredicate = Partial<Record<LegacyOperator, z.infer<typeof JsonValueSchema>>>;

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

/** Field names: non-empty and each listed once (the schema's `uniqueItems`). */
const FieldListSchema = z
  .array(z.string().min(1))
  .refine((fields) => new Set(fields).size === fields.length, 'a field is listed twice');

export const LooseAssertionSchema = z
  .object({
    diff_type: z.enum(['added', 'removed', 'changed', 'unchanged']),
    entity: z.string().min(1).describe('table name'),
    where: z.record(z.string(), LoosePredicateSchema).default({}),
    expected_count: LegacyCountSchema.optional().describe('omitted: at least one match'),
    expected_changes: z.record(z.string(), LooseChangeSchema).optional(),
    ignore: FieldListSchema.optional().describe(
      "columns this assertion ignores, added to the suite's",
    ),
    description: z.string().optional(),
  })
  .strict()
  .refine(
    (assertion) =>
      assertion.diff_type !== 'changed' ||
      assertion.expected_changes === undefined ||
      Object.keys(assertion.expected_changes).length > 0,
    {
      path: ['expected_changes'],
      message: 'a changed assertion lists at least one expected change',
    },
  );

/** Suite-level ignores: `global` for every table, otherwise per table name. */
export const IgnoreFieldsSchema = z.record(
  z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'an entity name is letters, digits and "_"'),
  FieldListSchema,
);

const AggregateSchema = z
  .object({
    fn: z.enum(['sum', 'avg', 'min', 'max', 'count']),
    field: z.string(),
    op: z.enum(['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between']),
    value: z.union([z.number(), z.tuple([z.number(), z.number()])]),
  })
  .strict();

export const LooseLegacyDiffSpecSchema = z
  .object({
    version: z.literal('0.1').optional().describe('DSL version'),
    scenario: z.string().optional(),
    task: z.string().optional(),
    assertions: z.array(LooseAssertionSchema).min(1),
    ignore_fields: IgnoreFieldsSchema.default({}),
    // Allowed by the schema; Agent-Diff's engine never evaluates them, and neither does this one.
    aggregates: z.array(AggregateSchema).optional(),
    strict: z.boolean().default(true).describe('changed rows may only change the expected fields'),
  })
  .strict();
export type LooseLegacyDiffSpec = z.input<typeof LooseLegacyDiffSpecSchema>;

export interface LegacyChange {
  from?: LegacyPredicate;
  to?: LegacyPredicate;
}

export interface LegacyAssertion {
  /** `unchanged` is in the schema, but Agent-Diff's engine fails it as an unknown diff type. */
  diff_type: 'added' | 'removed' | 'changed' | 'unchanged';
  entity: string;
  where: Record<string, LegacyPredicate>;
  expected_count?: LegacyCount;
  expected_changes: Record<string, LegacyChange>;
  /** Per-assertion ignores, added to the suite's. */
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
  return isPredicateObject(value) ? value : { eq: value as z.infer<typeof JsonValueSchema> };
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
        ignore: assertion.ignore ?? [],
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
