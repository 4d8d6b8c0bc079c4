// Values frozen with everything inside them; nothing reachable from one can change. Only
// the values given to deepFreeze are marked, not every object inside them: the marks are
// one table for the whole process, and a mark per nested object (avatars, attendees,
// times) held about 260,000 of them, 4 MB of heap that V8 grows to about four times that
// in peak memory (docs/sandbox.md, "Memory").
const deeplyFrozen = new WeakSet<object>();

/**
 * Freeze a value and every object inside it. Replicas keep some answers' parts once per
 * row or per state and hand the same objects to later calls; frozen, no caller can change
 * what a later answer is built from (an attempt throws instead of going unnoticed).
 */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    seen.add(item);
    // A value frozen deeply before needs no second walk.
    if (item !== value && deeplyFrozen.has(item)) continue;
    Object.freeze(item);
    for (const key of Object.keys(item)) pending.push((item as Record<string, unknown>)[key]);
  }
  if (typeof value === 'object' && value !== null) deeplyFrozen.add(value);
  return value;
}

/** Whether this object was given to `deepFreeze` (so what it holds can never change). */
export function isDeeplyFrozen(value: object): boolean {
  return Object.isFrozen(value) && deeplyFrozen.has(value);
}
