// Checks that what `verify` resolved to is exactly the contract's result (docs/benchmark.md, Verifier).
// Self-contained on purpose: the isolate runtime bundles this file into each isolate,
// and the host runs it again on what comes out, so a tampered guest cannot skip it.
import type { VerifierCheck } from '../contract/record.js';
import type { VerifierResult } from '../contract/verifier.js';

export type ResultValidation =
  | { ok: true; result: VerifierResult }
  | { ok: false; message: string };

const VERDICTS = ['pass', 'fail', 'unknown'];
/**
 * Containers a valid result can nest: the result, `checks`, one check. Deeper input is
 * refused without being walked, so a result nested 500,000 levels deep costs the host
 * nothing (docs/sandbox.md, "Budgets and bounds").
 */
const MAX_NESTING = 3;
const RESULT_KEYS = ['verdict', 'checks', 'explanation'];
const CHECK_KEYS = ['name', 'ok', 'detail'];

/**
 * Why `value` is not plain JSON (functions, symbols, bigints, non-finite numbers, class
 * instances, cycles, sparse arrays), or `undefined` when it is. An object property whose
 * value is `undefined` counts as absent, as `JSON.stringify` treats it.
 */
function findNonJson(value: unknown, path: string, seen: object[]): string | undefined {
  if (seen.length >= MAX_NESTING && typeof value === 'object' && value !== null)
    return `${path} nests deeper than a result can (at most ${MAX_NESTING} levels: result, checks, check)`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : `${path} is ${String(value)}, not a JSON number`;
  if (typeof value !== 'object')
    return `${path} is ${value === undefined ? 'undefined' : `a ${typeof value}`}, not a JSON value`;
  if (seen.includes(value)) return `${path} is a circular reference`;
  seen.push(value);
  try {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        if (!(index in value)) return `${path}[${index}] is a hole in a sparse array`;
        const problem = findNonJson(value[index], `${path}[${index}]`, seen);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      return `${path} is a class instance, not a plain object`;
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (item === undefined) continue;
      const problem = findNonJson(item, `${path}.${key}`, seen);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    seen.pop();
  }
}

function unexpectedKey(value: object, allowed: string[]): string | undefined {
  return Object.keys(value).find(
    (key) => !allowed.includes(key) && (value as Record<string, unknown>)[key] !== undefined,
  );
}

function validateCheck(
  check: unknown,
  path: string,
): { ok: true; check: VerifierCheck } | { ok: false; message: string } {
  if (typeof check !== 'object' || check === null || Array.isArray(check)) {
    return { ok: false, message: `${path} must be an object {name, ok, detail?}` };
  }
  const extra = unexpectedKey(check, CHECK_KEYS);
  if (extra !== undefined)
    return {
      ok: false,
      message: `${path} has unexpected key "${extra}" (allowed: name, ok, detail)`,
    };
  const { name, ok, detail } = check as Record<string, unknown>;
  if (typeof name !== 'string') return { ok: false, message: `${path}.name must be a string` };
  if (typeof ok !== 'boolean') return { ok: false, message: `${path}.ok must be a boolean` };
  if (detail !== undefined && typeof detail !== 'string')
    return { ok: false, message: `${path}.detail must be a string when present` };
  return { ok: true, check: detail === undefined ? { name, ok } : { name, ok, detail } };
}

/**
 * Accept exactly `{verdict, checks?, explanation?}` of plain JSON; explain the first
 * deviation otherwise. Never throws: a getter or proxy that throws while being read is
 * itself a deviation.
 */
export function validateVerifierResult(value: unknown): ResultValidation {
  try {
    return validateShape(value);
  } catch (error) {
    let reason = 'an exception';
    try {
      reason = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
    } catch {
      // The thrown value defends itself too; its kind is all we report.
    }
    return { ok: false, message: `result could not be read (${reason})` };
  }
}

function validateShape(value: unknown): ResultValidation {
  const nonJson = findNonJson(value, 'result', []);
  if (nonJson !== undefined) return { ok: false, message: nonJson };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      message: `result must be an object {verdict, checks?, explanation?}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    };
  }
  const extra = unexpectedKey(value, RESULT_KEYS);
  if (extra !== undefined)
    return {
      ok: false,
      message: `result has unexpected key "${extra}" (allowed: verdict, checks, explanation)`,
    };
  const { verdict, checks, explanation } = value as Record<string, unknown>;
  if (typeof verdict !== 'string' || !VERDICTS.includes(verdict)) {
    return {
      ok: false,
      message: `result.verdict must be "pass", "fail" or "unknown", got ${JSON.stringify(verdict) ?? 'undefined'}`,
    };
  }
  if (explanation !== undefined && typeof explanation !== 'string') {
    return { ok: false, message: 'result.explanation must be a string when present' };
  }
  const result: VerifierResult = { verdict: verdict as VerifierResult['verdict'] };
  if (checks !== undefined) {
    if (!Array.isArray(checks))
      return { ok: false, message: 'result.checks must be an array when present' };
    result.checks = [];
    for (let index = 0; index < checks.length; index += 1) {
      const validated = validateCheck(checks[index], `result.checks[${index}]`);
      if (!validated.ok) return validated;
      result.checks.push(validated.check);
    }
  }
  if (explanation !== undefined) result.explanation = explanation;
  return { ok: true, result };
}
