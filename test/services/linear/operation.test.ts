import { describe, expect, it } from 'vitest';
import { linearOperationCost } from '../../../src/services/linear/operation.js';

const cost = (query: string, operationName?: string) =>
  linearOperationCost({ method: 'POST', path: 'graphql', body: { query, operationName } });

describe('linearOperationCost', () => {
  it('charges one per root field of the executed operation', () => {
    expect(cost('{ viewer { id } }')).toBe(1);
    expect(
      cost('{ a: issue(id: "X") { id } b: issue(id: "Y") { id } teams { nodes { id } } }'),
    ).toBe(3);
  });

  it('counts root fields reached through fragments and inline fragments', () => {
    expect(
      cost(
        'query { viewer { id } ...Roots ... on Query { organization { id } } } fragment Roots on Query { teams { nodes { id } } users { nodes { id } } }',
      ),
    ).toBe(4);
  });

  it('counts only the operation named by operationName', () => {
    const document =
      'query One { viewer { id } } query Three { a: viewer { id } b: viewer { id } c: viewer { id } }';
    expect(cost(document, 'Three')).toBe(3);
    expect(cost(document, 'One')).toBe(1);
  });

  it('charges one for anything it cannot read as an operation', () => {
    expect(cost('{ broken')).toBe(1);
    expect(linearOperationCost({ method: 'GET', path: 'v1/teams' })).toBe(1);
  });
});
