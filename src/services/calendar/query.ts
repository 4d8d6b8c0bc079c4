import type { QueryValue } from '../api.js';
import { ApiFailure, invalidValue } from './errors.js';

/** Query parameters as the wire sees them: every value a string (repeated keys keep the first). */
export class QueryParams {
  readonly #values: Map<string, string>;

  constructor(query: Record<string, QueryValue> | undefined, pathQuery: URLSearchParams) {
    this.#values = new Map();
    for (const [key, value] of pathQuery) if (!this.#values.has(key)) this.#values.set(key, value);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      const first = Array.isArray(value) ? value[0] : value;
      if (first === undefined) continue;
      this.#values.set(key, String(first));
    }
  }

  string(name: string): string | undefined {
    const value = this.#values.get(name);
    return value === undefined || value === '' ? undefined : value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.string(name);
    if (value === undefined) return fallback;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw new ApiFailure(invalidValue(`Invalid boolean value for parameter ${name}: '${value}'`));
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.string(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min) {
      throw new ApiFailure(
        invalidValue(
          `Invalid value '${value}' for parameter ${name}: expected an integer of at least ${min}.`,
        ),
      );
    }
    return Math.min(parsed, max);
  }
}
