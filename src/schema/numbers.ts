import { z } from 'zod';

/** A share between 0 and 1 (rates, thresholds, intervals). */
export const fraction = z.number().min(0).max(1);

/** A whole number of things, never negative. */
export const count = z.number().int().min(0);

/**
 * The most a pack may record as one cost, in USD (a stage's model cost, a program's
 * construction cost). No model call comes near it; a larger figure is a unit or data error,
 * and sums of a few such figures overflow to Infinity (docs/pack-format.md, "Limits and refusals").
 */
export const MAX_RECORDED_COST = 1_000_000;

/** A recorded cost: finite, never negative, at most MAX_RECORDED_COST. */
export const recordedCost = z
  .number()
  .min(0)
  .max(
    MAX_RECORDED_COST,
    `a recorded cost is at most ${MAX_RECORDED_COST.toLocaleString('en-US')}`,
  );
