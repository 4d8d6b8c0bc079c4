import { z } from 'zod';
import { JsonValueSchema } from './json.js';

/** Fault categories (docs/benchmark.md, Task): what kind of requirement a check or a fault concerns. */
export const CATEGORIES = ['identity', 'value', 'set', 'relation', 'preservation'] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** A value read from a resolved binding: a before-state selector or a `created` binding. */
export const RefOperandSchema = z
  .object({
    ref: z
      .string()
      .min(1)
      .describe('name of a selector or created binding (must resolve to one row)'),
    field: z.string().min(1),
  })
  .strict();

/** All values of a field over a binding that may hold many rows. */
export const RefsOperandSchema = z
  .object({
    refs: z.string().min(1).describe('name of a selector or created binding'),
    field: z.string().min(1),
  })
  .strict();

const ScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const OperandSchema = z.union([ScalarSchema, RefOperandSchema]);
export const ListOperandSchema = z.union([z.array(OperandSchema), RefsOperandSchema]);

/** Comparators on one column, the same names as Linear's and Agent-Diff's filters. */
export const OperatorsSchema = z
  .object({
    eq: OperandSchema,
    neq: OperandSchema,
    in: ListOperandSchema,
    nin: ListOperandSchema,
    contains: OperandSchema.describe('substring of a string, or member of an array column'),
    containsIgnoreCase: OperandSchema,
    notContains: OperandSchema,
    startsWith: OperandSchema,
    endsWith: OperandSchema,
    regex: z.string(),
    exists: z.boolean().describe('true: the column is present and not null'),
    gt: OperandSchema,
    gte: OperandSchema,
    lt: OperandSchema,
    lte: OperandSchema,
    sameAs: z.string().describe("`before`: equal to the same row's before-state value"),
  })
  .partial()
  .strict();

export type Operand = z.infer<typeof OperandSchema>;
export type Operators = z.infer<typeof OperatorsSchema>;

/** A column condition: a scalar (equality shorthand), a ref (equality) or operators. */
export const ConditionSchema = z.union([ScalarSchema, RefOperandSchema, OperatorsSchema]);
export type Condition = z.infer<typeof ConditionSchema>;

/** Column conditions, all of which must hold. Dotted names read into JSON columns. */
export const WhereSchema = z.record(z.string(), ConditionSchema);
export type Where = z.infer<typeof WhereSchema>;

/** `{min, max?}`: a count of rows; `max` omitted means no upper bound. */
export const CountRangeSchema = z
  .object({ min: z.number().int().min(0), max: z.number().int().min(0).optional() })
  .strict()
  .refine((range) => range.max === undefined || range.min <= range.max, {
    path: ['max'],
    message: 'max must be at least min (no count satisfies min > max)',
  });

export const CardinalitySchema = z.union([
  z.enum(['one', 'many', 'some', 'none']),
  CountRangeSchema,
]);
export type Cardinality = z.infer<typeof CardinalitySchema>;

/**
 * Resolves the objects the instruction names from the current before-state. A wrong
 * number of matches is a qualification error, never a silent pick.
 */
export const SelectorSchema = z
  .object({
    table: z.string().min(1),
    where: WhereSchema.default({}),
    cardinality: CardinalitySchema.default('one'),
    description: z.string().optional(),
  })
  .strict();
export type Selector = z.infer<typeof SelectorSchema>;

const checkBase = {
  name: z.string().min(1).describe('stable, human-readable check name'),
  category: CategorySchema,
  reason: z.string().min(1).describe('why the instruction requires this'),
};

export const FieldCheckSchema = z
  .object({
    kind: z.literal('field'),
    ...checkBase,
    target: z.string().min(1).describe('selector or created binding; every row must satisfy'),
    field: z.string().min(1),
    expect: ConditionSchema,
  })
  .strict();

export const PreservedCheckSchema = z
  .object({
    kind: z.literal('preserved'),
    ...checkBase,
    target: z.string().min(1),
    fields: z.array(z.string().min(1)).min(1),
  })
  .strict();

export const SetCheckSchema = z
  .object({
    kind: z.literal('set'),
    ...checkBase,
    table: z.string().min(1),
    where: WhereSchema.default({}),
    field: z
      .string()
      .min(1)
      .describe('column whose values over the matching after-state rows form the set'),
    expect: ListOperandSchema,
    mode: z.enum(['equal', 'superset', 'subset', 'disjoint']).default('equal'),
  })
  .strict();

export const CountCheckSchema = z
  .object({
    kind: z.literal('count'),
    ...checkBase,
    table: z.string().min(1),
    where: WhereSchema.default({}),
    scope: z.enum(['after', 'inserted', 'deleted', 'updated']).default('after'),
    expect: z.union([
      z.number().int().min(0),
      CountRangeSchema,
      z.object({ sizeOf: z.string().min(1) }).strict(),
    ]),
  })
  .strict();

export const CreatedCheckSchema = z
  .object({
    kind: z.literal('created'),
    ...checkBase,
    bind: z.string().min(1).describe('name later checks use for the inserted row(s)'),
    table: z.string().min(1),
    where: WhereSchema.default({}),
    cardinality: CardinalitySchema.default('one'),
  })
  .strict();

export const DeletedCheckSchema = z
  .object({
    kind: z.literal('deleted'),
    ...checkBase,
    target: z.string().min(1),
    expect: z.boolean().default(true),
  })
  .strict();

export const UnchangedCheckSchema = z
  .object({
    kind: z.literal('unchanged'),
    ...checkBase,
    tables: z.array(z.string().min(1)).min(1),
    except: z
      .array(z.string().min(1))
      .default([])
      .describe('selectors or created bindings whose rows may change'),
    ignoreFields: z.array(z.string()).default([]),
  })
  .strict();

export const PredicateCheckSchema = z
  .object({
    kind: z.literal('predicate'),
    ...checkBase,
    predicate: z.string().min(1).describe('name of a predicate registered in code'),
    params: z.record(z.string(), JsonValueSchema).default({}),
  })
  .strict();

export const CheckSchema = z.discriminatedUnion('kind', [
  FieldCheckSchema,
  PreservedCheckSchema,
  SetCheckSchema,
  CountCheckSchema,
  CreatedCheckSchema,
  DeletedCheckSchema,
  UnchangedCheckSchema,
  PredicateCheckSchema,
]);
export type Check = z.infer<typeof CheckSchema>;
export type CheckKind = Check['kind'];

/** The declarative reference G(before, after): selectors on the before-state, named checks. */
export const DeclarativeReferenceSchema = z
  .object({
    kind: z.literal('declarative').default('declarative'),
    version: z.number().int().min(1),
    selectors: z.record(z.string(), SelectorSchema).default({}),
    checks: z.array(CheckSchema).min(1),
    ignoreFields: z
      .array(z.string())
      .default([])
      .describe('columns no diff or unchanged check looks at'),
  })
  .strict();
export type DeclarativeReference = z.infer<typeof DeclarativeReferenceSchema>;
