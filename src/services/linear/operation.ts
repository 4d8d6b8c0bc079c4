import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getOperationAST,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { ApiRequest } from '../api.js';
import { checkedDocument } from './document-cache.js';
import { readGraphqlRequest } from './graphql-request.js';
import { isGraphqlPath } from './routes.js';

function parseQuietly(query: string): DocumentNode | null {
  const checked = checkedDocument(query);
  return checked.kind === 'syntax' ? null : checked.document;
}

/** The operation a GraphQL request would execute, or null when it cannot be told. */
export function requestedOperation(
  request: ApiRequest,
): { document: DocumentNode; operation: OperationDefinitionNode } | null {
  if (!isGraphqlPath(request.path)) return null;
  const { query, operationName } = readGraphqlRequest(request);
  if (query === null) return null;
  const document = parseQuietly(query);
  if (!document) return null;
  const operation = getOperationAST(document, operationName);
  return operation ? { document, operation } : null;
}

/** Root fields of a selection set, following fragment spreads and inline fragments at the root. */
export function countRootFields(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      count += countRootFields(selection.selectionSet, fragments, seen);
    else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) continue;
      count += countRootFields(fragment.selectionSet, fragments, new Set([...seen, name]));
    }
  }
  return count;
}

/** Budget cost: one per root field of the executed operation; any other request costs one. */
export function linearOperationCost(request: ApiRequest): number {
  const requested = requestedOperation(request);
  if (!requested) return 1;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of requested.document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  return Math.max(1, countRootFields(requested.operation.selectionSet, fragments));
}

/** A request is a write when the operation it would execute is a mutation (or subscription). */
export function isLinearWrite(request: ApiRequest): boolean {
  const requested = requestedOperation(request);
  return requested !== null && requested.operation.operation !== 'query';
}
