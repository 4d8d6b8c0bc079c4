import { execute, type GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { ApiRequest, ApiResponse } from '../api.js';
import { checkedDocument } from './document-cache.js';
import { readGraphqlRequest } from './graphql-request.js';
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
  const context: LinearContext = { view };
  const result = execute({
    schema: linearSchema,
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
