import { z } from 'zod';
import { RowSchema } from './json.js';
import { ServiceSchema } from './service.js';

export const SeedTableSchema = z
  .object({
    key: z
      .array(z.string().min(1))
      .min(1)
      .describe('primary-key columns; several for a composite key'),
    rows: z.array(RowSchema),
  })
  .strict();

/**
 * A seed template: the canonical initial data of one service account. Every state of
 * every task is this seed plus a row patch. Table and column names follow the service
 * replica's storage layout (see src/services/<service>/tables.ts).
 */
export const SeedSchema = z
  .object({
    name: z.string().min(1),
    service: ServiceSchema,
    description: z.string().optional(),
    tables: z.record(z.string(), SeedTableSchema),
  })
  .strict();

export type SeedTable = z.infer<typeof SeedTableSchema>;
export type Seed = z.infer<typeof SeedSchema>;
