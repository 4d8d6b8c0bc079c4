import type { GraphQLFieldResolver } from 'graphql';
import type { Row } from '../../../schema/json.js';
import { entityNotFound } from '../errors.js';
import { type Entity, type Filter, matchesFilter } from '../filters.js';
import { type Connection, type PagingArgs, paginate } from '../paging.js';
import type { LinearView } from '../view.js';

/** What every resolver receives: the actor's view of the state being read. */
export interface LinearContext {
  view: LinearView;
}

export type ListArgs = PagingArgs & { filter?: Filter | null };
// biome-ignore lint/suspicious/noExplicitAny: graphql-js passes coerced arguments untyped.
export type Resolver = GraphQLFieldResolver<any, LinearContext, any>;
export type ResolverMap = Record<string, Record<string, Resolver>>;

/** Filter then page a collection, as every Linear list field does. */
export function listOf(
  view: LinearView,
  entity: Entity | null,
  rows: readonly Row[],
  args: ListArgs,
): Connection {
  const filtered =
    entity && args.filter
      ? rows.filter((row) => matchesFilter(view, entity, row, args.filter))
      : rows;
  return paginate(filtered, args);
}

/** A to-one link through an id column; missing or invisible targets read as null. */
export function linked(
  row: Row,
  column: string,
  lookup: (id: string) => Row | undefined,
): Row | null {
  const id = row[column];
  return typeof id === 'string' ? (lookup(id) ?? null) : null;
}

/** A lookup's row, or Linear's "Entity not found" error (thrown synchronously so execution stays synchronous). */
export function found(row: Row | undefined, entity: string): Row {
  if (row === undefined) throw entityNotFound(entity);
  return row;
}
