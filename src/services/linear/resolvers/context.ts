import type { GraphQLFieldResolver } from 'graphql';
import type { Row } from '../../../schema/json.js';
import { memoEntry } from '../../memo-entry.js';
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

// A view is one actor's view of one immutable state, and its collections (`view.issues()`,
// `view.childrenOf(id)`, ...) are built once, so the same filter over the same collection
// always selects the same rows: kept per view, collection and filter (its JSON text, as
// GraphQL coerced it), at most a bounded number per collection.
const filteredByView = new WeakMap<
  LinearView,
  WeakMap<readonly Row[], Map<string, readonly Row[]>>
>();
const MAX_FILTERS_PER_COLLECTION = 64;

function filtered(
  view: LinearView,
  entity: Entity,
  rows: readonly Row[],
  filter: Filter,
): readonly Row[] {
  const byRows = memoEntry(filteredByView, view, () => new WeakMap());
  const byFilter = memoEntry(byRows, rows, () => new Map());
  const key = `${entity}\u0000${JSON.stringify(filter)}`;
  let selected = byFilter.get(key);
  if (!selected) {
    if (byFilter.size >= MAX_FILTERS_PER_COLLECTION) byFilter.clear();
    selected = Object.freeze(rows.filter((row) => matchesFilter(view, entity, row, filter)));
    byFilter.set(key, selected);
  }
  return selected;
}

/** Filter then page a collection, as every Linear list field does. */
export function listOf(
  view: LinearView,
  entity: Entity | null,
  rows: readonly Row[],
  args: ListArgs,
): Connection {
  return paginate(entity && args.filter ? filtered(view, entity, rows, args.filter) : rows, args);
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
