import type { GraphQLSchema } from 'graphql';
import { linearError } from '../errors.js';
import type { ResolverMap } from '../resolvers/context.js';
import { buildLinearSchema } from '../schema.js';
import { commentMutations } from './comments.js';
import type { MutationGroup } from './context.js';
import { issueMutations } from './issues.js';
import { labelMutations } from './labels.js';
import { projectMutations } from './projects.js';
import { relationMutations } from './relations.js';

/** Every mutation group the write model has. */
export const MUTATION_GROUPS: readonly MutationGroup[] = [
  issueMutations,
  commentMutations,
  labelMutations,
  relationMutations,
  projectMutations,
];

/**
 * The Mutation fields of the replica's schema: the modelled ones write; the schema's other
 * mutations (workspace administration: teams, memberships, workflow states) are refused
 * as outside the model rather than guessed at.
 */
function writeResolvers(schema: GraphQLSchema): ResolverMap {
  const modelled: ResolverMap[string] = {};
  for (const group of MUTATION_GROUPS) Object.assign(modelled, group.resolvers);
  const fields = schema.getMutationType()?.getFields() ?? {};
  const resolvers: ResolverMap[string] = {};
  for (const name of Object.keys(fields)) {
    resolvers[name] =
      modelled[name] ??
      (() => {
        throw linearError(
          'BAD_REQUEST',
          `${name} is not modelled by the Linear write model (docs/replicas.md, Write operations).`,
        );
      });
  }
  return { Mutation: resolvers };
}

let built: GraphQLSchema | undefined;

/** The executable write schema: the read schema's types and resolvers, with mutations that write. */
export function linearWriteSchema(): GraphQLSchema {
  built ??= buildLinearSchema(writeResolvers);
  return built;
}
