import { z } from 'zod';

/** The number kinds every report section is built from. */
export const fraction = z.number().min(0).max(1);
export const count = z.number().int().min(0);

/** The fields of a rate in a report: count of total, the rate and its family-bootstrap interval. */
export const rateFields = {
  count,
  total: count,
  rate: fraction.nullable(),
  lower: fraction.nullable(),
  upper: fraction.nullable(),
};
