import { z } from 'zod';

/** Any JSON value: rows, patch values and reference literals are plain JSON. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | JsonValue[]
  | { [key: string]: JsonValue };

export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ]),
);

/** One row of a service table: column name to JSON value. */
export const RowSchema = z.record(z.string(), JsonValueSchema);
export type Row = z.infer<typeof RowSchema>;
