import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '../../src/schema/service.js';
import { DEFAULT_OPERATION_LIMIT } from '../../src/services/budget.js';
import { MAX_RESPONSE_SIZE } from '../../src/services/limits.js';
import { MAX_DOCUMENT_TOKENS } from '../../src/services/linear/document-cache.js';
import {
  MAX_QUERY_COMPLEXITY,
  MAX_QUERY_DEPTH,
  measureQuery,
} from '../../src/services/linear/query-cost.js';
import { serviceDocs } from '../../src/services/registry.js';

/** The "## Limits" section of a service's docs. */
function limitsOf(docs: string): string {
  const start = docs.indexOf('\n## Limits\n');
  expect(start, 'the docs have a Limits section').toBeGreaterThan(0);
  const next = docs.indexOf('\n## ', start + 1);
  return docs.slice(start, next < 0 ? undefined : next);
}

describe('the limits a replica enforces are stated in the docs it serves (task.docs)', () => {
  it.each(SERVICES)(
    '%s: the operation budget and the answer size, from the constants',
    (service) => {
      const limits = limitsOf(serviceDocs(service));
      expect(limits).toContain(`**Operations**: ${DEFAULT_OPERATION_LIMIT} business operations`);
      expect(limits).toContain(`at most ${MAX_RESPONSE_SIZE} characters of JSON`);
    },
  );

  it('linear: complexity, depth and document size, and the worked example costs what it says', () => {
    const limits = limitsOf(serviceDocs('linear'));
    expect(limits).toContain(`at most ${MAX_QUERY_COMPLEXITY} points per query`);
    expect(limits).toContain(`nest at most ${MAX_QUERY_DEPTH} levels`);
    expect(limits).toContain(`at most ${MAX_DOCUMENT_TOKENS} tokens`);
    const example =
      /Example: `([^`]+)` costs [^=]+= (\d+) points and is refused; with `first: (\d+)` it costs (\d+)\./.exec(
        limits,
      );
    expect(example).not.toBeNull();
    const [, query, cost, smallerFirst, smallerCost] = example!;
    const measure = (text: string) => {
      const document = parse(`{ ${text} }`);
      const operation = document.definitions[0];
      if (operation?.kind !== 'OperationDefinition') throw new Error('not an operation');
      return measureQuery(document, operation, {}).complexity;
    };
    expect(measure(query!)).toBe(Number(cost));
    expect(Number(cost)).toBeGreaterThan(MAX_QUERY_COMPLEXITY);
    const smaller = query!.replace(/first: \d+/, `first: ${smallerFirst}`);
    expect(measure(smaller)).toBe(Number(smallerCost));
    expect(Number(smallerCost)).toBeLessThanOrEqual(MAX_QUERY_COMPLEXITY);
  });
});
