import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_TOKENS } from '../../../src/services/linear/document-cache.js';
import { linearOperationCost } from '../../../src/services/linear/operation.js';
import {
  MAX_QUERY_COMPLEXITY,
  MAX_QUERY_DEPTH,
  measureQuery,
} from '../../../src/services/linear/query-cost.js';
import { post, replicaFor, rowsOf } from './builtin-seed.js';

const measure = (query: string, variables?: Record<string, unknown>) => {
  const document = parse(query);
  return measureQuery(document, getOperationAST(document)!, variables);
};

/** `levels` fragments, each spreading the next twice: 2^levels expansions, `levels` fragments. */
function fragmentBomb(levels: number): string {
  const parts = ['query Bomb { ...F0 }'];
  for (let level = 0; level < levels; level += 1)
    parts.push(`fragment F${level} on Query { ...F${level + 1} ...F${level + 1} }`);
  parts.push(`fragment F${levels} on Query { issues(first: 1) { nodes { id } } }`);
  return parts.join('\n');
}

/** `issues(first: 1000)` nested `levels` deep through `team { issues }`. */
function nestedIssues(levels: number, first = 1000): string {
  let query = `issues(first: ${first}) { nodes { id title } }`;
  for (let level = 1; level < levels; level += 1)
    query = `issues(first: ${first}) { nodes { id team { ${query} } } }`;
  return `{ ${query} }`;
}

/** `viewer { teams { nodes {` then `levels` times `issues(first: 1) { nodes { team {`: 3 fields deeper per level. */
function deepQuery(levels: number): string {
  const open = 'issues(first: 1) { nodes { team { '.repeat(levels);
  return `{ viewer { teams(first: 1) { nodes { ${open}id${' } } }'.repeat(levels)} } } } }`;
}

describe('measureQuery (Linear-style complexity and depth)', () => {
  it('weighs a property 0.1, an object 1, and multiplies a connection by its page size', () => {
    // 1 object + 1 property, rounded up.
    expect(measure('{ viewer { id } }')).toEqual({ complexity: 2, depth: 2 });
    // 10 nodes of (1 object + 2 properties).
    expect(measure('{ issues(first: 10) { nodes { id title } } }').complexity).toBe(12);
    // No page size: Linear's default of 50.
    expect(measure('{ issues { nodes { id } } }').complexity).toBe(55);
    // `last` counts like `first`; a variable is read from the request, else its default.
    expect(measure('{ issues(last: 4) { nodes { id } } }').complexity).toBe(5);
    const byVariable = 'query ($n: Int = 2) { issues(first: $n) { nodes { id } } }';
    expect(measure(byVariable, { n: 20 }).complexity).toBe(22);
    expect(measure(byVariable).complexity).toBe(3);
  });

  it('multiplies nested connections, as one query fanning out over teams and issues', () => {
    expect(measure(nestedIssues(2, 10)).complexity).toBe(10 * (1 + 0.1 + 1 + 10 * 1.2));
    expect(measure(nestedIssues(4)).complexity).toBeGreaterThan(1e12);
  });

  it('measures a fragment once however often it is spread', () => {
    const measured = measure(fragmentBomb(300));
    expect(measured.complexity).toBeGreaterThan(MAX_QUERY_COMPLEXITY);
    expect(measured.depth).toBe(3);
  });

  it('counts depth through fragments and stops counting past the limit', () => {
    expect(measure(deepQuery(40)).depth).toBe(MAX_QUERY_DEPTH + 1);
    expect(measure(deepQuery(2)).depth).toBe(10);
    const viaFragment =
      'query { ...Deep } fragment Deep on Query { viewer { teams { nodes { issues { nodes { id } } } } } }';
    expect(measure(viaFragment).depth).toBe(6);
  });
});

describe('linearOperationCost on fragment-heavy documents', () => {
  it('charges the distinct root fields graphql-js executes, without expanding spreads', () => {
    const cost = (query: string) =>
      linearOperationCost({ method: 'POST', path: 'graphql', body: { query } });
    // 2^40 expansions of one root field `issues`: one operation, answered at once.
    expect(cost(fragmentBomb(40))).toBe(1);
    expect(
      cost(
        'query { a: viewer { id } ...A ...B } fragment A on Query { a: viewer { id } b: viewer { id } } fragment B on Query { ...A c: viewer { id } }',
      ),
    ).toBe(3);
  });

  it('terminates on fragment cycles (which validation then refuses)', () => {
    expect(
      linearOperationCost({
        method: 'POST',
        path: 'graphql',
        body: {
          query:
            'query { ...A } fragment A on Query { viewer { id } ...B } fragment B on Query { ...A }',
        },
      }),
    ).toBe(1);
  });
});

describe('the Linear replica refuses costly documents with GraphQL errors', () => {
  const replica = replicaFor();
  const codeOf = (response: ReturnType<typeof post>) => response.body.errors?.[0]?.extensions?.code;

  it('refuses a query over the complexity ceiling before running it', () => {
    const response = post(replica, nestedIssues(4));
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(codeOf(response)).toBe('QUERY_TOO_COMPLEX');
    expect(response.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^Query too complex: complexity \d+ exceeds the maximum of 10000\. Ask for fewer nodes/,
      ),
      extensions: { type: 'graphql error', userError: true },
    });
  });

  it('refuses the fragment bomb as too complex and still answers the same fanout written plainly', () => {
    expect(codeOf(post(replica, fragmentBomb(30)))).toBe('QUERY_TOO_COMPLEX');
    const plain = post(replica, nestedIssues(2, 5));
    expect(plain.status).toBe(200);
    expect((plain.body.data!.issues as { nodes: unknown[] }).nodes.length).toBe(
      Math.min(5, rowsOf('issues').filter((row) => row.archivedAt == null).length),
    );
  });

  it('refuses fragment cycles with a validation error', () => {
    const response = post(
      replica,
      'query { ...A } fragment A on Query { viewer { id } ...B } fragment B on Query { ...A }',
    );
    expect(response.status).toBe(400);
    expect(codeOf(response)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(response.body.errors?.[0]?.message).toMatch(/Cannot spread fragment "A" within itself/);
  });

  it('refuses a query nested deeper than the limit', () => {
    expect(post(replica, deepQuery(2)).status).toBe(200);
    const response = post(replica, deepQuery(3));
    expect(response.status).toBe(400);
    expect(codeOf(response)).toBe('QUERY_TOO_DEEP');
  });

  it('stops parsing a document past its token limit with a syntax error', () => {
    const huge = `{ ${'viewer { id } '.repeat(MAX_DOCUMENT_TOKENS)} }`;
    const response = post(replica, huge);
    expect(response.status).toBe(400);
    expect(codeOf(response)).toBe('GRAPHQL_PARSE_FAILED');
    expect(response.body.errors?.[0]?.message).toMatch(/tokens/);
  });
});
