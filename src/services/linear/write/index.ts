import { execute, type GraphQLError, type GraphQLFormattedError, getOperationAST } from 'graphql';
import type { Actor } from '../../../schema/task.js';
import type { State } from '../../../state/state.js';
import type { ApiRequest } from '../../api.js';
import type { WriteEnvironment, WriteModel, WriteResult } from '../../write-model.js';
import { checkedDocument } from '../document-cache.js';
import { readGraphqlRequest } from '../graphql-request.js';
import { actorRow } from '../permissions.js';
import { isGraphqlPath, normalisePath } from '../routes.js';
import { LinearView } from '../view.js';
import type { WriteContext } from './context.js';
import { linearWriteSchema, MUTATION_GROUPS } from './schema.js';

function refused(status: number, body: unknown, summary: string): WriteResult {
  return { ok: false, refusal: { status, body, summary } };
}

/** A refusal before execution, in the shape the read replica's gateway answers with. */
function requestRefusal(
  status: number,
  code: string,
  message: string,
  type = 'graphql error',
): WriteResult {
  return refused(
    status,
    {
      errors: [
        { message, extensions: { code, type, userError: true, userPresentableMessage: message } },
      ],
    },
    `${status} ${code}: ${message}`,
  );
}

function formatted(error: GraphQLError, fallbackCode: string): GraphQLFormattedError {
  const json = error.toJSON();
  const extensions = json.extensions ?? {};
  if (typeof extensions.code === 'string') return json;
  return {
    ...json,
    extensions: {
      code: fallbackCode,
      type: 'graphql error',
      userError: fallbackCode !== 'INTERNAL_SERVER_ERROR',
      userPresentableMessage: json.message,
      ...extensions,
    },
  };
}

function summaryOf(errors: readonly GraphQLFormattedError[]): string {
  const first = errors[0];
  return first ? `${String(first.extensions?.code ?? 'ERROR')}: ${first.message}` : 'error';
}

function run(state: State, actor: Actor, request: ApiRequest, env: WriteEnvironment): WriteResult {
  if (!isGraphqlPath(request.path))
    return refused(
      404,
      `Cannot ${request.method.toUpperCase()} /${normalisePath(request.path)}`,
      `404 not found: /${normalisePath(request.path)}`,
    );
  if (request.method.toUpperCase() !== 'POST')
    return requestRefusal(
      405,
      'METHOD_NOT_ALLOWED',
      `${request.method.toUpperCase()} cannot carry a mutation; use POST.`,
    );
  const user = actorRow(state, actor.id);
  if (!user || user.active === false)
    return requestRefusal(
      401,
      'AUTHENTICATION_ERROR',
      'Authentication required, not authenticated',
      'authentication error',
    );
  const { query, variables, operationName, problem } = readGraphqlRequest(request);
  if (problem) return requestRefusal(400, 'BAD_REQUEST', problem);
  if (query === null)
    return requestRefusal(
      400,
      'BAD_REQUEST',
      'GraphQL operations must contain a non-empty `query`.',
    );
  const checked = checkedDocument(query);
  if (checked.kind === 'syntax') {
    const errors = [formatted(checked.error, 'GRAPHQL_PARSE_FAILED')];
    return refused(400, { errors }, summaryOf(errors));
  }
  if (checked.kind === 'invalid') {
    const errors = checked.errors.map((error) => formatted(error, 'GRAPHQL_VALIDATION_FAILED'));
    return refused(400, { errors }, summaryOf(errors));
  }
  const context: WriteContext = {
    view: new LinearView(state, actor.id),
    state,
    actor,
    env,
    patch: [],
  };
  const result = execute({
    schema: linearWriteSchema(),
    document: checked.document,
    variableValues: variables,
    operationName,
    contextValue: context,
  });
  if (result instanceof Promise) {
    result.catch(() => undefined);
    return requestRefusal(
      500,
      'INTERNAL_SERVER_ERROR',
      'The Linear write model produced an asynchronous result.',
    );
  }
  if (!('data' in result) || result.data === undefined) {
    // Bad variables or an unknown operation name: the request failed before execution.
    const errors = (result.errors ?? []).map((error) => formatted(error, 'BAD_USER_INPUT'));
    return refused(400, { errors }, summaryOf(errors));
  }
  if (result.errors && result.errors.length > 0) {
    // One refused root field refuses the whole call: nothing it wrote is kept.
    const errors = result.errors.map((error) => formatted(error, 'INTERNAL_SERVER_ERROR'));
    const internal = errors.some((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR');
    return refused(internal ? 500 : 200, { data: null, errors }, summaryOf(errors));
  }
  const operation = getOperationAST(checked.document, operationName);
  return {
    ok: true,
    patch: operation?.operation === 'mutation' ? context.patch : [],
    status: 200,
    response: { data: result.data },
  };
}

/**
 * Linear's write side (docs/replicas.md, "Linear write operations"): GraphQL mutations parsed,
 * validated and executed with graphql-js against the replica's schema; each root field runs
 * in order on the state the previous one left, and its payload selection is answered from
 * that state.
 */
export const linearWriteModel: WriteModel = {
  service: 'linear',
  operations: MUTATION_GROUPS.flatMap((group) => group.operations),
  apply(state, actor, request, env) {
    try {
      return run(state, actor, request, env);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return requestRefusal(500, 'INTERNAL_SERVER_ERROR', message);
    }
  },
};
