import { describe, expect, it } from 'vitest';
import type { Seed } from '../../src/schema/seed.js';
import { SERVICES, type Service } from '../../src/schema/service.js';
import {
  type ApiRequest,
  type ApiResponse,
  HARNESS_ERROR_HEADER,
  type Replica,
} from '../../src/services/api.js';
import { OperationBudget } from '../../src/services/budget.js';
import { deepFreeze } from '../../src/services/deep-freeze.js';
import { serveRequest } from '../../src/services/gateway.js';
import { MAX_RESPONSE_SIZE } from '../../src/services/limits.js';
import { fitsJson } from '../../src/services/response-bound.js';
import { State } from '../../src/state/state.js';
import { builtinSeed, replicaFor } from './linear/builtin-seed.js';

/** A replica of `service` whose every answer is `body`, as a real one would build it. */
function replicaAnswering(service: Service, body: unknown): Replica {
  return {
    service,
    handle: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body }),
    operationCost: () => 1,
    isWrite: () => false,
  };
}

/** 4,000 references to one 8,000-character row: small in memory, 32 MB as JSON. */
function sharedRows(): unknown[] {
  const row = { text: 'r'.repeat(8_000) };
  return Array.from({ length: 4_000 }, () => row);
}

const REQUEST: ApiRequest = { method: 'GET', path: '/list' };

describe('fitsJson', () => {
  it('agrees with JSON.stringify on small values and stops early on large ones', () => {
    const small = { a: [1, 'two', null, true, { b: 'c' }] };
    expect(fitsJson(small, JSON.stringify(small).length)).toBe(true);
    expect(fitsJson(small, 10)).toBe(false);
    // A billion characters as JSON, told without building them.
    const row = 'x'.repeat(1_000);
    const wide = Array.from({ length: 1_000_000 }, () => row);
    expect(fitsJson(wide, MAX_RESPONSE_SIZE)).toBe(false);
  });

  it('counts the frozen parts replicas share between answers as often as they appear', () => {
    const part = deepFreeze({ id: 'e1', start: { dateTime: '2026-03-02T10:00:00Z' }, n: [1, 2] });
    const answer = { items: [part, part, { ...part, extra: true }], nested: { part } };
    const exact = JSON.stringify(answer).length;
    expect(fitsJson(answer, exact)).toBe(true);
    expect(fitsJson(answer, exact - 1)).toBe(false);
    // Asked again (the frozen part's count now remembered), the same answers.
    expect(fitsJson(answer, exact)).toBe(true);
    expect(fitsJson(answer, exact - 1)).toBe(false);
    const row = deepFreeze({ text: 'r'.repeat(8_000) });
    expect(
      fitsJson(
        Array.from({ length: 4_000 }, () => row),
        MAX_RESPONSE_SIZE,
      ),
    ).toBe(false);
  });
});

describe('the bound on replica answers', () => {
  it.each(SERVICES)(
    '%s: an oversized answer becomes the service’s error, flagged by the harness',
    (service) => {
      const budget = new OperationBudget(5);
      const response = serveRequest(replicaAnswering(service, sharedRows()), budget, REQUEST);
      expect(response.headers[HARNESS_ERROR_HEADER]).toBe('response_too_large');
      expect(JSON.stringify(response).length).toBeLessThan(2_000);
      expect(budget.used).toBe(1);
      const message = expect.stringMatching(/^The response would exceed 16777216 characters/);
      const expected: Record<Service, { status: number; body: unknown }> = {
        linear: {
          status: 500,
          body: {
            errors: [
              { message, extensions: { code: 'RESPONSE_TOO_LARGE', type: 'graphql error' } },
            ],
          },
        },
        slack: { status: 200, body: { ok: false, error: 'response_too_large', detail: message } },
        box: {
          status: 500,
          body: { type: 'error', status: 500, code: 'response_too_large', message },
        },
        calendar: {
          status: 500,
          body: {
            error: { code: 500, message, errors: [{ reason: 'responseTooLarge', message }] },
          },
        },
      };
      expect(response).toMatchObject(expected[service]);
    },
  );

  it('passes an answer under the bound through as a copy the verifier may keep', () => {
    const body = { rows: [{ id: 1, text: 'short' }] };
    const response = serveRequest(replicaAnswering('slack', body), new OperationBudget(), REQUEST);
    expect(response.body).toEqual(body);
    expect(response.body).not.toBe(body);
  });

  it('holds for the real Linear replica over rows too large to list in one page', () => {
    const seed: Seed = structuredClone(builtinSeed);
    for (const row of seed.tables.issues!.rows) row.description = 'd'.repeat(200_000);
    const replica = replicaFor(undefined, State.fromSeed(seed));
    const ask = (first: number): ApiResponse =>
      serveRequest(replica, new OperationBudget(), {
        method: 'POST',
        path: 'graphql',
        body: { query: `{ issues(first: ${first}) { nodes { id description } } }` },
      });
    const page = ask(10);
    expect(page.status).toBe(200);
    expect(
      (page.body as { data: { issues: { nodes: unknown[] } } }).data.issues.nodes,
    ).toHaveLength(10);
    const everything = ask(250);
    expect(everything.status).toBe(500);
    expect(everything.headers[HARNESS_ERROR_HEADER]).toBe('response_too_large');
    expect(everything.body).toMatchObject({
      errors: [{ extensions: { code: 'RESPONSE_TOO_LARGE' } }],
    });
  });
});
