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

/**
 * A pack's name and version are shown in every report (terminal, report.md, the GitHub step
 * summary, HTML): plain words only, so no markup, line break or control character can ride
 * in on them (docs/report.md, "Untrusted strings").
 */
const PackNameSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ._+-]{0,99}$/,
    'a pack name: up to 100 letters, digits, spaces and _ . + -, starting with a letter or digit',
  );
const PackVersionSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/,
    'a version such as 1.0.0: up to 64 letters, digits and . _ + -, starting with a letter or digit',
  );

/** pack.json: what the pack is, which seeds and tasks it holds, and its timing panel. */
export const ManifestSchema = z
  .object({
    name: PackNameSchema,
    version: PackVersionSchema,
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
