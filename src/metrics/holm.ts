import { AgentProofBenchError } from '../contract/error.js';
/**
 * Holm's step-down adjustment (Holm, 1979) for the contrasts declared for a run. With the
 * p-values sorted ascending p(1) ≤ … ≤ p(m), the adjusted value of the i-th is
 * max over j ≤ i of min(1, (m − j + 1) · p(j)); results come back in the input order.
 * Adjusted values are ≥ the raw ones, ≤ 1, and keep the raw values' order.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  pValues.forEach((p, i) => {
    if (!(p >= 0 && p <= 1))
      throw new AgentProofBenchError(
        'APB_METRICS_INPUT',
        `p-value ${i} must be in [0, 1], got ${p}`,
        { fix: 'give p-values between 0 and 1' },
      );
  });
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const adjusted = new Array<number>(m).fill(1);
  let runningMax = 0;
  order.forEach(({ p, i }, rank) => {
    runningMax = Math.max(runningMax, Math.min(1, (m - rank) * p));
    adjusted[i] = runningMax;
  });
  return adjusted;
}
