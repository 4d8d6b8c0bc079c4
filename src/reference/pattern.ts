import { RE2JS } from 're2js';
import { AgentProofBenchError } from '../contract/error.js';

/**
 * Regular expressions written in packs (the `regex` operator) run on RE2 (the re2js port:
 * pure JavaScript, no native build), whose matching time is linear in the input: no pattern
 * can make validation or a run hang, as a backtracking engine does on `^(a|a?)+$`. The price
 * is RE2's syntax: no lookaround and no backreferences (docs/pack-format.md, "Patterns").
 */
export interface PackPattern {
  readonly source: string;
  test(text: string): boolean;
}

export type PatternCompilation =
  | { ok: true; pattern: PackPattern }
  | { ok: false; source: string; message: string };

/** A pattern the loader would have refused; thrown only when a reference was never validated. */
export class InvalidPatternError extends AgentProofBenchError {
  constructor(source: string, message: string) {
    super(
      'APB_INVALID_PATTERN',
      `regular expression ${JSON.stringify(source)} is not valid RE2 syntax: ${message}`,
      { fix: 'rewrite it without lookaround or backreferences (docs/pack-format.md, "Patterns")' },
    );
    this.name = 'InvalidPatternError';
  }
}

const compiled = new Map<string, PatternCompilation>();
const MAX_CACHED = 4096;
/** Compiling costs time and memory in proportion to the pattern; real ones are a few hundred characters. */
export const PATTERN_MAX_CHARS = 10_000;

/** Compile once per distinct source (patterns are few; the cache is bounded anyway). */
export function compilePattern(source: string): PatternCompilation {
  let result = compiled.get(source);
  if (result) return result;
  if (source.length > PATTERN_MAX_CHARS)
    return {
      ok: false,
      source: source.slice(0, 80),
      message: `the pattern has ${source.length} characters; the limit is ${PATTERN_MAX_CHARS}`,
    };
  try {
    const re2 = RE2JS.compile(source);
    result = { ok: true, pattern: { source, test: (text) => re2.test(text) } };
  } catch (error) {
    const message = (error as Error).message.replace(/^error parsing regexp: /, '');
    result = { ok: false, source, message };
  }
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(source, result);
  return result;
}

/** The compiled pattern, or an InvalidPatternError. */
export function packPattern(source: string): PackPattern {
  const result = compilePattern(source);
  if (!result.ok) throw new InvalidPatternError(source, result.message);
  return result.pattern;
}
