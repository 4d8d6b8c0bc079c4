// Objects frozen with everything inside them; nothing reachable from one can change.
const deeplyFrozen = new WeakSet<object>();

/**
 * Freeze a value and every object inside it. Replicas keep some answers' parts once per
 * row or per state and hand the same objects to later calls; frozen, no caller can change
 * what a later answer is built from (an attempt throws instead of going unnoticed).
 */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || deeplyFrozen.has(item)) continue;
    Object.freeze(item);
    deeplyFrozen.add(item);
    for (const key of Object.keys(item)) pending.push((item as Record<string, unknown>)[key]);
  }
  return value;
}

/** Whether `deepFreeze` froze this object (so what it holds can never change). */
export function isDeeplyFrozen(value: object): boolean {
  return Object.isFrozen(value) && deeplyFrozen.has(value);
}
