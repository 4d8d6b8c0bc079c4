import { describe, expect, it } from 'vitest';
import { mapConcurrent } from '../../src/evaluation/map-concurrent.js';

describe('mapConcurrent', () => {
  it('keeps input order and never exceeds the limit', async () => {
    let inFlight = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 10, 2];
    const results = await mapConcurrent(delays, 2, async (delay, index) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, delay));
      inFlight -= 1;
      return index * 10;
    });
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });

  it('rejects a limit that is not a positive whole number', async () => {
    await expect(mapConcurrent([1], 0, async (x) => x)).rejects.toThrow(
      'concurrency must be a positive whole number, got 0',
    );
  });
});
