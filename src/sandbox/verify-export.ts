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

/** `Name: message` for an Error, a short description for anything else that was thrown. */
export function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return `${String((error as { name?: unknown }).name ?? 'Error')}: ${(error as { message: string }).message}`;
  }
  return `threw a non-Error value: ${String(error)}`;
}
