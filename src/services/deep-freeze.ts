/**
 * Freeze a value and every object inside it. Replicas keep some answers' parts once per
 * row or per state and hand the same objects to later calls; frozen, no caller can change
 * what a later answer is built from (an attempt throws instead of going unnoticed).
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item)) pending.push((item as Record<string, unknown>)[key]);
  }
  return value;
}
