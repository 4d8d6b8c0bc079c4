import { z } from 'zod';
import { ApiCallsSchema } from './call.js';
import { count, recordedCost } from './numbers.js';
import { type Patch, PatchSchema } from './patch.js';

/**
 * Recorded executions of a task (docs/pack-format.md, "Recorded executions"): actor runs,
 * each with two start points, each with two continuation branches of two stages. Every
 * state is a patch on the state before it; no state carries a label (the task's
 * reference labels them when the pack is qualified).
 */

/** Where a replay starts: the actor's final reply, or the checkpoint after its first write round. */
export const START_POINTS = ['natural', 'checkpoint'] as const;
export const StartPointNameSchema = z.enum(START_POINTS);
export type StartPointName = z.infer<typeof StartPointNameSchema>;

/** The two recorded continuations: after a neutral message, and after a generic rejection. */
export const BRANCHES = ['neutral', 'rejected'] as const;
export type BranchName = (typeof BRANCHES)[number];

/** Stages per branch: the gate policies check at most the start and two continuations. */
export const STAGES_PER_BRANCH = 2;

export const UsageSchema = z
  .object({
    turns: count.describe('model turns the actor took in this stage'),
    operations: count.describe('business operations (API calls) the actor made'),
    cost: recordedCost.optional().describe('model cost of the stage in USD, when known'),
    writesIssued: count.describe('write requests the actor sent'),
    writesSucceeded: count.describe('write requests the service accepted'),
  })
  .strict()
  .superRefine((usage, ctx) => {
    if (usage.writesSucceeded > usage.writesIssued) {
      ctx.addIssue({
        code: 'custom',
        path: ['writesSucceeded'],
        message: `more writes succeeded (${usage.writesSucceeded}) than were issued (${usage.writesIssued})`,
      });
    }
  });
export type Usage = z.infer<typeof UsageSchema>;

/** A recorded state is written as a patch, as the actor's calls, or as both (they must agree). */
function needsPatchOrCalls(value: { patch?: unknown; calls?: unknown }, ctx: z.RefinementCtx) {
  if (value.patch === undefined && value.calls === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['patch'],
      message: 'a recorded state needs a `patch`, its `calls`, or both',
    });
}

export const StageSchema = z
  .object({
    description: z.string().min(1).describe('what the actor did in this stage'),
    status: z
      .enum(['completed', 'unresolved'])
      .default('completed')
      .describe('`unresolved`: the stage did not finish (usage limit, timeout)'),
    patch: PatchSchema.optional().describe(
      'row changes on the state before this stage (writes that landed); derived from `calls` when omitted',
    ),
    calls: ApiCallsSchema.optional().describe(
      "the actor's write requests that landed in this stage, run on the state before it",
    ),
    usage: UsageSchema,
  })
  .strict()
  .superRefine(needsPatchOrCalls);
/** A stage as an executions file writes it. */
export type StageFile = z.infer<typeof StageSchema>;
/** A stage of a loaded pack: its patch derived from its calls when the file had none. */
export type Stage = StageFile & { patch: Patch };

export const BranchSchema = z
  .array(StageSchema)
  .length(STAGES_PER_BRANCH, `a branch has exactly ${STAGES_PER_BRANCH} stages`)
  .superRefine((stages, ctx) => {
    if (stages[0]?.status === 'unresolved' && stages[1]?.status !== 'unresolved') {
      ctx.addIssue({
        code: 'custom',
        path: [1, 'status'],
        message: 'a stage after an unresolved stage never ran: mark it unresolved too',
      });
    }
  });
export type BranchFile = z.infer<typeof BranchSchema>;
export type Branch = Stage[];

export const StartPointSchema = z
  .object({
    condition: z
      .string()
      .min(1)
      .describe('initial condition whose before-state the run started from (usually `related`)'),
    description: z.string().min(1),
    patch: PatchSchema.optional().describe(
      "row changes on the condition's before-state; derived from `calls` when omitted",
    ),
    calls: ApiCallsSchema.optional().describe(
      "the actor's write requests up to this start point, run on the condition's before-state",
    ),
    branches: z
      .object({
        neutral: BranchSchema.describe('continuations after the neutral message'),
        rejected: BranchSchema.describe('continuations after the generic rejection'),
      })
      .strict(),
  })
  .strict()
  .superRefine(needsPatchOrCalls);
export type StartPointFile = z.infer<typeof StartPointSchema>;
/** A start point of a loaded pack: every patch present. */
export type StartPoint = Omit<StartPointFile, 'patch' | 'branches'> & {
  patch: Patch;
  branches: { neutral: Branch; rejected: Branch };
};

export const RunSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
    actor: z.string().min(1).describe('the actor (model or agent) that produced the run'),
    description: z.string().default(''),
    starts: z
      .object({ natural: StartPointSchema, checkpoint: StartPointSchema })
      .strict()
      .describe('the natural end and the checkpoint after the first write round'),
  })
  .strict();
export type RunFile = z.infer<typeof RunSchema>;
export type Run = Omit<RunFile, 'starts'> & {
  starts: { natural: StartPoint; checkpoint: StartPoint };
};

/** `executions/<task>.json`: the recorded runs of one task. */
export const ExecutionsSchema = z
  .object({
    task: z.string().min(1).describe('id of the task the runs belong to'),
    messages: z
      .object({
        neutral: z.string().min(1),
        rejected: z.string().min(1),
      })
      .strict()
      .optional()
      .describe('the continuation messages the actor received (documentation only)'),
    runs: z.array(RunSchema).min(1),
  })
  .strict();
/** An executions file as written (states may hold only calls). */
export type ExecutionsFile = z.infer<typeof ExecutionsSchema>;
/** The recorded executions of a loaded pack: every patch present. */
export type Executions = Omit<ExecutionsFile, 'runs'> & { runs: Run[] };
