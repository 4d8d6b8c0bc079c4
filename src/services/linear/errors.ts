import { GraphQLError } from 'graphql';

/** Extension codes Linear puts on GraphQL errors (`errors[].extensions.code`). */
export type LinearErrorCode =
  | 'FORBIDDEN'
  | 'INVALID_INPUT'
  | 'ENTITY_NOT_FOUND'
  | 'AUTHENTICATION_ERROR'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'BAD_REQUEST';

const TYPES: Record<LinearErrorCode, string> = {
  FORBIDDEN: 'forbidden',
  INVALID_INPUT: 'invalid input',
  ENTITY_NOT_FOUND: 'invalid input',
  AUTHENTICATION_ERROR: 'authentication error',
  GRAPHQL_VALIDATION_FAILED: 'graphql error',
  BAD_REQUEST: 'graphql error',
};

/** An error thrown from a resolver, shaped like Linear's (type, code, userPresentableMessage). */
export function linearError(
  code: LinearErrorCode,
  message: string,
  userPresentableMessage: string = message,
): GraphQLError {
  return new GraphQLError(message, {
    extensions: {
      type: TYPES[code],
      code,
      statusCode: code === 'FORBIDDEN' ? 403 : 400,
      userError: true,
      userPresentableMessage,
    },
  });
}

/** Linear's answer to a lookup of an id the actor cannot see or that does not exist. */
export function entityNotFound(entity: string): GraphQLError {
  return linearError(
    'ENTITY_NOT_FOUND',
    `Entity not found: ${entity}`,
    `Could not find referenced ${entity}.`,
  );
}

/** The refusal every mutation gets: the replica is read-only for the verifier's actor. */
export function forbiddenWrite(field: string): GraphQLError {
  return linearError(
    'FORBIDDEN',
    `Forbidden: ${field} is not allowed with a read-only API key`,
    'You do not have permission to perform this action.',
  );
}
