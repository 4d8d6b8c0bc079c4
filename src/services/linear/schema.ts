import { buildSchema, type GraphQLSchema, isObjectType } from 'graphql';
import { internalError } from '../../contract/error.js';
import { commentResolvers } from './resolvers/comments.js';
import type { ResolverMap } from './resolvers/context.js';
import { issueResolvers } from './resolvers/issues.js';
import { mutationResolvers } from './resolvers/mutations.js';
import { storedOrDefaultResolvers } from './resolvers/stored-or-default.js';
import { teamResolvers } from './resolvers/teams.js';
import { organizationResolvers, userResolvers } from './resolvers/users.js';
import { workflowResolvers } from './resolvers/workflow.js';
import { DateTimeScalar, TimelessDateScalar } from './scalars.js';
import { LINEAR_SDL } from './sdl.js';

function attach(schema: GraphQLSchema, resolvers: ResolverMap): void {
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type))
      throw internalError(
        `resolver map names ${typeName}, which is not an object type of the Linear schema`,
      );
    const typeFields = type.getFields();
    for (const [fieldName, resolve] of Object.entries(fields)) {
      const field = typeFields[fieldName];
      if (!field)
        throw internalError(
          `resolver map names ${typeName}.${fieldName}, which the Linear schema lacks`,
        );
      field.resolve = resolve;
    }
  }
}

/**
 * Builds an executable schema; resolvers read the state from the context. The read replica
 * and the write model (src/services/linear/write/) share every type and read resolver and
 * differ only in what the Mutation fields do.
 */
export function buildLinearSchema(
  mutations: (schema: GraphQLSchema) => ResolverMap = mutationResolvers,
): GraphQLSchema {
  const schema = buildSchema(LINEAR_SDL);
  for (const scalar of [DateTimeScalar, TimelessDateScalar]) {
    const declared = schema.getType(scalar.name);
    if (declared && 'serialize' in declared)
      Object.assign(declared, {
        serialize: scalar.serialize,
        parseValue: scalar.parseValue,
        parseLiteral: scalar.parseLiteral,
      });
  }
  for (const resolvers of [
    issueResolvers,
    teamResolvers,
    userResolvers,
    organizationResolvers,
    workflowResolvers,
    commentResolvers,
    storedOrDefaultResolvers,
    mutations(schema),
  ]) {
    attach(schema, resolvers);
  }
  return schema;
}

let built: GraphQLSchema | undefined;

/**
 * The executable schema, built once per process on first use: a process that only plans a
 * run (and never serves a Linear call) does not pay the 60-150 ms it takes.
 */
export function linearSchema(): GraphQLSchema {
  built ??= buildLinearSchema();
  return built;
}
