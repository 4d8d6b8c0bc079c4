import type { GraphQLSchema } from 'graphql';
import { forbiddenWrite } from '../errors.js';
import type { ResolverMap } from './context.js';

/** Every mutation the schema declares is refused: the replica is read-only and changes nothing. */
export function mutationResolvers(schema: GraphQLSchema): ResolverMap {
  const fields = schema.getMutationType()?.getFields() ?? {};
  const refusals: ResolverMap[string] = {};
  for (const name of Object.keys(fields)) {
    refusals[name] = () => {
      throw forbiddenWrite(name);
    };
  }
  return { Mutation: refusals };
}
