import {
  type DocumentNode,
  execute,
  type GraphQLError,
  type GraphQLFormattedError,
  getOperationAST,
} from 'graphql';
import type { ApiRequest, ApiResponse } from '../api.js';
import { checkedDocument } from './document-cache.js';
import { readGraphqlRequest } from './graphql-request.js';
import { MAX_QUERY_COMPLEXITY, MAX_QUERY_DEPTH, measureQuery } from './query-cost.js';
import type { LinearContext } from './resolvers/context.js';
import { linearSchema } from './schema.js';
import type { LinearView } from './view.js';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

function answer(status: number, body: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { ...JSON_HEADERS, ...headers }, body };
}

/** A request-level error (before execution), shaped as Linear's gateway answers one. */
export function requestError(
  status: number,
  code: string,
  message: string,
  type = 'graphql error',
): ApiResponse {
  return answer(status, {
    errors: [
      { message, extensions: { code, type, userError: true, userPresentableMessage: message } },
    ],
  });
}

function withCode(error: GraphQLError, code: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  return {
    ...formatted,
    extensions: { code, type: 'graphql error', userError: true, ...formatted.extensions },
  };
}

/**
 * Refuse an operation that is too deep or too complex before it runs, as Linear refuses
 * queries over its complexity ceiling: one query must not build millions of objects on
 * the host (docs/sandbox.md, "Budgets and bounds").
 */
function refuseCostly(
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown> | undefined,
): ApiResponse | undefined {
  const operation = getOperationAST(document, operationName);
  // No such operation: execution answers that itself.
  if (!operation) return undefined;
  let measured: { complexity: number; depth: number };
  try {
    measured = measureQuery(document, operation, variables);
  } catch {
    // Only a document too convoluted to walk gets here (a stack overflow).
    measured = { complexity: Number.POSITIVE_INFINITY, depth: Number.POSITIVE_INFINITY };
  }
  if (measured.depth > MAX_QUERY_DEPTH) {
    return requestError(
      400,
      'QUERY_TOO_DEEP',
      `Query too deep: fields nest more than ${MAX_QUERY_DEPTH} levels. Split it into several queries.`,
    );
  }
  if (measured.complexity > MAX_QUERY_COMPLEXITY) {
    const points = Number.isFinite(measured.complexity) ? String(measured.complexity) : 'unbounded';
    return requestError(
      400,
      'QUERY_TOO_COMPLEX',
      `Query too complex: complexity ${points} exceeds the maximum of ${MAX_QUERY_COMPLEXITY}. Ask for fewer nodes (a smaller \`first\`) or fewer nested connections.`,
    );
  }
  return undefined;
}

/** Parse, validate and execute one GraphQL request against the actor's view; never throws. */
export function executeGraphql(request: ApiRequest, view: LinearView): ApiResponse {
  const { query, variables, operationName, problem } = readGraphqlRequest(request);
  if (problem) return requestError(400, 'BAD_REQUEST', problem);
  if (query === null) {
    return requestError(
      400,
      'BAD_REQUEST',
      'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.',
    );
  }
  const checked = checkedDocument(query);
  if (checked.kind === 'syntax') {
    return answer(400, { errors: [withCode(checked.error, 'GRAPHQL_PARSE_FAILED')] });
  }
  if (checked.kind === 'invalid') {
    return answer(400, {
      errors: checked.errors.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED')),
    });
  }
  const { document } = checked;
  const refused = refuseCostly(document, operationName, variables);
  if (refused) return refused;
  const context: LinearContext = { view };
  const result = execute({
    schema: linearSchema(),
    document,
    variableValues: variables,
    operationName,
    contextValue: context,
  });
  if (result instanceof Promise) {
    // Every resolver is synchronous; a promise here is a replica bug, reported as a server error.
    result.catch(() => undefined);
    return requestError(
      500,
      'INTERNAL_SERVER_ERROR',
      'The Linear replica produced an asynchronous result.',
    );
  }
  // No `data` at all: the request failed before execution (bad variables, unknown operation name).
  if (!('data' in result) || result.data === undefined) {
    return answer(400, {
      errors: (result.errors ?? []).map((error) => withCode(error, 'BAD_USER_INPUT')),
    });
  }
  const body: Record<string, unknown> = { data: result.data };
  if (result.errors && result.errors.length > 0)
    body.errors = result.errors.map((error) => withCode(error, 'INTERNAL_SERVER_ERROR'));
  return answer(200, body);
}
