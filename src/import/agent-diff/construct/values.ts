import { matchesPredicate } from '../../../reference/legacy-diff/predicate.js';
import type { LegacyPredicate } from '../../../reference/legacy-diff/spec.js';
import type { JsonValue } from '../../../schema/json.js';

const TEXT_OPERATORS = new Set([
  'contains',
  'i_contains',
  'starts_with',
  'i_starts_with',
  'ends_with',
  'i_ends_with',
  'regex',
]);

/**
 * Quoted phrases of the instruction ('…', "…", ‘…’, “…”), longest first. A straight single
 * quote opens only where no letter precedes it and closes only where none follows, and an
 * apostrophe between letters stays inside the phrase: "It's spring … she's" is no phrase,
 * 'Amara's One-Shot' is one.
 */
export function quotedPhrases(instruction: string): string[] {
  const phrases = new Set<string>();
  for (const match of instruction.matchAll(
    /(?<![\p{L}\p{N}])'((?:[^']|(?<=[\p{L}\p{N}])'(?=[\p{L}\p{N}])){1,400}?)'(?![\p{L}\p{N}])|"([^"]{1,400})"|‘([^’]{1,400})’|“([^”]{1,400})”/gu,
  )) {
    const phrase = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (phrase && phrase.trim() !== '') phrases.add(phrase);
  }
  return [...phrases].sort((a, b) => b.length - a.length);
}

/**
 * A value the predicate accepts, as an agent following the instruction would write it: the
 * literal of `eq`/`in`, otherwise the instruction's own quoted phrase when it satisfies the
 * predicate, otherwise the operand itself for the text operators. Undefined when no value can
 * be read off (a regex no quoted phrase matches, `ne`, `exists`, ...): that field is refused.
 */
export function valueSatisfying(
  predicate: LegacyPredicate,
  instruction: string,
): JsonValue | undefined {
  if ('eq' in predicate) return predicate.eq as JsonValue;
  if ('in' in predicate && Array.isArray(predicate.in)) return predicate.in[0] as JsonValue;
  // Only a predicate that asks for text (not one that only forbids a value) takes a phrase.
  const asksForText = Object.keys(predicate).some((op) => TEXT_OPERATORS.has(op));
  if (asksForText)
    for (const phrase of quotedPhrases(instruction))
      if (matchesPredicate(phrase, predicate)) return phrase;
  for (const op of [
    'contains',
    'i_contains',
    'starts_with',
    'i_starts_with',
    'ends_with',
    'i_ends_with',
  ] as const) {
    const operand = predicate[op];
    if (typeof operand === 'string' && matchesPredicate(operand, predicate)) return operand;
  }
  for (const op of ['gte', 'lte'] as const) {
    const operand = predicate[op];
    if (typeof operand === 'number') return operand;
  }
  if (typeof predicate.gt === 'number') return predicate.gt + 1;
  if (typeof predicate.lt === 'number') return predicate.lt - 1;
  return undefined;
}

/**
 * Values the predicate refuses, most plausible first: a mistaken agent's value (another row's
 * id is picked by the caller; here text and numbers). Each is checked against the predicate.
 */
export function valuesRefused(
  predicate: LegacyPredicate,
  accepted: JsonValue,
  instruction: string,
): JsonValue[] {
  const candidates: JsonValue[] = [];
  if (typeof accepted === 'string') {
    const operand = Object.values(predicate).find((value) => typeof value === 'string') as
      | string
      | undefined;
    if (operand) {
      const blanked = accepted.split(operand).join('TBD');
      candidates.push(blanked, accepted.replace(new RegExp(escapeRegExp(operand), 'gi'), 'TBD'));
    }
    candidates.push(`${accepted} (draft)`, 'TBD', `${accepted}-draft`.toLowerCase(), 'tbd');
    for (const phrase of quotedPhrases(instruction)) candidates.push(phrase);
  } else if (typeof accepted === 'number') {
    candidates.push(accepted + 1, accepted - 1, accepted + 2, 0);
  } else if (typeof accepted === 'boolean') candidates.push(!accepted);
  const seen = new Set<string>();
  return candidates.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key) || matchesPredicate(value, predicate)) return false;
    seen.add(key);
    return true;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
