import { type DocumentNode, GraphQLError, parse, validate } from 'graphql';
import { linearSchema } from './schema.js';

/** A query text parsed and validated once: a syntax error, validation errors, or a document. */
export type CheckedDocument =
  | { kind: 'syntax'; error: GraphQLError }
  | { kind: 'invalid'; document: DocumentNode; errors: readonly GraphQLError[] }
  | { kind: 'ok'; document: DocumentNode };

// Verifiers send the same few query texts thousands of times over a run; parsing and
// validating each once is most of a small query's cost. Documents are never mutated by
// graphql-js, so sharing them between evaluations is safe. Bounded so hostile verifiers
// generating unique queries cannot grow it without limit.
const MAX_ENTRIES = 1000;
/**
 * Lexical tokens one document may have: parsing stops there with a syntax error, so a
 * megabyte of braces never reaches the (recursive) parser or validation. The longest
 * query a verifier here sends has a few hundred (docs/sandbox.md, "Budgets and bounds").
 */
export const MAX_DOCUMENT_TOKENS = 10_000;
const cache = new Map<string, CheckedDocument>();

export function checkedDocument(query: string): CheckedDocument {
  const hit = cache.get(query);
  if (hit) return hit;
  let checked: CheckedDocument;
  try {
    const document = parse(query, { maxTokens: MAX_DOCUMENT_TOKENS });
    const errors = validate(linearSchema(), document);
    checked = errors.length > 0 ? { kind: 'invalid', document, errors } : { kind: 'ok', document };
  } catch (error) {
    // A stack overflow in graphql-js on a pathological document is a refusal, not a crash.
    checked = {
      kind: 'syntax',
      error:
        error instanceof GraphQLError
          ? error
          : new GraphQLError('Syntax Error: the document nests too deeply to be parsed.'),
    };
  }
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  cache.set(query, checked);
  return checked;
}
