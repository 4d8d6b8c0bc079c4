import { z } from 'zod';
import { ConditionNameSchema } from './task.js';

/** Version of the program sidecar format. */
export const PROGRAM_META_VERSION = 1;

/**
 * `<program file>.meta.json`: how a frozen verifier program was built. Written by
 * `agentproofbench construct` (or by hand); `run` reads it for the cross-condition matrix
 * and the cost profile (docs/construct.md).
 */
export const ProgramMetaSchema = z
  .object({
    schemaVersion: z.literal(PROGRAM_META_VERSION),
    task: z.string().min(1).describe('task id the program verifies'),
    replica: z.string().min(1).describe('replicate id, e.g. r1'),
    builtOn: ConditionNameSchema.describe(
      'initial condition whose before-state the generator read',
    ),
    generator: z
      .string()
      .min(1)
      .describe('generator that wrote the program (module name or builtin:<model>)'),
    budget: z
      .number()
      .int()
      .min(0)
      .describe('construction budget B: reads plus draft runs allowed'),
    budgetUsed: z.number().int().min(0).describe('construction budget spent'),
    costUsd: z.number().min(0).describe('construction cost C in USD (0 when unknown or free)'),
    language: z.enum(['ts', 'py']),
    rounds: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('model calls the generator made, when it says'),
    tokens: z
      .object({ input: z.number().int().min(0), output: z.number().int().min(0) })
      .strict()
      .optional(),
    draftRuns: z.number().int().min(0).describe('draft runs against the construction state'),
  })
  .strict();
export type ProgramMeta = z.infer<typeof ProgramMetaSchema>;

/** Where the sidecar of a program file lives. */
export function programMetaPath(programFile: string): string {
  return `${programFile}.meta.json`;
}
