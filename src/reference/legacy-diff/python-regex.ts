import { compilePattern, PATTERN_MAX_CHARS } from '../pattern.js';
import { boundedRegExp } from './bounded-regexp.js';

/**
 * Python `re` patterns of Agent-Diff suites, for `re.search(pattern, value)`. Suites use
 * Python syntax: global inline flags at the start (`(?si)...`), named groups `(?P<n>...)`,
 * `\A` and `\Z`. RE2 reads nearly all of it natively and matches in linear time, so that
 * is the engine. Lookaround and backreferences, which a few real suites use and no
 * linear-time engine has, run on JavaScript's RegExp under a time limit instead
 * (docs/pack-format.md, "Patterns").
 */
export interface PythonPattern {
  /** `linear` (RE2) or `bounded` (backtracking, with a time limit per match). */
  readonly engine: 'linear' | 'bounded';
  test(text: string): boolean;
}

export type PythonPatternCompilation =
  | { ok: true; pattern: PythonPattern }
  | { ok: false; message: string };

const cache = new Map<string, PythonPatternCompilation>();

// Python flag letters: RE2 has i, m, s; a and u (ASCII/Unicode classes) change nothing we match.
// JavaScript's RegExp spells them the same way.
const FLAGS: Record<string, string | undefined> = { i: 'i', m: 'm', s: 's', a: '', u: '' };
const LOOKAROUND_OR_BACKREFERENCE = /\(\?<?[=!]|\(\?P=|\\[1-9]/;
// `\Z` (end of text) preceded by an even number of backslashes, i.e. not itself escaped.
const END_OF_TEXT = /(?<!\\)((?:\\\\)*)\\Z/g;

function leadingFlags(pattern: string): { body: string; flags: string } | { unsupported: string } {
  const leading = /^\(\?([aiLmsux]+)\)/.exec(pattern);
  if (!leading) return { body: pattern, flags: '' };
  let flags = '';
  for (const flag of leading[1]!) {
    const mapped = FLAGS[flag];
    if (mapped === undefined) return { unsupported: flag };
    if (!flags.includes(mapped)) flags += mapped;
  }
  return { body: pattern.slice(leading[0].length), flags };
}

function unsupportedFlag(flag: string): PythonPatternCompilation {
  return {
    ok: false,
    message: `the inline flag (?${flag}) (${flag === 'x' ? 'verbose' : 'locale'} mode) has no equivalent here`,
  };
}

function compileLinear(pattern: string): PythonPatternCompilation | undefined {
  const split = leadingFlags(pattern);
  if ('unsupported' in split) return unsupportedFlag(split.unsupported);
  const body = split.body.replace(END_OF_TEXT, '$1\\z');
  const compiled = compilePattern(split.flags ? `(?${split.flags})${body}` : body);
  if (compiled.ok) return { ok: true, pattern: { engine: 'linear', test: compiled.pattern.test } };
  if (LOOKAROUND_OR_BACKREFERENCE.test(pattern)) return undefined;
  return { ok: false, message: compiled.message };
}

function compileBounded(pattern: string): PythonPatternCompilation {
  const split = leadingFlags(pattern);
  if ('unsupported' in split) return unsupportedFlag(split.unsupported);
  const body = split.body
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, '\\k<$1>')
    .replace(/\\A/g, '^')
    .replace(END_OF_TEXT, '$1$(?![\\s\\S])');
  let regexp: RegExp;
  try {
    regexp = new RegExp(body, split.flags);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  return { ok: true, pattern: { engine: 'bounded', test: boundedRegExp(pattern, regexp) } };
}

/** Compile a suite pattern once; `ok: false` is what Python would raise `re.error` for. */
export function compilePythonPattern(pattern: string): PythonPatternCompilation {
  if (pattern.length > PATTERN_MAX_CHARS)
    return {
      ok: false,
      message: `the pattern has ${pattern.length} characters; the limit is ${PATTERN_MAX_CHARS}`,
    };
  let result = cache.get(pattern);
  if (!result) {
    result = compileLinear(pattern) ?? compileBounded(pattern);
    cache.set(pattern, result);
  }
  return result;
}

/** The compiled pattern, or undefined (the engine treats it like Python's `re.error`: no match). */
export function pythonRegex(pattern: string): PythonPattern | undefined {
  const result = compilePythonPattern(pattern);
  return result.ok ? result.pattern : undefined;
}
