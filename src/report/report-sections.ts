import { z } from 'zod';
import { ERROR_KINDS } from '../contract/record.js';
import { CONDITIONS } from '../schema/task.js';
import { count, fraction } from './schema-parts.js';

// Schemas of the report sections beyond balanced accuracy (docs/report.md): transitions,
// every case's Unknown/Error, panels resting on one half, the cross-condition matrix, cost,
// and what the verifier said. Kept apart from report-schema.ts so each stays one concept.

const CountSchema = z.object({ count, total: count });

export const ErrorKindCountsSchema = z.object(
  Object.fromEntries(ERROR_KINDS.map((kind) => [kind, count])) as Record<
    (typeof ERROR_KINDS)[number],
    typeof count
  >,
);

export const TransitionsSchema = z
  .object({
    sourceOnly: CountSchema,
    relatedOnly: CountSchema,
    both: CountSchema,
    neither: CountSchema,
    incomplete: CountSchema.describe('programs × tasks without a source or a related panel'),
  })
  .describe(
    'per program × task: primary panel fully correct on source only, related only, both or neither; every row over all programs × tasks',
  );

const CaseVerdictsSchema = z.object({
  cases: count.describe('evaluations of this kind of case'),
  unknown: count,
  errors: count,
});

export const AllCasesSchema = z
  .object({
    cases: count,
    unknown: count,
    errors: z.object({ total: count, byKind: ErrorKindCountsSchema }),
    byPanel: z.object({
      primary: CaseVerdictsSchema.describe('complete, alternative and fault outcomes'),
      witness: CaseVerdictsSchema.describe('the source decision and its related replay'),
      natural: CaseVerdictsSchema,
      prefix: CaseVerdictsSchema,
    }),
  })
  .describe(
    'Unknown and Error over every evaluation of the set, primary panels, witness, natural and prefix cases alike; the `errors` and `unknown` gates read these totals',
  );

export const HalfPanelSchema = z.object({
  task: z.string(),
  program: z.string(),
  condition: z.enum(CONDITIONS),
  panel: z.enum(['primary', 'natural', 'prefix']),
  basis: z.enum(['valid-only', 'invalid-only']),
});

export const OneHalfPanelsSchema = z
  .object({
    validOnly: count,
    invalidOnly: count,
    panels: z.array(HalfPanelSchema),
  })
  .describe(
    'panels with only valid or only invalid outcomes: their BA is that one half (a prefix panel is invalid-only by design)',
  );

const CrossCellSchema = z.object({
  ba: fraction
    .nullable()
    .describe('mean BA of programs built on the row condition, on the column condition'),
  tasks: count,
  programs: count.describe('programs × tasks that contributed'),
});
const CrossRowSchema = z.object(
  Object.fromEntries(CONDITIONS.map((c) => [c, CrossCellSchema])) as Record<
    (typeof CONDITIONS)[number],
    typeof CrossCellSchema
  >,
);

export const CrossConditionSchema = z
  .object({
    cells: z
      .object(
        Object.fromEntries(CONDITIONS.map((c) => [c, CrossRowSchema])) as Record<
          (typeof CONDITIONS)[number],
          typeof CrossRowSchema
        >,
      )
      .describe('cells[builtOn][evaluatedOn], every program set together'),
    panelsWithoutBuildCondition: count.describe(
      'primary panels of programs without `builtOn`, left out of the matrix',
    ),
  })
  .describe('programs built on condition a evaluated on condition b (3 × 3)');

const ProgramCostSchema = z.object({
  set: z.string(),
  program: z.string(),
  evaluations: count,
  construction: z.number().min(0).describe('C, from the sidecar `<file>.meta.json` or the set'),
  perUse: z.number().min(0).describe('c: mean measured cost of one evaluation'),
  amortised: z
    .array(z.object({ uses: z.number().int().min(1), perUse: z.number().min(0) }))
    .describe('c + C/k for each k'),
  breakEvenUses: count.nullable().describe('ceil(C / alternative per-use cost); null without it'),
  netBreakEvenUses: count
    .nullable()
    .describe('ceil(C / (alternative − c)); null when it never breaks even'),
});

export const CostSectionSchema = z
  .object({
    currency: z.string(),
    perSecond: z.number().min(0),
    perOperation: z.number().min(0),
    alternativePerUse: z.number().min(0).nullable(),
    uses: z.array(z.number().int().min(1)),
    programs: z.array(ProgramCostSchema),
    withoutConstructionCost: count.describe('programs evaluated without a known C (not listed)'),
    sets: z.array(
      z.object({
        set: z.string(),
        median: z.object({
          construction: z.number().nullable(),
          perUse: z.number().nullable(),
          breakEvenUses: z.number().nullable(),
        }),
      }),
    ),
  })
  .describe(
    'cost profile: construction C per program, measured per-use c (seconds × perSecond + operations × perOperation), amortised c + C/k and break-even uses',
  );

export const VerifierCheckSchema = z.object({
  name: z.string().max(512),
  ok: z.boolean(),
  detail: z.string().max(512).optional(),
});

/** What the verifier said about one case, bounded (at most 64 checks, 512 / 4,096 characters). */
export const VerifierSaidShape = {
  checks: z.array(VerifierCheckSchema).max(64).describe("the verifier's own checks, as returned"),
  explanation: z.string().max(4096).nullable().describe("the verifier's explanation, if any"),
};
