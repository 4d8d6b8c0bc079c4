import { describe, expect, it } from 'vitest';
import { createLinearReplica } from '../../../src/services/linear/index.js';
import { builtinState, dana, post, query, replicaFor, rowsOf } from './builtin-seed.js';

describe('createLinearReplica routing and errors', () => {
  const replica = replicaFor();

  it('serves GraphQL at graphql and /graphql alike', () => {
    const a = replica.handle({
      method: 'POST',
      path: 'graphql',
      body: { query: '{ viewer { id } }' },
    });
    const b = replica.handle({
      method: 'POST',
      path: '/graphql',
      body: { query: '{ viewer { id } }' },
    });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body).toEqual({ data: { viewer: { id: dana.id } } });
  });

  it('runs queries sent by GET with the query in the query string', () => {
    const response = replica.handle({
      method: 'GET',
      path: 'graphql',
      query: {
        query: 'query($id: String!) { user(id: $id) { name } }',
        variables: JSON.stringify({ id: dana.id }),
      },
    });
    expect(response.body).toEqual({ data: { user: { name: dana.name } } });
  });

  it('answers other paths with 404 and other methods with 405', () => {
    const missing = replica.handle({ method: 'GET', path: '/v1/issues' });
    expect(missing.status).toBe(404);
    expect(missing.body).toBe('Cannot GET /v1/issues');
    const wrongMethod = replica.handle({ method: 'DELETE', path: 'graphql' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, POST');
  });

  it('reports syntax and validation errors as graphql-js does, with HTTP 400', () => {
    const syntax = post(replica, '{ issues { nodes { id }');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0]?.message).toMatch(/^Syntax Error: Expected Name, found <EOF>/);
    expect(syntax.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    const invalid = post(replica, '{ issues { nodes { nickname } } }');
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.[0]?.message).toBe(
      'Cannot query field "nickname" on type "Issue".',
    );
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('rejects a missing query, a non-JSON body and bad variables with 400', () => {
    expect(replica.handle({ method: 'POST', path: 'graphql', body: {} }).status).toBe(400);
    expect(replica.handle({ method: 'POST', path: 'graphql', body: '{not json' }).status).toBe(400);
    const badVariable = post(replica, 'query($id: String!) { issue(id: $id) { id } }', { id: 42 });
    expect(badVariable.status).toBe(400);
    expect(badVariable.body.errors?.[0]?.message).toMatch(/Variable "\$id" got invalid value 42/);
  });

  it('answers an unknown actor with 401, as an invalid API key is', () => {
    const stranger = createLinearReplica(builtinState, { id: 'no-such-user', name: 'Nobody' });
    const response = stranger.handle({
      method: 'POST',
      path: 'graphql',
      body: { query: '{ viewer { id } }' },
    });
    expect(response.status).toBe(401);
    expect(
      (response.body as { errors: Array<{ extensions: { code: string } }> }).errors[0]?.extensions
        .code,
    ).toBe('AUTHENTICATION_ERROR');
  });

  it('never throws, whatever the request holds', () => {
    const odd = [
      { method: 'POST', path: 'graphql', body: null },
      { method: 'POST', path: 'graphql', body: { query: 7 } },
      { method: 'GET', path: '' },
    ];
    for (const request of odd) expect(() => replica.handle(request)).not.toThrow();
  });
});

describe('mutations are refused and change nothing', () => {
  const issue = rowsOf('issues')[0]!;
  const issueCount = rowsOf('issues').length;
  const mutations = [
    `mutation { issueUpdate(id: "${String(issue.id)}", input: { title: "renamed" }) { success } }`,
    `mutation { issueCreate(input: { title: "new", teamId: "${String(issue.teamId)}" }) { success issue { id } } }`,
    `mutation { commentCreate(input: { issueId: "${String(issue.id)}", body: "hi" }) { success } }`,
    `mutation { issueDelete(id: "${String(issue.id)}") { success } }`,
  ];

  it.each(mutations)('%s answers FORBIDDEN with data null', (mutation) => {
    const replica = replicaFor();
    expect(replica.isWrite({ method: 'POST', path: 'graphql', body: { query: mutation } })).toBe(
      true,
    );
    const response = post(replica, mutation);
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(
      builtinState.changedKeys('issues').size + builtinState.changedKeys('comments').size,
    ).toBe(0);
    expect(builtinState.rows('issues').length).toBe(issueCount);
    const title = query<{ issue: { title: string } }>(
      replica,
      `{ issue(id: "${String(issue.id)}") { title } }`,
    ).issue.title;
    expect(title).toBe(issue.title);
  });

  it('is not a write for queries, unknown paths or unparsable bodies', () => {
    const replica = replicaFor();
    expect(
      replica.isWrite({ method: 'POST', path: 'graphql', body: { query: '{ viewer { id } }' } }),
    ).toBe(false);
    expect(
      replica.isWrite({ method: 'POST', path: 'graphql', body: { query: 'mutation {' } }),
    ).toBe(false);
    expect(replica.isWrite({ method: 'POST', path: 'issues' })).toBe(false);
  });
});
