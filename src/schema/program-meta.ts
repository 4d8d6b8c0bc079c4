import { z } from 'zod';
import { recordedCost } from './numbers.js';
import { CONDITIONS } from './task.js';

/**
 * A program's sidecar `<file>.meta.json` (e.g. `verifiers/linear_52.ts.meta.json`): what is
 * known about how the program was made, which the run cannot measure itself.
 */
export const ProgramMetaSchema = z
  .object({
    builtOn: z
      .enum(CONDITIONS)
      .optional()
      .describe('initial condition the program was built on (overrides the set’s `builtOn`)'),
    constructionCost: recordedCost
      .optional()
      .describe('C: one-off cost of building the program, in the run’s cost currency'),
    // Written by `agentproofbench construct` (docs/construct.md); all optional for hand-made sidecars.
    generator: z
      .string()
      .min(1)
      .optional()
      .describe('what wrote the program: a generator module name, or builtin:<model>'),
    task: z.string().min(1).optional().describe('task id the program was built for'),
    replica: z.string().min(1).optional().describe('replicate id, e.g. r1'),
    budget: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('construction budget B: business operations read plus draft runs allowed'),
    budgetUsed: z.number().int().min(0).optional().describe('construction budget spent'),
    draftRuns: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('drafts run against the construction state'),
    rounds: z.number().int().min(0).optional().describe('model calls the generator made'),
    tokens: z
      .object({ input: z.number().int().min(0), output: z.number().int().min(0) })
      .strict()
      .optional()
      .describe('model tokens the generator used'),
    sourceSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe('SHA-256 of the program file as written: the program is frozen'),
  })
  .strict();
export type ProgramMeta = z.infer<typeof ProgramMetaSchema>;
