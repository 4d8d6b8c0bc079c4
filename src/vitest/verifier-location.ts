// Where a failed generated case points: at the user's verifier, never into this package
// (its stack is rewritten, so Vitest's location line and code frame show the user's code).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EvaluationRecord } from '../contract/record.js';

const verifyLines = new Map<string, number>();

/** The line of a verifier file that defines `verify` (1 when there is none to find). */
export function verifyLine(module: string): number {
  let line = verifyLines.get(module);
  if (line === undefined) {
    let text = '';
    try {
      text = readFileSync(module, 'utf8');
    } catch {}
    const found = text
      .split('\n')
      .findIndex((source) =>
        /^\s*(export\b.*\bverify\b|export\s+default\b|def\s+verify\b)/.test(source),
      );
    line = found + 1 || 1;
    verifyLines.set(module, line);
  }
  return line;
}

/** A failed case is the verifier's doing: its stack names the verifier file at its `verify`. */
export function pointAtVerifier(error: unknown, module: string): unknown {
  if (error instanceof Error)
    error.stack = `${error.name}: ${error.message}\n    at verify (${module}:${verifyLine(module)}:1)`;
  return error;
}

// The bundler's message ends with the file and line of the first error it met
// (src/sandbox/isolate/bundle.ts): "cannot bundle the verifier: <text> (<file>:<line>)".
const BUNDLE_FAILURE = /^cannot bundle the verifier: (.*) \(([^()]+):(\d+)\)$/s;

/** A verifier that does not load: where the bundler stopped, in the verifier or a file beside it. */
export interface LoadFailure {
  message: string;
  file: string;
  line: number;
}

export function loadFailureOf(record: EvaluationRecord, module: string): LoadFailure | undefined {
  if (record.verdict !== 'error' || record.kind !== 'exception') return undefined;
  const match = BUNDLE_FAILURE.exec(record.message);
  if (!match) return undefined;
  const named = path.resolve(path.dirname(module), match[2]!);
  return {
    message: record.message,
    file: existsSync(named) ? named : module,
    line: Number(match[3]),
  };
}

// Said in full once per verifier file and worker; the other cases of that file say it briefly.
const reported = new Set<string>();

/**
 * The error of a case whose verifier does not load. The first case of a file shows the
 * bundler's message at the error's own line (with Vitest's code frame); every later one is a
 * single line without a location, so a syntax error does not repeat a frame per case.
 */
export function loadFailureError(failure: LoadFailure, module: string): Error {
  const key = `${module}\u0000${failure.message}`;
  const first = !reported.has(key);
  reported.add(key);
  const error = new Error(
    first
      ? `${path.basename(module)} does not load, so every case of it is an error: ${failure.message}`
      : `${path.basename(module)} does not load (shown in full at its first case)`,
  );
  error.name = 'VerifierLoadError';
  error.stack = first
    ? `${error.name}: ${error.message}\n    at verify (${failure.file}:${failure.line}:1)`
    : `${error.name}: ${error.message}`;
  return error;
}
