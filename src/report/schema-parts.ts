import { count, fraction } from '../schema/numbers.js';

/** The number kinds every report section is built from. */
export { count, fraction };

/** The fields of a rate in a report: count of total, the rate and its family-bootstrap interval. */
export const rateFields = {
  count,
  total: count,
  rate: fraction.nullable(),
  lower: fraction.nullable(),
  upper: fraction.nullable(),
};
