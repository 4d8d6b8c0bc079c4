import { z } from 'zod';

/** A share between 0 and 1 (rates, thresholds, intervals). */
export const fraction = z.number().min(0).max(1);

/** A whole number of things, never negative. */
export const count = z.number().int().min(0);
