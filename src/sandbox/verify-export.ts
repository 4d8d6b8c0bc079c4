// Finds `verify` in a loaded verifier module. Self-contained: bundled into each isolate.
import type { VerifyFunction } from '../contract/verifier.js';

/** The named export `verify`, else a default export that is a function; otherwise why not. */
export function pickVerifyExport(
  module: unknown,
): { ok: true; verify: VerifyFunction } | { ok: false; message: string } {
  const exports = (module ?? {}) as { verify?: unknown; default?: unknown };
  if (typeof exports.verify === 'function')
    return { ok: true, verify: exports.verify as VerifyFunction };
  if (typeof exports.default === 'function')
    return { ok: true, verify: exports.default as VerifyFunction };
  const named = exports.default as { verify?: unknown } | undefined;
  if (typeof named === 'object' && named !== null && typeof named.verify === 'function') {
    return { ok: true, verify: named.verify as VerifyFunction };
  }
  return {
    ok: false,
    message:
      'the verifier module exports no verify function (expected `export function verify` or a default export)',
  };
}

/** Reads one property of a thrown value; `undefined` when reading it throws (a getter, a Proxy trap). */
function readSafely(value: object, key: 'name' | 'message'): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** `String(value)`, or `undefined` when that throws (no prototype, a hostile `toString`). */
function stringifySafely(value: unknown): string | undefined {
  try {
    return String(value);
  } catch {
    return undefined;
  }
}

/**
 * `Name: message` for an Error, a short description for anything else that was thrown.
 * Never throws, whatever the value (`Object.create(null)`, a throwing `message` getter, a
 * Proxy): describing a verifier's exception must not turn it into another kind of ending.
 */
export function describeThrown(error: unknown): string {
  if (typeof error !== 'object' || error === null) {
    return `threw a non-Error value: ${stringifySafely(error) ?? typeof error}`;
  }
  const name = readSafely(error, 'name');
  const message = readSafely(error, 'message');
  const shownName = typeof name === 'string' && name !== '' ? name : 'Error';
  if (typeof message === 'string') return `${shownName}: ${message}`;
  let isError = false;
  try {
    isError = error instanceof Error;
  } catch {
    // A Proxy whose getPrototypeOf trap throws.
  }
  if (isError) return `${shownName} (its message could not be read)`;
  return `threw a non-Error value: ${stringifySafely(error) ?? 'an object without a string form'}`;
}
