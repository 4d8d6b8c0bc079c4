import { z } from 'zod';
import { JsonValueSchema } from './json.js';

/** Query parameter values a call may carry (the API client's own query shape). */
const QueryValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);

/**
 * One API request the task's actor makes, as the pack writes it (docs/pack-format.md,
 * "Outcomes as API calls"): the service's own wire format, on the same paths the read replica
 * serves. A string `{{N.a.b}}` inside it is the value at `a.b` of call N's response body.
 */
export const ApiCallSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z
      .string()
      .min(1)
      .describe(
        'relative to the service API base: `graphql`, `/chat.postMessage`, `/files/123`, `/calendars/<id>/events`',
      ),
    query: z.record(z.string(), QueryValueSchema).optional(),
    body: JsonValueSchema.optional().describe('the JSON request body'),
  })
  .strict();
export type ApiCall = z.infer<typeof ApiCallSchema>;

/** A non-empty, ordered list of calls: one state written as what the actor did. */
export const ApiCallsSchema = z.array(ApiCallSchema).min(1);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/**
 * pack.json `calls`: the deterministic clock and id seed every sequence of calls of the pack
 * runs with, so regenerating a pack is byte-identical (docs/pack-format.md, "The clock").
 */
export const CallClockSchema = z
  .object({
    start: z
      .string()
      .regex(ISO_INSTANT, 'an ISO 8601 instant with its offset, e.g. 2026-03-09T14:30:00Z')
      .refine((text) => !Number.isNaN(Date.parse(text)), 'not a real date and time')
      .describe('ISO 8601 instant of the first call'),
    stepMs: z.number().int().min(1).describe('milliseconds the clock advances per call'),
    idSeed: z.string().min(1).describe('seed of the id streams'),
  })
  .strict();
export type CallClock = z.infer<typeof CallClockSchema>;
