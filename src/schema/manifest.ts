import { z } from 'zod';
import { CallClockSchema } from './call.js';
import { ConditionNameSchema } from './task.js';

export const StateRefSchema = z
  .object({
    task: z.string().min(1),
    condition: ConditionNameSchema,
    outcome: z.string().min(1),
  })
  .strict();
export type StateRef = z.infer<typeof StateRefSchema>;

/**
 * A seed name or task id is also a file name inside the pack: no `/`, `\`, `..` or leading
 * dot, so no entry of pack.json can name a file outside the pack folder.
 */
const FileNameSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(
    /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/,
    'a plain file name: letters, digits, _ . - (no path separators, no leading dot)',
  );

/** pack.json: what the pack is, which seeds and tasks it holds, and its timing panel. */
export const ManifestSchema = z
  .object({
    name: z.string().min(1),
    version: z.string().min(1),
    referenceVersion: z
      .string()
      .min(1)
      .describe('version of the reference semantics the tasks are written for'),
    description: z.string().default(''),
    seeds: z.array(FileNameSchema).min(1).describe('seed names; each is seeds/<name>.json'),
    tasks: z
      .array(FileNameSchema)
      .optional()
      .describe('task ids; each is tasks/<id>.json. Omitted: every tasks/*.json, sorted'),
    timingPanel: z.array(StateRefSchema).default([]).describe('the states a latency profile runs'),
    calls: CallClockSchema.optional().describe(
      'the clock and id seed of states written as API calls; required when any state has `calls`',
    ),
  })
  .strict();
export type Manifest = z.infer<typeof ManifestSchema>;
