import { describe, expect, it } from 'vitest';
import { BoxDocs, BoxTableKeys, createBoxReplica } from '../../../src/services/box/index.js';
import { OperationBudget } from '../../../src/services/budget.js';
import { BudgetExhaustedError, createApiClient } from '../../../src/services/client.js';
import { serveRequest } from '../../../src/services/gateway.js';
import { baseState, boxSeed, call, fileNamed, folderNamed, get, marta } from './fixture.js';

const projects = folderNamed('Projects', '0');
const orchard = folderNamed('Orchard Lane Community Garden', String(projects.id));
const budgets = folderNamed('Budgets', String(orchard.id));
const costPlan = fileNamed('Orchard Lane Community Garden cost plan v2.csv', String(budgets.id));

describe('box replica routing', () => {
  it('serves the same resource with or without a leading slash, the full base URL or a query in the path', () => {
    const plain = get(`/files/${costPlan.id}`);
    expect(plain.status).toBe(200);
    expect(get(`files/${costPlan.id}`).body).toEqual(plain.body);
    expect(get(`https://api.box.com/2.0/files/${costPlan.id}/`).body).toEqual(plain.body);
    const inPath = get(`/folders/${budgets.id}/items?limit=1&offset=1`);
    const asQuery = get(`/folders/${budgets.id}/items`, { limit: 1, offset: '1' });
    expect(inPath.body).toEqual(asQuery.body);
    expect(asQuery.body.entries).toHaveLength(1);
  });

  it("answers an unknown path with Box's 404 error object", () => {
    const response = get('/widgets/12');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ type: 'error', status: 404, code: 'not_found' });
    expect(response.body.message).toContain('widgets');
    expect(typeof response.body.request_id).toBe('string');
  });

  it('answers GraphQL like Box does: there is no such endpoint', () => {
    const response = call({ method: 'POST', path: 'graphql', body: { query: '{ a b }' } });
    expect(response.status).toBe(404);
    expect(createBoxReplica(baseState, marta).isWrite({ method: 'POST', path: 'graphql' })).toBe(
      false,
    );
  });

  it('answers a method a read-only path does not support with 405', () => {
    const response = call({ method: 'PUT', path: '/search', query: { query: 'x' } });
    expect(response.status).toBe(405);
    expect(response.body).toMatchObject({ type: 'error', code: 'method_not_allowed' });
  });

  it('never throws on malformed requests', () => {
    const replica = createBoxReplica(baseState, marta);
    const odd = [
      { method: 'GET', path: '/files/%zz' },
      { method: 'BREW', path: '/files/1' },
      { method: 'GET', path: '' },
      { method: 'GET', path: '/folders/0/items', query: { limit: ['a', 'b'] } },
    ];
    for (const request of odd) {
      const response = replica.handle(request);
      expect(response.status, JSON.stringify(request)).toBeGreaterThanOrEqual(400);
      expect((response.body as { type: string }).type).toBe('error');
    }
  });
});

describe('box replica writes', () => {
  const writes = [
    { method: 'PUT', path: `/files/${costPlan.id}`, body: { name: 'renamed.csv' } },
    { method: 'DELETE', path: `/files/${costPlan.id}` },
    { method: 'POST', path: '/folders', body: { name: 'New', parent: { id: '0' } } },
    { method: 'PUT', path: `/folders/${budgets.id}`, body: { parent: { id: '0' } } },
    {
      method: 'POST',
      path: '/comments',
      body: { item: { type: 'file', id: costPlan.id }, message: 'hi' },
    },
    {
      method: 'POST',
      path: '/tasks',
      body: { item: { type: 'file', id: costPlan.id }, action: 'review' },
    },
    { method: 'POST', path: '/task_assignments', body: {} },
    { method: 'POST', path: '/files/content', body: {} },
    { method: 'POST', path: `/files/${costPlan.id}/content`, body: {} },
    { method: 'POST', path: '/hubs', body: { title: 'x' } },
    { method: 'POST', path: '/hubs/123/manage_items', body: {} },
  ];

  it.each(writes)('refuses $method $path with 403 and flags it as a write', (request) => {
    const replica = createBoxReplica(baseState, marta);
    expect(replica.isWrite(request)).toBe(true);
    const response = replica.handle(request);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      type: 'error',
      status: 403,
      code: 'access_denied_insufficient_permissions',
    });
  });

  it('changes nothing: every read answers the same after the refused writes', () => {
    const replica = createBoxReplica(baseState, marta);
    const reads = [
      `/files/${costPlan.id}`,
      `/folders/${budgets.id}/items`,
      `/files/${costPlan.id}/comments`,
      `/files/${costPlan.id}/tasks`,
      '/hubs',
    ];
    const before = reads.map((path) => replica.handle({ method: 'GET', path }).body);
    for (const request of writes) replica.handle(request);
    expect(reads.map((path) => replica.handle({ method: 'GET', path }).body)).toEqual(before);
    expect(baseState.rows('box_files')).toBe(boxSeed.tables.box_files!.rows);
  });

  it('does not count reads as writes', () => {
    const replica = createBoxReplica(baseState, marta);
    expect(replica.isWrite({ method: 'GET', path: `/files/${costPlan.id}` })).toBe(false);
    expect(replica.isWrite({ method: 'GET', path: '/search', query: { query: 'plan' } })).toBe(
      false,
    );
  });
});

describe('box replica operation budget', () => {
  it('costs one operation per call, refused writes and errors included', () => {
    const replica = createBoxReplica(baseState, marta);
    expect(
      replica.operationCost({ method: 'GET', path: '/search', query: { query: 'plan' } }),
    ).toBe(1);
    expect(replica.operationCost({ method: 'DELETE', path: `/files/${costPlan.id}` })).toBe(1);
    expect(replica.operationCost({ method: 'GET', path: '/nowhere' })).toBe(1);
  });

  it('lets 80 operations through one shared budget and refuses the 81st with budget_exhausted', async () => {
    const budget = new OperationBudget();
    const replica = createBoxReplica(baseState, marta);
    const before = createApiClient((request) =>
      Promise.resolve(serveRequest(replica, budget, request)),
    );
    const after = createApiClient((request) =>
      Promise.resolve(serveRequest(replica, budget, request)),
    );
    for (let index = 0; index < budget.limit; index++) {
      const body = (await (index % 2 === 0 ? before : after).get(`/files/${costPlan.id}`)) as {
        id: string;
      };
      expect(body.id).toBe(costPlan.id);
    }
    expect(budget.used).toBe(budget.limit);
    await expect(before.get('/users/me')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(budget.exhausted).toBe(true);
  });
});

describe('box replica exports', () => {
  it('declares a key for every table of the built-in seed', () => {
    for (const [table, { key }] of Object.entries(boxSeed.tables))
      expect(BoxTableKeys[table], table).toEqual(key);
  });

  it('documents every GET endpoint it serves', () => {
    for (const endpoint of [
      '/users/me',
      '/folders/{folder_id}/items',
      '/files/{file_id}/content',
      '/files/{file_id}/versions',
      '/search',
      '/hub_items',
      '/tasks/{task_id}/assignments',
    ]) {
      expect(BoxDocs).toContain(`GET ${endpoint}`);
    }
    expect(BoxDocs).toContain('content-transfer-encoding: base64');
  });
});
