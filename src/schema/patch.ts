import { z } from 'zod';
import { RowSchema } from './json.js';

/**
 * A row-level patch: the exact, ordered row changes a service call produced.
 * Rows are addressed by primary key (the seed declares each table's key columns).
 */
export const InsertOpSchema = z
  .object({
    op: z.literal('insert'),
    table: z.string().min(1),
    row: RowSchema,
  })
  .strict();

export const UpdateOpSchema = z
  .object({
    op: z.literal('update'),
    table: z.string().min(1),
    key: RowSchema.describe('primary-key columns of the row to change'),
    set: RowSchema.describe('columns to overwrite'),
  })
  .strict();

export const DeleteOpSchema = z
  .object({
    op: z.literal('delete'),
    table: z.string().min(1),
    key: RowSchema,
  })
  .strict();

export const PatchOpSchema = z.discriminatedUnion('op', [
  InsertOpSchema,
  UpdateOpSchema,
  DeleteOpSchema,
]);
export const PatchSchema = z.array(PatchOpSchema);

export type InsertOp = z.infer<typeof InsertOpSchema>;
export type UpdateOp = z.infer<typeof UpdateOpSchema>;
export type DeleteOp = z.infer<typeof DeleteOpSchema>;
export type PatchOp = z.infer<typeof PatchOpSchema>;
export type Patch = z.infer<typeof PatchSchema>;
