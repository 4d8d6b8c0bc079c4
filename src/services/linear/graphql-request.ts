import type { ApiRequest } from '../api.js';

/** The GraphQL operation a request carries (POST JSON body, or GET query parameters). */
export interface GraphqlRequest {
  query: string | null;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
  /** Why the request could not be read as GraphQL, for a 400 answer. */
  problem?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseVariables(raw: unknown): { variables?: Record<string, unknown>; problem?: string } {
  if (raw === undefined || raw === null || raw === '') return {};
  if (isRecord(raw)) return { variables: raw };
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return { variables: parsed };
    } catch {
      // fall through to the problem below
    }
  }
  return { problem: '`variables` must be a JSON object.' };
}

export function readGraphqlRequest(request: ApiRequest): GraphqlRequest {
  let source: Record<string, unknown> = {};
  if (request.method.toUpperCase() === 'GET') {
    source = { ...(request.query ?? {}) };
  } else if (typeof request.body === 'string') {
    try {
      const parsed: unknown = JSON.parse(request.body);
      if (isRecord(parsed)) source = parsed;
    } catch {
      return {
        query: null,
        variables: undefined,
        operationName: undefined,
        problem: 'POST body is not valid JSON.',
      };
    }
  } else if (isRecord(request.body)) {
    source = request.body;
  }
  const { variables, problem } = parseVariables(source.variables);
  const operationName =
    typeof source.operationName === 'string' && source.operationName !== ''
      ? source.operationName
      : undefined;
  const query =
    typeof source.query === 'string' && source.query.trim() !== '' ? source.query : null;
  return problem
    ? { query, variables, operationName, problem }
    : { query, variables, operationName };
}
