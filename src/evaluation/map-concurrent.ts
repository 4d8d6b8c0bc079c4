import { AgentProofBenchError } from '../contract/error.js';
/**
 * Map with at most `limit` calls in flight, results in input order. Isolates run on
 * their own threads, so a few evaluations in flight keep both cores busy while the
 * main thread answers API calls.
 */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new AgentProofBenchError(
      'APB_ARGUMENT',
      `concurrency must be a positive whole number, got ${limit}`,
      { fix: 'pass a concurrency of 1 or more' },
    );
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
