import { compilePattern, PATTERN_MAX_CHARS } from '../pattern.js';
import { boundedRegExp } from './bounded-regexp.js';
import { PythonPatternError, translatePythonPattern } from './python-regex-syntax.js';

/**
 * Python `re` patterns of Agent-Diff suites, for `re.search(pattern, value)`. The pattern is
 * first translated from Python's syntax and semantics (python-regex-syntax.ts), then run
 * on RE2, whose matching time is linear. What RE2 cannot express (lookaround,
 * backreferences, a `$` followed by more pattern, Python's Unicode `\b` on non-ASCII
 * text) runs on JavaScript's RegExp under a time limit instead (docs/pack-format.md,
 * "Patterns").
 */
export interface PythonPattern {
  /**
   * `linear` (RE2), `bounded` (backtracking, with a time limit per match), or
   * `linear-on-ascii` (RE2 on ASCII text, where its `\b` agrees with Python's; bounded otherwise).
   */
  readonly engine: 'linear' | 'bounded' | 'linear-on-ascii';
  test(text: string): boolean;
}

export type PythonPatternCompilation =
  | { ok: true; pattern: PythonPattern }
  | { ok: false; message: string };

const cache = new Map<string, PythonPatternCompilation>();
const MAX_CACHED = 4096;
// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is U+0000 to U+007F
const ASCII = /^[\u0000-\u007f]*$/;

function boundedTest(
  source: string,
  js: string,
  flags: string,
): ((text: string) => boolean) | string {
  try {
    return boundedRegExp(source, new RegExp(js, flags));
  } catch (error) {
    return (error as Error).message;
  }
}

function compileTranslated(pattern: string): PythonPatternCompilation {
  let translated: ReturnType<typeof translatePythonPattern>;
  try {
    translated = translatePythonPattern(pattern);
  } catch (error) {
    if (error instanceof PythonPatternError) return { ok: false, message: error.message };
    throw error;
  }
  const needsBounded = translated.backtracking || translated.asciiBoundary;
  if (needsBounded && translated.jsUnavailable)
    return {
      ok: false,
      message: `${translated.jsUnavailable} lookaround, backreferences, a "$" before more pattern or a Unicode \\b have no equivalent here`,
    };
  const linear = translated.re2 === undefined ? undefined : compilePattern(translated.re2);
  if (linear && !linear.ok) return { ok: false, message: linear.message };
  if (linear?.ok && !translated.asciiBoundary)
    return { ok: true, pattern: { engine: 'linear', test: linear.pattern.test } };
  const bounded = boundedTest(pattern, translated.js, translated.jsFlags);
  if (typeof bounded === 'string') return { ok: false, message: bounded };
  if (linear?.ok) {
    const onAscii = linear.pattern.test;
    return {
      ok: true,
      pattern: {
        engine: 'linear-on-ascii',
        test: (text) => (ASCII.test(text) ? onAscii(text) : bounded(text)),
      },
    };
  }
  return { ok: true, pattern: { engine: 'bounded', test: bounded } };
}

/** Compile a suite pattern once; `ok: false` is what Python would raise `re.error` for, or what has no faithful translation. */
export function compilePythonPattern(pattern: string): PythonPatternCompilation {
  if (pattern.length > PATTERN_MAX_CHARS)
    return {
      ok: false,
      message: `the pattern has ${pattern.length} characters; the limit is ${PATTERN_MAX_CHARS}`,
    };
  let result = cache.get(pattern);
  if (!result) {
    result = compileTranslated(pattern);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(pattern, result);
  }
  return result;
}

/** The compiled pattern, or undefined (the engine treats it like Python's `re.error`: no match). */
export function pythonRegex(pattern: string): PythonPattern | undefined {
  const result = compilePythonPattern(pattern);
  return result.ok ? result.pattern : undefined;
}
