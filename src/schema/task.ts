import { z } from 'zod';
import { ApiCallsSchema } from './call.js';
import { type Patch, PatchSchema } from './patch.js';
import { CategorySchema, DeclarativeReferenceSchema } from './reference.js';
import { ServiceSchema } from './service.js';

export const CONDITIONS = ['source', 'background', 'related'] as const;
export const ConditionNameSchema = z.enum(CONDITIONS);
export type ConditionName = z.infer<typeof ConditionNameSchema>;

export const ROLES = ['complete', 'alternative', 'fault', 'natural', 'prefix'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const LabelSchema = z.enum(['valid', 'invalid']);
export type Label = z.infer<typeof LabelSchema>;

/** What a `related` condition moves: the same instruction now requires something else. */
export const RELATED_CHANGES = ['binding', 'value', 'membership', 'preservation'] as const;
export const RelatedChangeSchema = z.enum(RELATED_CHANGES);
export type RelatedChange = z.infer<typeof RelatedChangeSchema>;

/**
 * Traps that generated verifiers fall into (docs/pack-format.md, Traps): a task names the ones
 * its panels exercise, so a pack can report which mistakes it tests and how often.
 */
export const TRAPS = [
  'shared-name',
  'renamed-entity',
  'pagination',
  'thread-or-edit',
  'archived-or-trashed',
  'time-zone',
  'recurrence',
  'case-whitespace',
  'copied-value',
  'preserve-across-tables',
  'legal-alternative',
] as const;
export const TrapSchema = z.enum(TRAPS);
export type Trap = z.infer<typeof TrapSchema>;

export const OutcomeSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, _ . - only'),
    role: RoleSchema,
    label: LabelSchema,
    fault: CategorySchema.optional().describe('fault category; required for role `fault`'),
    description: z.string().min(1),
    patch: PatchSchema.optional().describe(
      "row changes that turn this condition's before-state into the after-state; derived from `calls` when omitted",
    ),
    calls: ApiCallsSchema.optional().describe(
      "the actor's API requests, run in order on this condition's before-state; the loader derives the patch from them",
    ),
  })
  .strict()
  .superRefine((outcome, ctx) => {
    if (outcome.patch === undefined && outcome.calls === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['patch'],
        message: 'an outcome needs a `patch`, its `calls`, or both',
      });
    }
    if (outcome.role === 'fault' && outcome.fault === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['fault'],
        message: 'a fault outcome needs a fault category',
      });
    }
    if (outcome.role === 'fault' && outcome.label !== 'invalid') {
      ctx.addIssue({
        code: 'custom',
        path: ['label'],
        message: 'a fault outcome is labelled invalid',
      });
    }
    if (
      (outcome.role === 'complete' || outcome.role === 'alternative') &&
      outcome.label !== 'valid'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['label'],
        message: `a ${outcome.role} outcome is labelled valid`,
      });
    }
  });
/** An outcome as a pack file writes it: `patch`, `calls`, or both. */
export type OutcomeFile = z.infer<typeof OutcomeSchema>;
/** An outcome of a loaded pack: its patch is there, derived from its calls when the file had none. */
export type Outcome = OutcomeFile & { patch: Patch };

export const InitialConditionSchema = z
  .object({
    description: z.string().default(''),
    change: RelatedChangeSchema.optional().describe(
      'for `related`: what kind of requirement moves',
    ),
    patch: PatchSchema.default([]),
  })
  .strict();
export type InitialCondition = z.infer<typeof InitialConditionSchema>;

export const ActorSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    email: z.string().optional(),
  })
  .strict();
export type Actor = z.infer<typeof ActorSchema>;

export const WitnessSchema = z
  .object({
    decision: z
      .string()
      .min(1)
      .describe('id of the source outcome whose row changes (or calls) are replayed'),
    description: z.string().optional(),
    calls: ApiCallsSchema.optional().describe(
      "the replay written as the actor's calls on the related before-state; omitted: the decision's own calls (or, without calls, its literal patch)",
    ),
  })
  .strict();
/** A witness as a pack file writes it. */
export type WitnessFile = z.infer<typeof WitnessSchema>;
/**
 * A witness of a loaded pack: `replay` holds the related replay's row changes when they were
 * derived from calls (otherwise the replay is the decision's literal patch).
 */
export type Witness = WitnessFile & { replay?: Patch };

export const CostSchema = z
  .object({
    construction: z.number().min(0).optional(),
    perUse: z.number().min(0).optional(),
  })
  .strict();

/** A reference kind contributed by code (e.g. the Agent-Diff DSL); evaluated by a registered engine. */
export const ExternalReferenceSchema = z
  .object({
    kind: z
      .string()
      .min(1)
      .refine((k) => k !== 'declarative', 'use the declarative schema'),
    version: z.number().int().min(1),
    spec: z.unknown(),
  })
  .strict();

export const ReferenceSchema = z.union([DeclarativeReferenceSchema, ExternalReferenceSchema]);
export type Reference = z.infer<typeof ReferenceSchema>;

export const TaskSchema = z
  .object({
    id: z
      .string()
      .min(1)
      .regex(/^[A-Za-z0-9_.-]+$/),
    family: z.string().min(1),
    service: ServiceSchema,
    seed: z.string().min(1).describe('name of a seed in the pack'),
    actor: ActorSchema,
    instruction: z.string().min(1),
    reference: ReferenceSchema,
    conditions: z
      .object({
        source: InitialConditionSchema,
        background: InitialConditionSchema.optional(),
        related: InitialConditionSchema.optional(),
      })
      .strict(),
    outcomes: z
      .object({
        source: z.array(OutcomeSchema).min(1),
        background: z.array(OutcomeSchema).optional(),
        related: z.array(OutcomeSchema).optional(),
      })
      .strict(),
    witness: WitnessSchema.optional(),
    cost: CostSchema.optional(),
    traps: z
      .array(TrapSchema)
      .optional()
      .describe("the traps this task's panels exercise (docs/pack-format.md, Traps)"),
  })
  .strict()
  .superRefine((task, ctx) => {
    if (task.conditions.related && task.conditions.related.change === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['conditions', 'related', 'change'],
        message:
          'a related condition names what it moves: binding, value, membership or preservation',
      });
    const seen = new Set<string>();
    for (const [index, trap] of (task.traps ?? []).entries()) {
      if (seen.has(trap))
        ctx.addIssue({
          code: 'custom',
          path: ['traps', index],
          message: `trap ${trap} is listed twice`,
        });
      seen.add(trap);
    }
  });
/** A task as a pack file writes it (outcomes may hold only calls). */
export type TaskFile = z.infer<typeof TaskSchema>;
/** A task of a loaded pack: every outcome has its patch (derived from calls where written so). */
export type Task = Omit<TaskFile, 'outcomes' | 'witness'> & {
  outcomes: { source: Outcome[]; background?: Outcome[]; related?: Outcome[] };
  witness?: Witness;
};
