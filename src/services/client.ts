// The four methods every verifier gets (docs/benchmark.md, Verifier). Self-contained on purpose: the
// sandbox bundles this file into each isolate, so it may import nothing at run time.
import type { ApiRequest, ApiResponse, QueryValue } from './api.js';

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiClient {
  /** Any method and path; resolves to the full response (status, headers, body). */
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** GET; resolves to the parsed body, whatever the status (errors are bodies, as on the wire). */
  get(path: string, query?: Record<string, QueryValue>): Promise<unknown>;
  /** POST with a JSON body; resolves to the parsed body. */
  post(path: string, body?: unknown): Promise<unknown>;
  /** POST to the service's GraphQL endpoint; resolves to `{data, errors}`. */
  graphql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
}

export type Transport = (request: ApiRequest) => Promise<ApiResponse>;

/** Thrown into the verifier when the operation budget is gone; its evaluation is Error `budget`. */
export class BudgetExhaustedError extends Error {
  readonly code = 'budget_exhausted';
  constructor(message: string) {
    super(message);
    this.name = 'BudgetExhaustedError';
  }
}

export function createApiClient(transport: Transport): ApiClient {
  const request = async (
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse> => {
    const response = await transport({
      method,
      path,
      query: options.query,
      body: options.body,
      headers: options.headers,
    });
    if (response.headers['x-agentproofbench-error'] === 'budget_exhausted') {
      const body = response.body as { message?: string } | null;
      throw new BudgetExhaustedError(body?.message ?? 'operation budget exhausted');
    }
    return response;
  };
  return {
    request,
    get: async (path, query) => (await request('GET', path, { query })).body,
    post: async (path, body) => (await request('POST', path, { body })).body,
    graphql: async (query, variables) =>
      (await request('POST', 'graphql', { body: { query, variables } })).body,
  };
}
