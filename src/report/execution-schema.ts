import { z } from 'zod';
import { POLICIES } from '../execution/replay.js';
import { CHAIN_STATE_IDS } from '../pack/execution-states.js';
import { START_POINTS } from '../schema/execution.js';
import { LabelSchema } from '../schema/task.js';
import { count, fraction, rateFields } from './schema-parts.js';

const PolicySchema = z.enum(POLICIES);
const CohortSchema = z.enum([...START_POINTS, 'all']);
const StateIdSchema = z.enum(CHAIN_STATE_IDS as [string, ...string[]]);
const KindSchema = z.enum(['correct', 'incorrect', 'withheld', 'unresolved']);

const RateSchema = z
  .object(rateFields)
  .describe('count of total, rate = count / total, with its family-bootstrap interval');

const GroupSchema = z.object({
  assignments: count.describe('programs × recorded runs in the group'),
  bothCorrect: count.describe(
    'assignments whose two start points were both delivered correctly under the program gate',
  ),
  rate: fraction.nullable(),
  lower: fraction.nullable(),
  upper: fraction.nullable(),
  gateChecks: count,
  gateErrors: count.describe('gate checks whose verdict differs from the reference label'),
  regressions: count,
  incorrect: count.describe('incorrect deliveries under the program gate'),
});

const GateBehaviourSchema = z.object({
  checks: count.describe('gate checks the replay read'),
  evaluations: count.describe('sandboxed evaluations run (identical states share one)'),
  agreements: count,
  disagreements: count,
  unknown: count,
  errors: count,
});

export const ReportExecutionSchema = z
  .object({
    counts: z.object({
      tasks: count,
      families: count,
      runs: count,
      startPoints: count,
      programs: count,
      assignments: count.describe('programs × recorded runs'),
    }),
    policies: z.array(
      z.object({
        policy: PolicySchema,
        set: z.string().nullable().describe('program set of a program-gate row'),
        cohort: CohortSchema,
        startPoints: count,
        correct: RateSchema.describe('correct deliveries'),
        incorrect: count,
        withheld: count,
        withheldValid: count.describe('withheld, but the written state is valid anyway'),
        unresolved: count,
        repairs: count,
        regressions: count,
        stagesRun: count,
        checks: count,
        writesIssued: count,
        writesSucceeded: count,
        costPerStartPoint: z
          .number()
          .min(0)
          .nullable()
          .describe('mean actor cost in USD; null when unknown'),
      }),
    ),
    contrasts: z.array(
      z.object({
        name: z.string(),
        a: PolicySchema,
        b: PolicySchema,
        cohort: CohortSchema,
        delta: z.number().nullable().describe('mean over start points of correct(a) − correct(b)'),
        lower: z.number().nullable(),
        upper: z.number().nullable(),
        pairs: count,
      }),
    ),
    diagnostic: z
      .object({
        panelCorrect: GroupSchema,
        panelErrors: GroupSchema,
        difference: z.object({
          estimate: z.number().nullable(),
          lower: z.number().nullable(),
          upper: z.number().nullable(),
          confidence: fraction,
          families: count,
        }),
        unknownPanel: count,
      })
      .describe('assignments grouped by whether the program’s related panel is fully correct'),
    gates: z.object({ program: GateBehaviourSchema, online: GateBehaviourSchema.nullable() }),
    amortisedCost: z
      .number()
      .min(0)
      .nullable()
      .describe('program gate: mean c + C/k per start point, USD'),
    excluded: z.array(
      z.object({
        task: z.string(),
        run: z.string(),
        start: z.enum(START_POINTS),
        message: z.string(),
      }),
    ),
    startPoints: z.array(
      z.object({
        task: z.string(),
        family: z.string(),
        run: z.string(),
        actor: z.string(),
        start: z.enum(START_POINTS),
        condition: z.string(),
        states: z.array(
          z.object({
            id: StateIdSchema,
            label: LabelSchema,
            unresolved: z.boolean(),
            failing: z.array(z.string()),
          }),
        ),
        outcomes: z.array(
          z.object({
            policy: PolicySchema,
            set: z.string().nullable(),
            program: z.string().nullable(),
            kind: KindSchema,
            delivered: StateIdSchema.nullable(),
            final: StateIdSchema,
            finalValid: z.boolean(),
            repair: z.boolean(),
            regression: z.boolean(),
            stagesRun: count,
            checks: z.array(
              z.object({
                state: StateIdSchema,
                verdict: z.enum(['pass', 'fail', 'unknown', 'error']),
                label: LabelSchema,
                agrees: z.boolean(),
              }),
            ),
          }),
        ),
      }),
    ),
  })
  .describe('the execution study: verifiers as gates, replayed from recorded actor branches');
export type ReportExecution = z.infer<typeof ReportExecutionSchema>;
