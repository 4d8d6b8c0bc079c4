import { describe, expect, it } from 'vitest';
import { OperationBudget } from '../../../src/services/budget.js';
import { BudgetExhaustedError, createApiClient } from '../../../src/services/client.js';
import { serveRequest } from '../../../src/services/gateway.js';
import { replicaFor } from './builtin-seed.js';

describe('Linear calls through the gateway budget', () => {
  it('charges a multi-root query once per root field', () => {
    const budget = new OperationBudget();
    const replica = replicaFor();
    serveRequest(replica, budget, {
      method: 'POST',
      path: 'graphql',
      body: { query: '{ viewer { id } teams { nodes { id } } organization { id } }' },
    });
    expect(budget.used).toBe(3);
  });

  it('refuses the 81st operation with budget_exhausted and the client throws', async () => {
    const budget = new OperationBudget();
    const replica = replicaFor();
    const client = createApiClient((request) =>
      Promise.resolve(serveRequest(replica, budget, request)),
    );
    for (let call = 0; call < 80; call++) await client.graphql('{ viewer { id } }');
    expect(budget.used).toBe(80);
    await expect(client.graphql('{ viewer { id } }')).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(budget.exhausted).toBe(true);
  });

  it('refuses a query whose root fields do not fit the rest of the budget', () => {
    const budget = new OperationBudget(2);
    const response = serveRequest(replicaFor(), budget, {
      method: 'POST',
      path: 'graphql',
      body: { query: '{ a: viewer { id } b: viewer { id } c: viewer { id } }' },
    });
    expect(response.status).toBe(429);
    expect(response.headers['x-agentproofbench-error']).toBe('budget_exhausted');
    expect(budget.used).toBe(0);
  });
});
