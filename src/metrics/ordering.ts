/**
 * Orders strings by UTF-16 code units. Used for every key that decides an iteration order
 * (families, tasks, programs) because `localeCompare` depends on the ICU build, and the
 * bootstrap's draws must map to the same families on every machine.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
