import { z } from 'zod';
import { count } from './schema-parts.js';

// The JSON shape of the program-vs-judge section and of a record's model usage
// (docs/judge.md); computed and rendered in verifier-comparison.ts.

/** What a model-based verifier consumed in one evaluation (the record's `usage`). */
export const ModelUsageSchema = z
  .object({
    rounds: count.describe('model calls'),
    inputTokens: count,
    outputTokens: count,
    costUsd: z.number().min(0).describe('tokens at the configured price, USD'),
    model: z.string(),
  })
  .nullable()
  .describe('model usage of an online judge; null for programs');

const SetUsageSchema = z.object({
  set: z.string(),
  judge: z.boolean().describe('the set is an online judge (its evaluations called a model)'),
  evaluations: count,
  medianLatencyMs: z.number().min(0).nullable().describe('median wall time of one evaluation'),
  perUseCost: z
    .number()
    .min(0)
    .nullable()
    .describe('c: mean measured cost of one evaluation (cost section), null without it'),
  medianConstruction: z.number().min(0).nullable().describe('median C of the set’s programs'),
  medianBreakEvenUses: z
    .number()
    .min(0)
    .nullable()
    .describe('median uses after which building the program is cheaper than the judge'),
  model: z
    .object({
      meanRounds: z.number().min(0),
      inputTokens: count,
      outputTokens: count,
      costUsd: z.number().min(0),
    })
    .nullable(),
});

export const ComparisonSectionSchema = z
  .object({ sets: z.array(SetUsageSchema) })
  .nullable()
  .describe(
    'program vs online judge: per set latency, cost per use, construction cost and break-even; null when no set called a model',
  );
export type ComparisonSection = z.infer<typeof ComparisonSectionSchema>;
