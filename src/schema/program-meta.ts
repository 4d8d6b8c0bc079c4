import { z } from 'zod';
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
    constructionCost: z
      .number()
      .finite()
      .min(0)
      .optional()
      .describe('C: one-off cost of building the program, in the run’s cost currency'),
  })
  .strict();
export type ProgramMeta = z.infer<typeof ProgramMetaSchema>;
