/** A count shown with its full denominator, e.g. 79 jointly correct of 96 programs. */
export interface Proportion {
  count: number;
  total: number;
  /** count / total as a fraction in [0, 1]; null when total is 0. */
  rate: number | null;
}

export function proportion(count: number, total: number): Proportion {
  return { count, total, rate: total === 0 ? null : count / total };
}
