import { z } from 'zod';
import { ERROR_KINDS } from '../contract/record.js';
import { CATEGORIES } from '../schema/reference.js';
import { CONDITIONS, LabelSchema, RoleSchema } from '../schema/task.js';
import { ComparisonSectionSchema, ModelUsageSchema } from './comparison-schema.js';
import { ReportExecutionSchema } from './execution-schema.js';
import {
  AllCasesSchema,
  CostSectionSchema,
  CrossConditionSchema,
  OneHalfPanelsSchema,
  TransitionsSchema,
  VerifierSaidShape,
} from './report-sections.js';
import { count, fraction, rateFields } from './schema-parts.js';

/** Version of the report layout; bumped on any incompatible change. */
export const REPORT_SCHEMA_VERSION = 2;

const IntervalSchema = z
  .object({
    estimate: fraction
      .nullable()
      .describe('the statistic on the observed data; null when undefined (no task)'),
    lower: fraction.nullable(),
    upper: fraction.nullable(),
    confidence: fraction,
    families: count.describe('families resampled by the family bootstrap'),
    tasks: count,
  })
  .describe('a fraction with its family-bootstrap percentile interval');

const RateSchema = z
  .object(rateFields)
  .describe('count of total evaluations, rate = count / total, with its family-bootstrap interval');

const CountSchema = z.object({ count, total: count }).describe('count over the full denominator');

const ErrorKindCounts = z.object(
  Object.fromEntries(ERROR_KINDS.map((kind) => [kind, count])) as Record<
    (typeof ERROR_KINDS)[number],
    typeof count
  >,
);

const ConditionSummarySchema = z.object({
  ba: IntervalSchema,
  panelCorrect: CountSchema.describe(
    'primary panels under this condition that are fully correct, of the panels evaluated (one per program × task that has the condition)',
  ),
});

const SecondaryPanelSchema = z
  .object({
    ba: IntervalSchema,
    validAccept: RateSchema,
    falseAccept: RateSchema,
  })
  .describe('a panel scored apart from the primary one (never mixed into `ba`)');

export const ReportSummarySchema = z.object({
  set: z.string().describe('program set summarised (`default` without paired programs)'),
  cases: count.describe('evaluations summarised'),
  programs: count,
  units: count.describe('programs × tasks: the denominator of the correctness counts'),
  tasks: count,
  families: count,
  ba: IntervalSchema.describe(
    "balanced accuracy: mean over tasks of each task's mean over its conditions",
  ),
  conditions: z.object(
    Object.fromEntries(
      CONDITIONS.map((condition) => [condition, ConditionSummarySchema]),
    ) as Record<(typeof CONDITIONS)[number], typeof ConditionSummarySchema>,
  ),
  validAccept: RateSchema.describe('passes on valid outcomes'),
  falseAccept: RateSchema.describe('passes on invalid outcomes'),
  falseAcceptByFault: z.object(
    Object.fromEntries(CATEGORIES.map((category) => [category, RateSchema])) as Record<
      (typeof CATEGORIES)[number],
      typeof RateSchema
    >,
  ),
  unknown: count.describe(
    'Unknown verdicts on primary-panel outcomes (complete, alternative, fault); every case is in `allCases`',
  ),
  errors: z
    .object({ total: count, byKind: ErrorKindCounts })
    .describe(
      'Error records on primary-panel outcomes, by kind; witness, natural and prefix cases are counted in `allCases`',
    ),
  allCases: AllCasesSchema,
  sourceQualified: CountSchema,
  witness: z.object({
    sourceAccepted: CountSchema,
    replayRejected: CountSchema,
    right: CountSchema,
  }),
  jointCorrect: CountSchema.extend({ notApplicable: count }).describe(
    'related panel fully correct and witness right, over the programs × tasks that have a related panel and a complete witness pair; the others are `notApplicable`',
  ),
  transitions: TransitionsSchema,
  oneHalfPanels: OneHalfPanelsSchema,
  worstTasks: z.array(z.object({ task: z.string(), family: z.string(), ba: fraction })),
  panels: z
    .object({ natural: SecondaryPanelSchema.optional(), prefix: SecondaryPanelSchema.optional() })
    .describe(
      'natural endings (e.g. recorded agent runs) and native prefixes, when the pack has them; imported Agent-Diff packs have only these',
    ),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

/** What `durationMs` measures, the same in every record of the report. */
const DURATION_MS = z
  .number()
  .min(0)
  .describe(
    'wall time of the evaluation itself, from the moment it got a free evaluation slot (sandbox start) to its record, in ms; time queued behind other evaluations of the run is not counted',
  );

const VerdictSchema = z.enum(['pass', 'fail', 'unknown', 'error']);
const ErrorKindSchema = z.enum(ERROR_KINDS);

export const ReportOutcomeSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  label: LabelSchema,
  fault: z.enum(CATEGORIES).nullable(),
  description: z.string(),
  verdict: VerdictSchema,
  errorKind: ErrorKindSchema.nullable(),
  errorMessage: z.string().nullable(),
  correct: z.boolean().describe('pass on a valid outcome, fail on an invalid one'),
  durationMs: DURATION_MS,
  operations: count,
  ...VerifierSaidShape,
  usage: ModelUsageSchema,
});
export type ReportOutcome = z.infer<typeof ReportOutcomeSchema>;

const WitnessSideSchema = z.object({
  verdict: VerdictSchema,
  errorKind: ErrorKindSchema.nullable(),
  errorMessage: z.string().nullable(),
  correct: z.boolean(),
  durationMs: DURATION_MS,
  operations: count,
  ...VerifierSaidShape,
  usage: ModelUsageSchema,
});

const ReportConditionSchema = z.object({
  ba: fraction.nullable().describe("this program's BA on the primary panel of the condition"),
  basis: z
    .enum(['both', 'valid-only', 'invalid-only'])
    .nullable()
    .describe('which halves the BA rests on; null without primary outcomes'),
  correct: z.boolean().describe('every primary outcome classified correctly'),
  outcomes: z.array(ReportOutcomeSchema),
});

export const ReportTaskSchema = z.object({
  id: z.string(),
  family: z.string(),
  set: z.string(),
  program: z.string(),
  builtOn: z
    .enum(CONDITIONS)
    .nullable()
    .describe('condition the program was built on, if declared'),
  conditions: z
    .object(
      Object.fromEntries(
        CONDITIONS.map((condition) => [condition, ReportConditionSchema]),
      ) as Record<(typeof CONDITIONS)[number], typeof ReportConditionSchema>,
    )
    .partial(),
  witness: z
    .object({
      decision: z.string(),
      role: RoleSchema,
      description: z.string(),
      source: WitnessSideSchema.nullable(),
      replay: WitnessSideSchema.nullable(),
      right: z.boolean(),
    })
    .nullable(),
  jointCorrect: z
    .boolean()
    .nullable()
    .describe('null without a related panel or a complete witness pair'),
});
export type ReportTask = z.infer<typeof ReportTaskSchema>;

const IsolationSchema = z.object({
  level: z.enum(['isolate', 'process', 'none']),
  measures: z.array(z.string()),
  missing: z.array(z.string()),
});

export const ReportSchema = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  run: z.object({
    project: z.string(),
    mode: z.enum(['tdd', 'gate']),
    pack: z.object({ name: z.string(), version: z.string(), referenceVersion: z.string() }),
    runtime: z.object({
      name: z.enum(['isolate', 'process', 'inline']),
      isolation: IsolationSchema.nullable(),
    }),
    versions: z.object({ agentproofbench: z.string(), vitest: z.string(), node: z.string() }),
    seed: z.number().int(),
    resamples: z.number().int(),
    confidence: fraction,
    conditions: z.array(z.enum(CONDITIONS)),
    cases: z
      .object({
        planned: count.describe(
          'evaluations the run planned (every case of every qualified task, per program)',
        ),
        recorded: count.describe('planned evaluations that have a record'),
        missing: z
          .array(z.string())
          .describe('names of planned cases without a record (the first 20)'),
        causes: z
          .array(z.string())
          .describe(
            'what the test run reported where records are missing (the first 5 distinct lines)',
          ),
        leftOut: z
          .object({
            count: count.describe('planned evaluations the filter left out (not in `planned`)'),
            filter: z.string().describe('the name filter, as given to `vitest -t`'),
          })
          .optional()
          .describe(
            'a filtered run judges the cases it selected; absent when nothing was left out',
          ),
      })
      .nullable()
      .describe(
        'planned against recorded evaluations; the allRecorded gate (on by default) fails when they differ. null when not known (a report rebuilt from records)',
      ),
    programs: z.array(
      z.object({
        set: z.string(),
        pattern: z.string().describe('relative to the Vitest root'),
        builtOn: z
          .enum(CONDITIONS)
          .nullable()
          .describe('declared for the set (a sidecar may set it per program; see tasks[].builtOn)'),
      }),
    ),
  }),
  summary: ReportSummarySchema.describe('the first program set (the only one without `programs`)'),
  sets: z.array(ReportSummarySchema),
  contrasts: z.array(
    z.object({
      name: z.string(),
      a: z.string(),
      b: z.string(),
      condition: z.string(),
      delta: z.number().nullable().describe('mean over paired tasks of BA_a − BA_b (fraction)'),
      lower: z.number().nullable(),
      upper: z.number().nullable(),
      pValue: z.number().nullable(),
      pHolm: z.number().nullable(),
      tasks: count,
    }),
  ),
  crossCondition: CrossConditionSchema,
  cost: CostSectionSchema.nullable().describe('null without cost options or construction costs'),
  comparison: ComparisonSectionSchema,
  excluded: z.array(
    z.object({
      id: z.string(),
      family: z.string(),
      problems: z.array(z.object({ code: z.string(), message: z.string() })),
    }),
  ),
  tasks: z.array(ReportTaskSchema),
  gates: z.array(
    z.object({
      gate: z.string(),
      comparison: z.enum(['>=', '<=', '=']),
      threshold: z.number(),
      actual: z.number().nullable(),
      passed: z.boolean(),
      message: z.string(),
    }),
  ),
  execution: ReportExecutionSchema.nullable()
    .optional()
    .describe(
      'the execution study; null when the pack has no recorded executions for the tasks run (absent in reports written before the study existed)',
    ),
  passed: z.boolean().describe('every gate passed'),
});
export type Report = z.infer<typeof ReportSchema>;

/** JSON Schema (draft 2020-12) of the report, generated from the zod schema (`schema/report.schema.json`). */
export function reportJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://agentproofbench.dev/schema/report.json',
    title: 'AgentProofBench report',
    ...z.toJSONSchema(ReportSchema, {
      target: 'draft-2020-12',
      io: 'output',
      unrepresentable: 'any',
    }),
  };
}
