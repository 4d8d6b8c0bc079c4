/**
 * How many states keep their derived values (replica indexes, merged rows) at once. Each
 * state's cost 70-170 kB (about 130 MB for the 1,400 states of the built-in pack), and a
 * V8 heap grows to about four times what survived its last full collection before it
 * collects again, so every megabyte kept costs up to four of peak memory
 * (docs/sandbox.md, "Memory"). Cases of one task run together (at most 29 states a task in
 * the built-in pack), so the values a run reuses are those of the last few dozen states;
 * a state used again after eviction computes its values again, identical since states
 * are immutable.
 */
export const DERIVED_STATES_KEPT = 32;

/** Derived values per owner, least recently used owner first (Map order). */
const recent = new Map<object, Map<unknown, unknown>>();
/** The owner used last, kept in place without reordering `recent` on every call. */
let latest: object | undefined;

/** The values kept for `owner`, made the most recently used; the oldest owner beyond the bound forgets its values. */
function valuesOf(owner: object): Map<unknown, unknown> {
  let values = recent.get(owner);
  if (values !== undefined && owner === latest) return values;
  if (values === undefined) values = new Map();
  else recent.delete(owner);
  recent.set(owner, values);
  latest = owner;
  if (recent.size > DERIVED_STATES_KEPT) recent.delete(recent.keys().next().value as object);
  return values;
}

/**
 * The value `compute` gives for `owner` and `key`, computed once while `owner` stays among
 * the `DERIVED_STATES_KEPT` most recently used owners. `compute` must depend only on
 * `owner` (it may run again after eviction).
 */
export function derivedValue<T>(owner: object, key: unknown, compute: () => T): T {
  const values = valuesOf(owner);
  if (values.has(key)) return values.get(key) as T;
  const value = compute();
  values.set(key, value);
  return value;
}
